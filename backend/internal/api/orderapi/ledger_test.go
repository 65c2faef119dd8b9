package orderapi_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/api/adminstockapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestStockLedgerInvariant runs a random mix of sales, refused sales,
// cancellations, expiries, admin adjustments and an unexplained console
// UPDATE, then checks each product's stock is the sum of its ledger rows and
// that the ledger's sales and returns match the orders line for line.
func TestStockLedgerInvariant(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.orders.WithLimits(noLimits)
	adminSvc := adminstockapi.New(catalogue.New(b.pool))
	var adminID int64
	if err := b.pool.QueryRow(context.Background(), `INSERT INTO users (issuer, subject, email, full_name)
		VALUES ('https://test', 'admin', 'admin@example.com', 'Admin') RETURNING id`).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	adminCtx := auth.WithPrincipal(context.Background(), auth.Principal{UserID: adminID, Email: "admin@example.com", Role: auth.RoleAdmin})
	shoppers := []context.Context{b.shopper(t, "ana"), b.shopper(t, "bruno"), b.shopper(t, "carla")}
	methods := []saboresv1.PaymentMethod{card, transfer, saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY}
	reasons := []saboresv1.StockAdjustmentReason{
		saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_RECEIPT,
		saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_COUNT,
		saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_DAMAGE,
		saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_RETURN,
		saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_STORE_SALE,
	}
	rng := rand.New(rand.NewPCG(13, 70))
	type placed struct {
		ctx context.Context
		id  int64
	}
	var orders []placed
	clock := time.Now()
	for range 300 {
		switch op := rng.IntN(10); {
		case op < 5: // a sale, refused when the stock has run out
			ctx := shoppers[rng.IntN(len(shoppers))]
			lines := []*saboresv1.CartLineInput{line(1, int32(1+rng.IntN(3)))}
			if rng.IntN(2) == 0 {
				lines = append(lines, line(2, int32(1+rng.IntN(6))))
			}
			res, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), methods[rng.IntN(len(methods))], lines...))
			if err == nil {
				orders = append(orders, placed{ctx, res.Msg.GetOrder().GetId()})
			} else if code := connecttest.Code(err); code != connect.CodeFailedPrecondition {
				t.Fatalf("place: %v", err)
			}
		case op < 7 && len(orders) > 0: // a shopper cancels, maybe twice
			o := orders[rng.IntN(len(orders))]
			_, err := b.svc.CancelMyOrder(o.ctx, connect.NewRequest(&saboresv1.CancelMyOrderRequest{Id: o.id}))
			if err != nil && connecttest.Code(err) != connect.CodeFailedPrecondition {
				t.Fatalf("cancel %d: %v", o.id, err)
			}
		case op < 8: // an admin adjusts with a reason
			req := &saboresv1.AdjustStockRequest{ProductId: int64(1 + rng.IntN(3)), Reason: reasons[rng.IntN(len(reasons))]}
			if rng.IntN(3) == 0 {
				req.Change = &saboresv1.AdjustStockRequest_Stock{Stock: int32(rng.IntN(30))}
			} else {
				req.Change = &saboresv1.AdjustStockRequest_Delta{Delta: int32(rng.IntN(21) - 10)}
			}
			if _, err := adminSvc.AdjustStock(adminCtx, connect.NewRequest(req)); err != nil && connecttest.Code(err) != connect.CodeFailedPrecondition {
				t.Fatalf("adjust %v: %v", req, err)
			}
		case op < 9: // time passes and unpaid orders expire
			clock = clock.Add(time.Duration(rng.IntN(120)) * time.Minute)
			if _, err := order.ExpireUnpaid(context.Background(), b.pool, order.DefaultPaymentWindows(), clock, nil); err != nil {
				t.Fatal(err)
			}
		default: // somebody fixes a figure straight in the database
			exec(t, b.pool, `UPDATE products SET stock = stock + 1 WHERE id = 3`)
		}
	}

	if n := b.ledgerMismatches(t); n != 0 {
		t.Errorf("%d products whose stock is not the sum of their ledger", n)
	}
	var sold, returned, soldLedger, returnedLedger int64
	if err := b.pool.QueryRow(context.Background(), `
		SELECT (SELECT coalesce(sum(quantity), 0) FROM order_lines),
		       (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status = 'cancelled'),
		       (SELECT coalesce(-sum(delta), 0) FROM stock_movements WHERE kind = 'sale'),
		       (SELECT coalesce(sum(delta), 0) FROM stock_movements WHERE kind IN ('cancellation', 'expiry'))`,
	).Scan(&sold, &returned, &soldLedger, &returnedLedger); err != nil {
		t.Fatal(err)
	}
	if sold == 0 || returned == 0 {
		t.Fatalf("the mix sold %d and returned %d units: too tame to prove anything", sold, returned)
	}
	if sold != soldLedger || returned != returnedLedger {
		t.Errorf("orders sold %d and returned %d units; the ledger says %d and %d", sold, returned, soldLedger, returnedLedger)
	}
	var unrecorded int
	if err := b.pool.QueryRow(context.Background(),
		`SELECT count(*) FROM stock_movements WHERE reason = 'unrecorded' AND product_id = 3`).Scan(&unrecorded); err != nil {
		t.Fatal(err)
	}
	if unrecorded == 0 {
		t.Error("the console UPDATEs left no unrecorded ledger rows")
	}
}
