package order_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// cancel cancels the order as the order desk (order.Service.Advance) or
// its shopper (order.Service.Cancel) does: the cancellation, the refund and
// the "cancelled" e-mail in one transaction.
func (b *payBundle) cancel(t *testing.T, id int64, who order.Actor) {
	t.Helper()
	ctx := context.Background()
	var err error
	if who == order.ShopperActor {
		_, err = b.orders.Cancel(ctx, b.user, id, "sin stock")
	} else {
		_, err = b.orders.Advance(ctx, order.DeskStep{OrderID: id, Action: order.ActionCancel, Note: "sin stock"})
	}
	if err != nil {
		t.Fatal(err)
	}
}

// cancelledMail waits for the order's one "cancelled" e-mail and returns
// its text.
func (b *payBundle) cancelledMail(t *testing.T, id int64) string {
	t.Helper()
	subject := fmt.Sprintf("Pedido #%d cancelado", id)
	b.caught(t, 1, subject)
	for _, m := range b.pit.Messages(t) {
		if strings.Contains(m.Subject, subject) {
			return b.pit.Text(t, m.ID)
		}
	}
	t.Fatalf("no e-mail %q", subject)
	return ""
}

// TestCancellingACardPaidOrderRefundsIt: an order paid by card and then
// cancelled by the admin, twice, has exactly one refund of its whole
// payment asked from Redsys's REST interface (the development gateway) by
// the River job and recorded as accepted; its payment is refunded in the
// timeline by the admin, and the e-mail says the money goes back to the
// card.
func TestCancellingACardPaidOrderRefundsIt(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	id := b.order(t, "card", "awaiting_payment")
	number := b.begin(t, id, payment.MethodCard)
	if code := b.notify(t, b.merchant, number, 1234, "0000"); code != 200 {
		t.Fatalf("notification answered %d", code)
	}
	b.cancel(t, id, order.AdminActor)
	b.cancel(t, id, order.AdminActor)

	testwait.Until(t, 20*time.Second, "the refund accepted", func() bool {
		return b.count(t, `SELECT count(*) FROM payment_refunds WHERE redsys_order = $1 AND status = 'accepted'`, number) == 1
	})
	// A second refund, had the two cancellations queued one, would be a
	// second job: wait until every refund job is done before counting.
	testwait.Until(t, 20*time.Second, "the refund jobs finished", func() bool {
		return b.count(t, `SELECT count(*) FROM river_job WHERE kind = 'redsys_refund' AND state <> 'completed'`) == 0
	})
	if n := b.count(t, `SELECT count(*) FROM payment_refunds WHERE redsys_order = $1`, number); n != 1 {
		t.Errorf("%d refund requests, want 1", n)
	}
	if n := b.count(t, `SELECT count(*) FROM payment_refunds WHERE redsys_order = $1 AND amount_cents = 1234 AND reason = $2`, number, order.CancelRefundReason); n != 1 {
		t.Errorf("%d refunds of the whole 12,34 € for the cancellation, want 1", n)
	}
	if n := b.count(t, `SELECT count(*) FROM river_job WHERE kind = 'redsys_refund'`); n != 1 {
		t.Errorf("%d refund jobs, want 1", n)
	}
	if s := b.text(t, `SELECT status || '/' || payment_status FROM orders WHERE id = $1`, id); s != "cancelled/refunded" {
		t.Errorf("order %q, want cancelled/refunded", s)
	}
	got := b.text(t, `SELECT string_agg(machine || ':' || coalesce(from_state, '') || '>' || to_state || ':' || actor, ',' ORDER BY id) FROM order_events WHERE order_id = $1`, id)
	if !strings.HasSuffix(got, "fulfilment:placed>cancelled:admin,payment:paid>refunded:admin") {
		t.Errorf("timeline %q lacks the cancellation then the refund, once each", got)
	}
	if note := b.text(t, `SELECT note FROM order_events WHERE order_id = $1 AND to_state = 'refunded'`, id); !strings.Contains(note, number) {
		t.Errorf("refund note %q does not name the Redsys order %s", note, number)
	}
	// The register shows the refund: the simplified invoice and one
	// corrective invoice that takes all of it back, however often the
	// order is cancelled.
	if got := b.text(t, `SELECT string_agg(kind || ':' || total_cents, ',' ORDER BY id) FROM invoices WHERE order_id = $1`, id); got != "simplified:1234,corrective:-1234" {
		t.Errorf("invoices %q, want the simplified one and one corrective of -12,34 €", got)
	}
	if text := b.cancelledMail(t, id); !strings.Contains(text, "devolución del importe pagado a tu tarjeta") {
		t.Errorf("the cancellation e-mail does not say the money goes back to the card:\n%s", text)
	}
}

// TestShopperCancellingABizumPaidOrderRefundsIt: the shopper may take no
// payment step, so the system records the refund of their own
// cancellation.
func TestShopperCancellingABizumPaidOrderRefundsIt(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	id := b.order(t, "bizum", "awaiting_payment")
	number := b.begin(t, id, payment.MethodBizum)
	b.notify(t, b.merchant, number, 1234, "0000")
	b.cancel(t, id, order.ShopperActor)
	testwait.Until(t, 20*time.Second, "the refund accepted", func() bool {
		return b.count(t, `SELECT count(*) FROM payment_refunds WHERE redsys_order = $1 AND amount_cents = 1234 AND status = 'accepted'`, number) == 1
	})
	if got := b.text(t, `SELECT actor FROM order_events WHERE order_id = $1 AND to_state = 'refunded'`, id); got != "system" {
		t.Errorf("refund recorded by %q, want system", got)
	}
	if got := b.text(t, `SELECT string_agg(kind || ':' || total_cents, ',' ORDER BY id) FROM invoices WHERE order_id = $1`, id); got != "simplified:1234,corrective:-1234" {
		t.Errorf("invoices %q, want the simplified one and one corrective of -12,34 €", got)
	}
	if text := b.cancelledMail(t, id); !strings.Contains(text, "Bizum") {
		t.Errorf("the cancellation e-mail does not say the money goes back to Bizum:\n%s", text)
	}
}

// TestCancellingAnUnpaidCardOrderRefundsNothing: no payment, no refund.
func TestCancellingAnUnpaidCardOrderRefundsNothing(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	id := b.order(t, "card", "awaiting_payment")
	b.begin(t, id, payment.MethodCard)
	b.cancel(t, id, order.AdminActor)
	if n := b.count(t, `SELECT count(*) FROM river_job WHERE kind = 'redsys_refund'`); n != 0 {
		t.Errorf("%d refund jobs for an unpaid order", n)
	}
	if s := b.text(t, `SELECT status || '/' || payment_status FROM orders WHERE id = $1`, id); s != "cancelled/awaiting_payment" {
		t.Errorf("order %q, want cancelled/awaiting_payment", s)
	}
	if text := b.cancelledMail(t, id); !strings.Contains(text, "No se te ha cobrado nada") {
		t.Errorf("the cancellation e-mail of an unpaid order does not say nothing was charged:\n%s", text)
	}
	if n := b.count(t, `SELECT count(*) FROM payment_refunds`); n != 0 {
		t.Errorf("%d refund requests", n)
	}
}

// TestDoublyPaidOrderRefundsEachPayment: an order paid by attempt 1 whose
// attempt 2 Redsys then authorises too (the shopper paid in two tabs) has
// the second payment refunded on its own as late; cancelling the order
// then refunds attempt 1's payment in full, asked of Redsys under attempt
// 1's number. Naming the newest authorised attempt made the order
// unrefundable ("0 of 1234 left", an internal error).
func TestDoublyPaidOrderRefundsEachPayment(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	id := b.order(t, "card", "awaiting_payment")
	first := b.begin(t, id, payment.MethodCard)
	second := b.begin(t, id, payment.MethodCard)
	for _, number := range []string{first, second} {
		if code := b.notify(t, b.merchant, number, 1234, "0000"); code != 200 {
			t.Fatalf("notification of %s answered %d", number, code)
		}
	}
	if got := b.text(t, `SELECT string_agg(redsys_order || ':' || outcome, ',' ORDER BY id) FROM payment_notifications`); got != first+":authorised,"+second+":late" {
		t.Errorf("notifications %q, want %s authorised and %s late", got, first, second)
	}
	b.cancel(t, id, order.AdminActor)

	testwait.Until(t, 20*time.Second, "both refunds accepted", func() bool {
		return b.count(t, `SELECT count(*) FROM payment_refunds WHERE status = 'accepted'`) == 2
	})
	refunds := b.text(t, `SELECT string_agg(redsys_order || '/' || amount_cents || '/' || reason, ',' ORDER BY redsys_order) FROM payment_refunds`)
	if want := first + "/1234/" + order.CancelRefundReason + "," + second + "/1234/" + payment.LateRefundReason; refunds != want {
		t.Errorf("refunds %q, want %q", refunds, want)
	}
	asked := b.asked.all()
	slices.Sort(asked)
	if want := []string{first + "/1234", second + "/1234"}; !slices.Equal(asked, want) {
		t.Errorf("refunds asked of Redsys %v, want %v", asked, want)
	}
	if s := b.text(t, `SELECT status || '/' || payment_status FROM orders WHERE id = $1`, id); s != "cancelled/refunded" {
		t.Errorf("order %q, want cancelled/refunded", s)
	}
}
