package order_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// TestMarkPaidQueuesTheWholePayment: a transfer the desk marks paid takes
// the one path to paid, so its invoice's VeriFactu submission and the
// "payment received" e-mail are queued in the transaction that marks it,
// as for a card payment (before, the desk issued the invoice without
// queueing its submission).
func TestMarkPaidQueuesTheWholePayment(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := setupDesk(t)
	orders, pool, id := d.orders, d.pool, d.order(t, "transfer", "awaiting_payment")

	paid, err := orders.MarkPaid(ctx, id, audit.Caller{}, "justificante")
	if err != nil {
		t.Fatal(err)
	}
	if paid.Row.PaymentStatus != "paid" {
		t.Errorf("payment status %q, want paid", paid.Row.PaymentStatus)
	}
	count := func(sql string) int {
		t.Helper()
		var n int
		if err := pool.QueryRow(ctx, sql, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(`SELECT count(*) FROM invoices WHERE order_id = $1 AND kind = 'simplified'`); n != 1 {
		t.Errorf("%d simplified invoices, want 1", n)
	}
	if n := count(`SELECT count(*) FROM verifactu_records r JOIN invoices i ON i.id = r.invoice_id WHERE i.order_id = $1`); n != 1 {
		t.Errorf("%d VeriFactu records, want 1", n)
	}
	if n := count(`SELECT count(*) FROM river_job WHERE kind = 'verifactu_submit' AND $1::bigint > 0`); n != 1 {
		t.Errorf("%d VeriFactu submissions queued, want 1", n)
	}
	if n := count(`SELECT count(*) FROM outbound_emails WHERE order_id = $1 AND kind = 'payment_received'`); n != 1 {
		t.Errorf("%d payment_received e-mails, want 1", n)
	}

	// A second confirmation is refused and queues nothing more.
	if _, err := orders.MarkPaid(ctx, id, audit.Caller{}, "justificante"); err == nil {
		t.Error("marking a paid order paid again was accepted")
	}
	if n := count(`SELECT count(*) FROM river_job WHERE kind = 'verifactu_submit' AND $1::bigint > 0`); n != 1 {
		t.Errorf("%d VeriFactu submissions queued after a repeat, want 1", n)
	}
}

// desk is a module whose every VeriFactu record queues its submission, as
// shopd wires it, on a database with one shopper and one product.
type desk struct {
	pool          *pgxpool.Pool
	orders        *order.Service
	user, product int64
}

func setupDesk(t *testing.T) desk {
	t.Helper()
	pool := dbtest.New(t)
	dbtest.ShopSettings(t, pool)
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Workers: river.NewWorkers(), SkipUnknownJobCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	return desk{
		pool: pool,
		orders: order.New(pool).WithMailer(jobs.NewMailQueue(client, "pedidos@sabores.test")).WithRefunds(jobs.NewRefundQueue(client)).
			WithInvoicer(invoice.Invoicer{Issuer: invoice.SettingsIssuer{}, Submissions: jobs.NewVerifactuQueue(client)}),
		user:    dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"}),
		product: dbtest.Product(t, pool, dbtest.ProductOpts{PriceCents: 617, Stock: 10}),
	}
}

// order writes an order of two units at 6,17 € paid by method, as
// PlaceOrder leaves it.
func (d desk) order(t *testing.T, method, payment string) int64 {
	t.Helper()
	id := dbtest.SoldOrder(t, d.pool, dbtest.SoldOrderOpts{UserID: d.user, PaymentStatus: payment, Lines: []dbtest.SoldLine{
		{ProductID: d.product, Quantity: 2, UnitPriceCents: 617, VATBasisPoints: 1000},
	}})
	if _, err := d.pool.Exec(context.Background(), `UPDATE orders SET payment_method = $2, delivery_email = 'ana@example.com' WHERE id = $1`, id, method); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestCancellingACardPaymentQueuesTheCorrectiveSubmission: a card order
// paid through Redsys's notification and then cancelled at the desk gets
// its invoice and its corrective invoice, each VeriFactu record queued for
// submission with it, and its refund queued.
func TestCancellingACardPaymentQueuesTheCorrectiveSubmission(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := setupDesk(t)
	id := d.order(t, "card", "awaiting_payment")
	if _, err := d.pool.Exec(ctx, `INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents, status, decided_at)
		VALUES ('0001AB', $1, 1, 'card', 1234, 'authorised', now())`, id); err != nil {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		return d.orders.RecordAuthorisation(ctx, tx, payment.Decision{
			OrderID: id, Method: payment.MethodCard, RedsysOrder: "0001AB", AuthorisationCode: "482913",
		})
	}); err != nil {
		t.Fatal(err)
	}
	cancelled, err := d.orders.Advance(ctx, order.DeskStep{OrderID: id, Action: order.ActionCancel, Note: "producto dañado"})
	if err != nil {
		t.Fatal(err)
	}
	if cancelled.Row.Status != "cancelled" || cancelled.Row.PaymentStatus != "refunded" {
		t.Errorf("order %s/%s, want cancelled/refunded", cancelled.Row.Status, cancelled.Row.PaymentStatus)
	}
	count := func(sql string) int {
		t.Helper()
		var n int
		if err := d.pool.QueryRow(ctx, sql, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(`SELECT count(*) FROM verifactu_records r JOIN invoices i ON i.id = r.invoice_id WHERE i.order_id = $1`); n != 2 {
		t.Errorf("%d VeriFactu records, want 2 (the invoice and its correction)", n)
	}
	if n := count(`SELECT count(*) FROM river_job WHERE kind = 'verifactu_submit' AND $1::bigint > 0`); n != 2 {
		t.Errorf("%d VeriFactu submissions queued, want 2", n)
	}
	if n := count(`SELECT count(*) FROM payment_refunds WHERE redsys_order = '0001AB' AND amount_cents = 1234 AND $1::bigint > 0`); n != 1 {
		t.Errorf("%d refunds of the payment, want 1", n)
	}
}

// TestTrackingURL links the carriers the shop uses, however the admin
// typed their name, and no other.
func TestTrackingURL(t *testing.T) {
	t.Parallel()
	tests := []struct{ carrier, number, want string }{
		{"Correos", "PQ4B2", "https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PQ4B2"},
		{" correos ", "PQ4B2", "https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PQ4B2"},
		{"Seur", "123 45", "https://www.seur.com/livetracking/?segOnlineIdentificador=123+45"},
		{"MRW", "0260&x=1", "https://www.mrw.es/seguimiento_envios/MRW_resultados_consultas.asp?modo=nacional&envio=0260%26x%3D1"},
		{"gls", "ZX9", "https://gls-group.com/ES/es/seguimiento-envios/?match=ZX9"},
		{"Correos-Express", "E1", "https://s.correosexpress.com/search?shippingNumber=E1"},
		{"Mensajería Paco", "77", ""},
		{"Correos", "  ", ""},
	}
	for _, tt := range tests {
		if got := order.TrackingURL(tt.carrier, tt.number); got != tt.want {
			t.Errorf("TrackingURL(%q, %q) = %q, want %q", tt.carrier, tt.number, got, tt.want)
		}
	}
}

// TestShipWarnsOnColdChainOffDay: the desk shipping a cold-chain order on
// a day such parcels do not leave is refused with a warning naming the
// next dispatch day; confirmed, it ships and the timeline says so. An
// order without cold-chain goods ships any day.
func TestShipWarnsOnColdChainOffDay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := setupDesk(t)
	madrid := shoptime.Madrid
	policy := deliveryarea.Default
	policy.Dispatch = deliveryarea.Dispatch{Days: []time.Weekday{time.Now().In(madrid).AddDate(0, 0, 1).Weekday()}}
	orders := d.orders.WithDeliveryAreas(policy)
	dbtest.ColdChainDays(t, d.pool, time.Now().In(madrid).AddDate(0, 0, 1).Weekday())
	frozen := d.order(t, "card", "paid")
	plain := d.order(t, "card", "paid")
	if _, err := d.pool.Exec(ctx, `UPDATE orders SET status = 'preparing', dispatch_on = CASE WHEN id = $1 THEN current_date + 1 END
		WHERE id IN ($1, $2)`, frozen, plain); err != nil {
		t.Fatal(err)
	}
	ship := order.DeskStep{OrderID: frozen, Action: order.ActionShip, Carrier: "SEUR", TrackingNumber: "FRIO1"}
	_, err := orders.Advance(ctx, ship)
	var f *fault.Error
	if !errors.As(err, &f) || f.Reason != order.ReasonColdChainOffDay || f.Metadata["next_dispatch"] == "" {
		t.Fatalf("shipping on an off day: %v, want %s with the next dispatch day", err, order.ReasonColdChainOffDay)
	}
	ship.ConfirmOffDay = true
	shipped, err := orders.Advance(ctx, ship)
	if err != nil || shipped.Row.Status != "shipped" {
		t.Fatalf("confirmed: %v, status %q", err, shipped.Row.Status)
	}
	events, err := order.Timeline(ctx, db.New(d.pool), frozen)
	if err != nil || !strings.Contains(events[len(events)-1].Note, "confirmed by the desk") {
		t.Errorf("the timeline does not keep the confirmation: %+v (%v)", events, err)
	}
	if _, err := orders.Advance(ctx, order.DeskStep{OrderID: plain, Action: order.ActionShip, Carrier: "GLS", TrackingNumber: "G1"}); err != nil {
		t.Errorf("an order without cold-chain goods: %v", err)
	}
}
