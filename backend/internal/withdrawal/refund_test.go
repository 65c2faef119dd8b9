package withdrawal_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/devredsys"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/redsys"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestCardRefundThroughRedsys refunds a card order's withdrawal through
// Redsys (the development gateway speaking its REST protocol): the refund is
// recorded as accepted for exactly the returned units. With Redsys
// unreachable, nothing is recorded and the withdrawal stays to refund.
func TestCardRefundThroughRedsys(t *testing.T) {
	b := setup(t, false)
	ctx, userID := b.shopper(t, "carla")
	orderID := b.order(t, userID, "card", "delivered", b.now.Add(-time.Hour))
	exec(t, b.pool, `INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents, status, decided_at)
		SELECT '0001AB', id, 1, 'card', total_cents, 'authorised', now() FROM orders WHERE id = $1`, orderID)
	merchant, err := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, redsys.TestSecretKey)
	if err != nil {
		t.Fatal(err)
	}
	rest := httptest.NewUnstartedServer(nil)
	g, err := devredsys.New("/dev-redsys/", "http://"+rest.Listener.Addr().String(), rest.Client(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	rest.Config.Handler = g
	rest.Start()
	t.Cleanup(rest.Close)
	gateway := &payment.Gateway{Merchant: merchant, Endpoints: redsys.Endpoints{REST: rest.URL + "/dev-redsys/rest/trataPeticionREST"}}
	down := &payment.Gateway{Merchant: merchant, Endpoints: redsys.Endpoints{REST: "http://127.0.0.1:1/nowhere"}}

	res, err := b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: orderID, Lines: lines(1, 2)}))
	if err != nil {
		t.Fatal(err)
	}
	id := res.Msg.GetWithdrawal().GetId()
	if _, err := b.svc.ReceiveWithdrawal(admin(), connect.NewRequest(&saboresv1.ReceiveWithdrawalRequest{Id: id})); err != nil {
		t.Fatal(err)
	}
	b.svc.WithCardRefunds(payment.OrderRefunds{Gateway: down, Pool: b.pool, Client: rest.Client()})
	_, err = b.svc.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: id}))
	wantReason(t, err, connect.CodeFailedPrecondition, shop.ReasonWithdrawalRefundFailed)
	var status, pay string
	if err := b.pool.QueryRow(context.Background(), `SELECT w.status, o.payment_status FROM withdrawals w JOIN orders o ON o.id = w.order_id
		WHERE w.id = $1`, id).Scan(&status, &pay); err != nil || status != "received" || pay != "paid" {
		t.Fatalf("after a failed refund: %s/%s (%v), want received/paid", status, pay, err)
	}

	b.svc.WithCardRefunds(payment.OrderRefunds{Gateway: gateway, Pool: b.pool, Client: rest.Client()})
	ref, err := b.svc.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: id}))
	if err != nil {
		t.Fatal(err)
	}
	if w := ref.Msg.GetWithdrawal(); w.GetRefundMethod() != shop.RefundRedsys || w.GetRefundCents() != 500 {
		t.Fatalf("refunded = %v", w)
	}
	var accepted int64
	if err := b.pool.QueryRow(context.Background(), `SELECT coalesce(sum(amount_cents), 0) FROM payment_refunds
		WHERE redsys_order = '0001AB' AND status = 'accepted'`).Scan(&accepted); err != nil || accepted != 500 {
		t.Fatalf("accepted refunds = %d (%v), want 500", accepted, err)
	}
}

// TestConcurrentWithdrawalsNeverExceedWhatWasBought races eight withdrawals
// of one unit of a three-unit line: the order row lock makes them queue, so
// exactly three go through and the others are told nothing is left.
func TestConcurrentWithdrawalsNeverExceedWhatWasBought(t *testing.T) {
	b := setup(t, false)
	ctx, userID := b.shopper(t, "bea")
	orderID := b.order(t, userID, "cash", "delivered", b.now.Add(-time.Hour))
	const tries = 8
	errs := make([]error, tries)
	var wg sync.WaitGroup
	for i := range tries {
		wg.Go(func() {
			_, errs[i] = b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: orderID, Lines: lines(1, 1)}))
		})
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
			continue
		}
		wantReason(t, err, connect.CodeFailedPrecondition, shop.ReasonWithdrawalQuantity)
	}
	if ok != 3 {
		t.Fatalf("%d withdrawals went through, want 3", ok)
	}
}
