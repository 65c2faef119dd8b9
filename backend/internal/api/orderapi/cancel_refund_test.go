package orderapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/sabores/sabores/backend/internal/jobs"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestCancelMyCardPaidOrderQueuesItsRefund: a shopper cancelling their
// order paid by card gets one Redsys refund job of the whole payment queued
// with the cancellation, the payment refunded by the system; their second
// cancel queues no other.
func TestCancelMyCardPaidOrderQueuesItsRefund(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.orders.WithLimits(noLimits)
	client, err := river.NewClient(riverpgxv5.New(b.pool), &river.Config{Workers: river.NewWorkers(), SkipUnknownJobCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	b.orders.WithRefunds(jobs.NewRefundQueue(client))
	maria := b.shopper(t, "maria")
	o := b.place(t, maria, transfer, line(1, 1))
	exec(t, b.pool, `UPDATE orders SET payment_method = 'card', payment_status = 'paid' WHERE id = $1`, o.GetId())
	exec(t, b.pool, `INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents, status, decided_at)
		SELECT '0001AB', id, 1, 'card', total_cents, 'authorised', now() FROM orders WHERE id = $1`, o.GetId())
	for range 2 {
		res, err := b.svc.CancelMyOrder(maria, connect.NewRequest(&saboresv1.CancelMyOrderRequest{Id: o.GetId(), Reason: "me equivoqué"}))
		if err != nil {
			t.Fatalf("cancel: %v", err)
		}
		if got := res.Msg.GetOrder().GetPaymentStatus(); got != saboresv1.PaymentStatus_PAYMENT_STATUS_REFUNDED {
			t.Errorf("payment %v after the cancel, want refunded", got)
		}
	}
	var queued, events int
	err = b.pool.QueryRow(context.Background(), `SELECT
		(SELECT count(*) FROM river_job j JOIN payment_refunds r ON r.id = (j.args->>'refund_id')::bigint
			WHERE j.kind = 'redsys_refund' AND r.redsys_order = '0001AB'
			AND r.amount_cents = (SELECT total_cents FROM orders WHERE id = $1)),
		(SELECT count(*) FROM order_events WHERE order_id = $1 AND machine = 'payment' AND from_state = 'paid'
			AND to_state = 'refunded' AND actor = 'system')`, o.GetId()).Scan(&queued, &events)
	if err != nil {
		t.Fatal(err)
	}
	if queued != 1 || events != 1 {
		t.Errorf("%d refund jobs of the whole payment and %d refund events by the system, want 1 and 1", queued, events)
	}
}
