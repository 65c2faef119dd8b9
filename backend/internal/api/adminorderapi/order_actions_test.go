package adminorderapi_test

import (
	"context"
	"strconv"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/sabores/sabores/backend/internal/api/adminorderapi"
	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// placeFixture writes an order of two units of product 1001 (stock taken)
// with the given payment method and state.
func (f fixture) placeFixture(t *testing.T, method, payment string) int64 {
	t.Helper()
	var id int64
	err := f.Pool.QueryRow(context.Background(), `WITH o AS (
			INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status, subtotal_cents,
				vat_cents, total_cents, delivery_name, delivery_email, delivery_phone, delivery_address, delivery_city,
				delivery_postal_code)
			VALUES ($1, gen_random_uuid(), 'placed', $2, $3, 500, 45, 500, 'María', 'maria@example.com', '600000000',
				'Rúa 1', 'Burela', '27880') RETURNING id),
		l AS (INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents,
				regular_unit_price_cents, vat_basis_points, line_total_cents)
			SELECT id, 1, 1001, 'Guaraná', 2, 250, 250, 1000, 500 FROM o)
		SELECT id FROM o`, f.Maria, method, payment).Scan(&id)
	if err != nil {
		t.Fatalf("fixture order: %v", err)
	}
	return id
}

func (f fixture) advance(id int64, action saboresv1.OrderAction, carrier, tracking, note string) (*saboresv1.Order, error) {
	res, err := f.svc.AdvanceOrder(f.Ctx, connect.NewRequest(&saboresv1.AdvanceOrderRequest{
		Id: id, Action: action, Carrier: carrier, TrackingNumber: tracking, Note: note,
	}))
	if err != nil {
		return nil, apperr.ToConnect(f.Ctx, "test", err)
	}
	return res.Msg.GetOrder(), nil
}

// TestAdvanceOrderAlongTheLifecycle walks a transfer order from placed to
// delivered and a cash order through delivery and a cancellation, checking
// the refusals, the timeline, the audit trail, the stock and the e-mails
// queued (through a real River client, not started: the rows are what
// counts here).
func TestAdvanceOrderAlongTheLifecycle(t *testing.T) {
	t.Parallel()
	f := setup(t)
	client, err := river.NewClient(riverpgxv5.New(f.Pool), &river.Config{Workers: river.NewWorkers(), SkipUnknownJobCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	mails := jobs.NewMailQueue(client, "pedidos@sabores.test")
	f.svc = adminorderapi.New(order.New(f.Pool).WithMailer(mails), f.Pool)
	dbtest.ShopSettings(t, f.Pool)
	const (
		paid      = saboresv1.OrderAction_ORDER_ACTION_MARK_PAID
		prepare   = saboresv1.OrderAction_ORDER_ACTION_START_PREPARING
		ship      = saboresv1.OrderAction_ORDER_ACTION_SHIP
		delivered = saboresv1.OrderAction_ORDER_ACTION_MARK_DELIVERED
		cancel    = saboresv1.OrderAction_ORDER_ACTION_CANCEL
	)
	transfer := f.placeFixture(t, "transfer", "awaiting_payment")
	steps := []struct {
		name                    string
		action                  saboresv1.OrderAction
		carrier, tracking, note string
		code                    connect.Code
		status                  saboresv1.OrderStatus
		payment                 saboresv1.PaymentStatus
	}{
		{"prepare before paid", prepare, "", "", "", connect.CodeFailedPrecondition, 0, 0},
		{"mark the transfer paid", paid, "", "", "justificante 12", 0, saboresv1.OrderStatus_ORDER_STATUS_PENDING, saboresv1.PaymentStatus_PAYMENT_STATUS_PAID},
		{"paid twice", paid, "", "", "", connect.CodeFailedPrecondition, 0, 0},
		{"ship before preparing", ship, "Correos", "PQ1", "", connect.CodeFailedPrecondition, 0, 0},
		{"prepare", prepare, "", "", "", 0, saboresv1.OrderStatus_ORDER_STATUS_PREPARING, saboresv1.PaymentStatus_PAYMENT_STATUS_PAID},
		{"ship without tracking", ship, "Correos", "", "", connect.CodeInvalidArgument, 0, 0},
		{"ship", ship, "Correos", "PQ1", "", 0, saboresv1.OrderStatus_ORDER_STATUS_SHIPPED, saboresv1.PaymentStatus_PAYMENT_STATUS_PAID},
		{"cancel once shipped", cancel, "", "", "too late", connect.CodeFailedPrecondition, 0, 0},
		{"deliver", delivered, "", "", "", 0, saboresv1.OrderStatus_ORDER_STATUS_COMPLETED, saboresv1.PaymentStatus_PAYMENT_STATUS_PAID},
	}
	for _, s := range steps {
		o, err := f.advance(transfer, s.action, s.carrier, s.tracking, s.note)
		if s.code != 0 {
			if connecttest.Code(err) != s.code {
				t.Errorf("%s: %v, want code %v", s.name, err, s.code)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if o.GetStatus() != s.status || o.GetPaymentStatus() != s.payment {
			t.Errorf("%s: %v/%v, want %v/%v", s.name, o.GetStatus(), o.GetPaymentStatus(), s.status, s.payment)
		}
	}
	if n := f.Count(t, `SELECT count(*) FROM orders WHERE id = $1 AND carrier = 'Correos' AND tracking_number = 'PQ1'`, transfer); n != 1 {
		t.Error("the carrier and tracking number were not kept")
	}
	if n := f.Count(t, `SELECT count(*) FROM order_events WHERE order_id = $1 AND actor = 'admin' AND actor_user_id = $2`, transfer, f.Admin); n != 4 {
		t.Errorf("%d admin events in the timeline, want 4", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action = 'order.advance' AND entity = $1`, "order:"+itoa(transfer)); n != 4 {
		t.Errorf("%d audit events, want 4", n)
	}

	cash := f.placeFixture(t, "cash", "on_delivery")
	for _, a := range []saboresv1.OrderAction{prepare, ship, delivered} {
		if _, err := f.advance(cash, a, "SEUR", "S-9", ""); err != nil {
			t.Fatalf("cash order %v: %v", a, err)
		}
	}
	if n := f.Count(t, `SELECT count(*) FROM orders WHERE id = $1 AND payment_status = 'paid'`, cash); n != 1 {
		t.Error("a delivered cash-on-delivery order is not paid")
	}
	if n := f.Count(t, `SELECT count(*) FROM order_events WHERE order_id = $1 AND machine = 'payment' AND actor = 'system'`, cash); n != 1 {
		t.Error("the collection on delivery is not in the timeline")
	}

	exec := func(sql string, args ...any) {
		if _, err := f.Pool.Exec(context.Background(), sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`UPDATE products SET stock = 10 WHERE id = 1001`)
	toCancel := f.placeFixture(t, "card", "awaiting_payment")
	if _, err := f.advance(toCancel, cancel, "", "", ""); connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("cancel without a reason: %v, want InvalidArgument", err)
	}
	o, err := f.advance(toCancel, cancel, "", "", "producto dañado")
	if err != nil || o.GetStatus() != saboresv1.OrderStatus_ORDER_STATUS_CANCELLED {
		t.Fatalf("cancel: %v, %v", o, err)
	}
	if n := f.Count(t, `SELECT stock FROM products WHERE id = 1001`); n != 12 {
		t.Errorf("stock %d after cancelling 2 units, want 12", n)
	}

	var kinds []string
	rows, err := f.Pool.Query(context.Background(), `SELECT kind FROM outbound_emails ORDER BY created_at, kind`)
	if err != nil {
		t.Fatal(err)
	}
	kinds, err = pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	// Marking the transfer paid and delivering the cash order each move an
	// order to paid: one e-mail and one invoice each.
	want := map[string]int{"payment_received": 2, "shipped": 2, "cancelled": 1}
	got := map[string]int{}
	for _, k := range kinds {
		got[k]++
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%d %s e-mails queued, want %d (all: %v)", got[k], k, n, kinds)
		}
	}
	if n := f.Count(t, `SELECT count(*) FROM river_job WHERE kind = 'send_email'`); n != len(kinds) {
		t.Errorf("%d send jobs for %d e-mails", n, len(kinds))
	}
	for _, id := range []int64{transfer, cash} {
		if n := f.Count(t, `SELECT count(*) FROM invoices WHERE order_id = $1 AND kind = 'simplified'`, id); n != 1 {
			t.Errorf("order %d paid with %d simplified invoices, want 1", id, n)
		}
	}
	if n := f.Count(t, `SELECT count(*) FROM invoices WHERE order_id = $1`, toCancel); n != 0 {
		t.Errorf("the unpaid cancelled order has %d invoices", n)
	}

}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestCancelCardPaidOrderQueuesItsRefund: the order desk's cancel of an
// order paid by card queues one Redsys refund job for the whole payment in
// the cancellation's transaction and answers with the payment refunded; a
// second cancel queues no other. (The job's work against the development
// gateway is shop's TestCancellingACardPaidOrderRefundsIt.)
func TestCancelCardPaidOrderQueuesItsRefund(t *testing.T) {
	t.Parallel()
	f := setup(t)
	client, err := river.NewClient(riverpgxv5.New(f.Pool), &river.Config{Workers: river.NewWorkers(), SkipUnknownJobCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	mails, refunds := jobs.NewMailQueue(client, "pedidos@sabores.test"), jobs.NewRefundQueue(client)
	f.svc = adminorderapi.New(order.New(f.Pool).WithMailer(mails).WithRefunds(refunds), f.Pool)
	dbtest.ShopSettings(t, f.Pool)
	id := f.placeFixture(t, "card", "paid")
	if _, err := f.Pool.Exec(context.Background(), `INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents, status, decided_at)
		VALUES ('0001AB', $1, 1, 'card', 500, 'authorised', now())`, id); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		o, err := f.advance(id, saboresv1.OrderAction_ORDER_ACTION_CANCEL, "", "", "producto dañado")
		if err != nil {
			t.Fatalf("cancel: %v", err)
		}
		if o.GetStatus() != saboresv1.OrderStatus_ORDER_STATUS_CANCELLED || o.GetPaymentStatus() != saboresv1.PaymentStatus_PAYMENT_STATUS_REFUNDED {
			t.Errorf("cancelled order %v/%v, want cancelled/refunded", o.GetStatus(), o.GetPaymentStatus())
		}
	}
	if n := f.Count(t, `SELECT count(*) FROM river_job j JOIN payment_refunds r ON r.id = (j.args->>'refund_id')::bigint
		WHERE j.kind = 'redsys_refund' AND r.redsys_order = '0001AB' AND r.amount_cents = 500 AND r.status = 'queued'`); n != 1 {
		t.Errorf("%d refund jobs of the whole payment, want 1", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM order_events WHERE order_id = $1 AND machine = 'payment'
		AND from_state = 'paid' AND to_state = 'refunded' AND actor = 'admin' AND actor_user_id = $2`, id, f.Admin); n != 1 {
		t.Errorf("%d refund events by the admin in the timeline, want 1", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM outbound_emails WHERE order_id = $1 AND kind = 'cancelled'`, id); n != 1 {
		t.Errorf("%d cancellation e-mails, want 1", n)
	}
}
