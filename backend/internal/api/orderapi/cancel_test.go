package orderapi_test

import (
	"context"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

const transfer = saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER

// noLimits lifts the hoarding limits for tests about something else that
// hold most of a small product by transfer.
var noLimits = order.Limits{MaxUnitsPerLine: 1000, MaxUnpaidOrders: 1000, TransferSharePercent: 100}

// place places an order for ctx's shopper and fails the test on error.
func (b *bundle) place(t *testing.T, ctx context.Context, method saboresv1.PaymentMethod, lines ...*saboresv1.CartLineInput) *saboresv1.Order {
	t.Helper()
	res, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), method, lines...))
	if err != nil {
		t.Fatalf("place order: %v", err)
	}
	return res.Msg.GetOrder()
}

// ledgerMismatches counts products whose stock differs from the sum of
// their ledger rows: the invariant every stock writer keeps.
func (b *bundle) ledgerMismatches(t *testing.T) int {
	t.Helper()
	var n int
	err := b.pool.QueryRow(context.Background(), `
		SELECT count(*) FROM products p
		WHERE p.stock <> (SELECT coalesce(sum(delta), 0) FROM stock_movements m WHERE m.product_id = p.id)`).Scan(&n)
	if err != nil {
		t.Fatalf("check ledger: %v", err)
	}
	return n
}

func (b *bundle) movements(t *testing.T, orderID int64, kind string) int {
	t.Helper()
	var n int
	err := b.pool.QueryRow(context.Background(),
		`SELECT count(*) FROM stock_movements WHERE order_id = $1 AND kind = $2`, orderID, kind).Scan(&n)
	if err != nil {
		t.Fatalf("count movements: %v", err)
	}
	return n
}

// TestCancelMyOrderGivesStockBackOnce races 32 cancels of one order (as
// many at once as the test's pool allows): every one answers with the
// cancelled order, and the units come back once. Not parallel, like the
// checkout race, to keep its connections to itself.
func TestCancelMyOrderGivesStockBackOnce(t *testing.T) {
	b := setup(t)
	b.orders.WithLimits(noLimits)
	ctx := b.shopper(t, "maria")
	o := b.place(t, ctx, transfer, line(1, 3), line(2, 4))
	if b.stock(t, 1) != 2 || b.stock(t, 2) != 36 {
		t.Fatalf("stock after the sale = %d, %d; want 2, 36", b.stock(t, 1), b.stock(t, 2))
	}
	const tries = 32
	var wg sync.WaitGroup
	errs := make([]error, tries)
	for i := range tries {
		wg.Go(func() {
			res, err := b.svc.CancelMyOrder(ctx, connect.NewRequest(&saboresv1.CancelMyOrderRequest{Id: o.GetId(), Reason: "changed my mind"}))
			if err == nil && res.Msg.GetOrder().GetStatus() != saboresv1.OrderStatus_ORDER_STATUS_CANCELLED {
				t.Errorf("cancel %d answered status %v", i, res.Msg.GetOrder().GetStatus())
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("cancel %d: %v", i, err)
		}
	}
	if b.stock(t, 1) != 5 || b.stock(t, 2) != 40 {
		t.Errorf("stock after %d cancels = %d, %d; want 5, 40", tries, b.stock(t, 1), b.stock(t, 2))
	}
	if n := b.movements(t, o.GetId(), "cancellation"); n != 2 {
		t.Errorf("%d cancellation movements, want 2 (one per product)", n)
	}
	var events int
	if err := b.pool.QueryRow(context.Background(),
		`SELECT count(*) FROM order_events WHERE order_id = $1 AND to_state = 'cancelled' AND note = 'changed my mind'`,
		o.GetId()).Scan(&events); err != nil {
		t.Fatal(err)
	}
	if events != 1 {
		t.Errorf("%d cancellation events, want 1", events)
	}
	if n := b.ledgerMismatches(t); n != 0 {
		t.Errorf("%d products whose stock is not their ledger's sum", n)
	}
}

func TestCancelMyOrderRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.orders.WithLimits(noLimits)
	maria := b.shopper(t, "maria")
	o := b.place(t, maria, transfer, line(1, 1))

	_, err := b.svc.CancelMyOrder(b.shopper(t, "joao"), connect.NewRequest(&saboresv1.CancelMyOrderRequest{Id: o.GetId()}))
	if got := connecttest.Code(err); got != connect.CodeNotFound {
		t.Errorf("another shopper's cancel: code %v, want NotFound", got)
	}

	exec(t, b.pool, `UPDATE orders SET status = 'preparing', payment_status = 'paid' WHERE id = $1`, o.GetId())
	_, err = b.svc.CancelMyOrder(maria, connect.NewRequest(&saboresv1.CancelMyOrderRequest{Id: o.GetId()}))
	if got := connecttest.Code(err); got != connect.CodeFailedPrecondition {
		t.Fatalf("cancel while preparing: code %v (%v), want FailedPrecondition", got, err)
	}
	infos := connecttest.ErrorInfos(t, err)
	if len(infos) != 1 || infos[0].GetReason() != order.ReasonActorNotAllowed {
		t.Errorf("cancel while preparing: details %v, want reason %s", infos, order.ReasonActorNotAllowed)
	}
	if b.stock(t, 1) != 4 {
		t.Errorf("stock = %d after a refused cancel, want 4", b.stock(t, 1))
	}
}

// edge is err as a client sees it.
func edge(err error) error {
	return apperr.ToConnect(context.Background(), "test", err)
}

// TestGetMyOrderTimeline: the order page's timeline and cancel button
// follow the order: placed and cancellable, then cancelled with the
// shopper's reason and no longer cancellable.
func TestGetMyOrderTimeline(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := b.shopper(t, "maria")
	o := b.place(t, ctx, card, line(1, 1))
	get := func() *saboresv1.GetMyOrderResponse {
		t.Helper()
		res, err := b.svc.GetMyOrder(ctx, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: o.GetId()}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg
	}
	res := get()
	if !res.GetCancellable() || len(res.GetEvents()) != 1 || res.GetEvents()[0].GetToState() != "placed" ||
		res.GetEvents()[0].GetActor() != "shopper" || res.GetEvents()[0].GetCreateTime() == nil {
		t.Fatalf("new order: cancellable %v, events %v", res.GetCancellable(), res.GetEvents())
	}
	if _, err := b.svc.CancelMyOrder(ctx, connect.NewRequest(&saboresv1.CancelMyOrderRequest{Id: o.GetId(), Reason: "repetido"})); err != nil {
		t.Fatal(err)
	}
	res = get()
	events := res.GetEvents()
	if res.GetCancellable() || len(events) != 2 || events[1].GetFromState() != "placed" ||
		events[1].GetToState() != "cancelled" || events[1].GetNote() != "repetido" {
		t.Errorf("cancelled order: cancellable %v, events %v", res.GetCancellable(), events)
	}
}
