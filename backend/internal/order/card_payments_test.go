package order_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/devredsys"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/mailtest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/redsys"
	"github.com/sabores/sabores/backend/internal/testwait"
)

const from = "pedidos@sabores.test"

type identity struct{}

func (identity) MailIdentity(context.Context) (mail.Identity, error) {
	return mail.Identity{Name: "Sabores", LegalName: "Sabores S.L.", TaxID: "B12345678"}, nil
}

// payBundle is a shop taking card payments as shopd does: the notification
// endpoint with the order module as its recorder, River working e-mails (to a real
// Mailpit) and refunds (through the development gateway's REST interface).
type payBundle struct {
	pool     *pgxpool.Pool
	pit      *mailtest.Server
	gateway  *payment.Gateway
	merchant *redsys.Merchant
	fx       order.Effects
	orders   *order.Service
	refunds  order.Refunds
	url      string
	user     int64
	product  int64
	asked    *askedRefunds
}

// askedRefunds are the refunds asked of the development gateway's REST
// interface, as "Redsys order number/cents".
type askedRefunds struct {
	mu   sync.Mutex
	list []string
}

func (a *askedRefunds) all() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.list)
}

// recording notes each REST call's order and amount before next answers it.
func (a *askedRefunds) recording(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/rest/trataPeticionREST") {
			body, _ := io.ReadAll(r.Body)
			var f redsys.Form
			if json.Unmarshal(body, &f) == nil {
				if p, err := redsys.DecodeParameters(f.MerchantParameters); err == nil {
					a.mu.Lock()
					a.list = append(a.list, p.Get("DS_MERCHANT_ORDER")+"/"+p.Get("DS_MERCHANT_AMOUNT"))
					a.mu.Unlock()
				}
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		next.ServeHTTP(w, r)
	})
}

func setupPayments(t *testing.T) *payBundle {
	t.Helper()
	ctx := context.Background()
	pool := dbtest.New(t)
	dbtest.ShopSettings(t, pool)
	b := &payBundle{pool: pool, pit: mailtest.Start(t), asked: &askedRefunds{}}
	b.user = dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	b.product = dbtest.Product(t, pool, dbtest.ProductOpts{PriceCents: 617, Stock: 10})

	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	log := slog.New(slog.DiscardHandler)
	dev, err := devredsys.New("/dev-redsys/", srv.URL, srv.Client(), log)
	if err != nil {
		t.Fatal(err)
	}
	mux.Handle("/dev-redsys/", b.asked.recording(dev))
	if b.merchant, err = redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, redsys.TestSecretKey); err != nil {
		t.Fatal(err)
	}
	b.gateway = &payment.Gateway{
		Merchant:        b.merchant,
		Endpoints:       redsys.Endpoints{Redirect: srv.URL + "/dev-redsys/realizarPago", REST: srv.URL + "/dev-redsys/rest/trataPeticionREST"},
		NotificationURL: srv.URL + payment.NotificationPath,
	}
	sender, err := mail.NewSender(mail.Settings{Host: b.pit.SMTPHost, Port: b.pit.SMTPPort, TLS: "none", From: "Sabores <" + from + ">"})
	if err != nil {
		t.Fatal(err)
	}
	client, err := jobs.NewClient(pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Sender: sender, Identity: identity{}, From: from,
		Refunds: b.gateway, HTTPClient: srv.Client(), Logger: log,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stop, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = client.Stop(stop)
	})
	b.fx = order.Effects{Mailer: jobs.NewMailQueue(client, from)}
	b.refunds = jobs.NewRefundQueue(client)
	b.orders = order.New(pool).WithMailer(b.fx.Mailer).WithRefunds(b.refunds)
	mux.Handle("POST "+payment.NotificationPath, payment.NewNotifications(pool, b.merchant,
		b.orders, jobs.NewRefundQueue(client), log))
	b.url = srv.URL + payment.NotificationPath
	return b
}

// order writes an order of two units at 6,17 € as PlaceOrder leaves it.
func (b *payBundle) order(t *testing.T, method, payment string) int64 {
	t.Helper()
	id := dbtest.SoldOrder(t, b.pool, dbtest.SoldOrderOpts{UserID: b.user, PaymentStatus: payment, Lines: []dbtest.SoldLine{
		{ProductID: b.product, Quantity: 2, UnitPriceCents: 617, VATBasisPoints: 1000},
	}})
	b.exec(t, `UPDATE orders SET payment_method = $2, delivery_email = 'ana@example.com' WHERE id = $1`, id, method)
	return id
}

func (b *payBundle) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := b.pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatal(err)
	}
}

func (b *payBundle) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (b *payBundle) text(t *testing.T, sql string, args ...any) string {
	t.Helper()
	var s string
	if err := b.pool.QueryRow(context.Background(), sql, args...).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// begin starts a payment attempt of the order for its total.
func (b *payBundle) begin(t *testing.T, orderID int64, method string) string {
	t.Helper()
	var c payment.Checkout
	err := pgx.BeginFunc(context.Background(), b.pool, func(tx pgx.Tx) error {
		var total int64
		if err := tx.QueryRow(context.Background(), `SELECT total_cents FROM orders WHERE id = $1`, orderID).Scan(&total); err != nil {
			return err
		}
		var err error
		c, err = b.gateway.Begin(context.Background(), tx, orderID, total, method, "https://shop/ok", "https://shop/ko", redsys.LanguageSpanish)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return c.RedsysOrder
}

// notify posts Redsys's notification of an attempt, signed by m, and
// returns the HTTP status.
func (b *payBundle) notify(t *testing.T, m *redsys.Merchant, redsysOrder string, amount int64, response string) int {
	t.Helper()
	fields := map[string]string{
		"Ds_Date": "24%2F11%2F2026", "Ds_Hour": "10%3A00", "Ds_Order": redsysOrder, "Ds_Amount": fmt.Sprint(amount),
		"Ds_Currency": "978", "Ds_MerchantCode": redsys.TestMerchantCode, "Ds_Terminal": "001",
		"Ds_Response": response, "Ds_TransactionType": "0", "Ds_AuthorisationCode": "482913",
		"Ds_SecurePayment": "1", "Ds_MerchantData": "",
	}
	raw, _ := json.Marshal(fields)
	params := base64.URLEncoding.EncodeToString(raw)
	res, err := http.PostForm(b.url, url.Values{
		"Ds_SignatureVersion": {redsys.SignatureVersion}, "Ds_MerchantParameters": {params},
		"Ds_Signature": {m.SignURLSafe(redsysOrder, params)},
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	return res.StatusCode
}

// caught waits for the e-mails to subject to reach Mailpit and returns how
// many did; it waits a little longer to see that no copy follows.
func (b *payBundle) caught(t *testing.T, want int, subject string) {
	t.Helper()
	matching := func() int {
		n := 0
		for _, m := range b.pit.Messages(t) {
			if strings.Contains(m.Subject, subject) {
				n++
			}
		}
		return n
	}
	if want > 0 {
		testwait.Until(t, 20*time.Second, fmt.Sprintf("%d e-mails %q", want, subject), func() bool { return matching() >= want })
	}
	time.Sleep(300 * time.Millisecond)
	if n := matching(); n != want {
		t.Errorf("%d e-mails %q caught, want %d", n, subject, want)
	}
}

// TestCardAuthorisationPaysTheOrder: a verified authorisation makes the
// order paid as the system, notes the Redsys order and authorisation code
// in the timeline, issues one simplified invoice and sends one "payment
// received" e-mail, however often Redsys repeats the notification.
func TestCardAuthorisationPaysTheOrder(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	id := b.order(t, "card", "awaiting_payment")
	number := b.begin(t, id, payment.MethodCard)
	for range 2 {
		if code := b.notify(t, b.merchant, number, 1234, "0000"); code != http.StatusOK {
			t.Fatalf("notification answered %d", code)
		}
	}
	if s := b.text(t, `SELECT payment_status FROM orders WHERE id = $1`, id); s != "paid" {
		t.Fatalf("payment status %q, want paid", s)
	}
	note := b.text(t, `SELECT note FROM order_events WHERE order_id = $1 AND machine = 'payment' AND to_state = 'paid' AND actor = 'system'`, id)
	if !strings.Contains(note, number) || !strings.Contains(note, "482913") {
		t.Errorf("timeline note %q lacks the Redsys order %s or the authorisation code", note, number)
	}
	if n := b.count(t, `SELECT count(*) FROM invoices WHERE order_id = $1 AND kind = 'simplified' AND total_cents = 1234`, id); n != 1 {
		t.Errorf("%d simplified invoices of 12,34 €, want 1", n)
	}
	b.caught(t, 1, "Pago recibido del pedido #"+fmt.Sprint(id))
}

// TestCardRefusalKeepsTheOrderWaiting: a refusal is in the timeline, the
// order still awaits its payment, and nothing is invoiced or e-mailed; a
// second attempt can then pay it.
func TestCardRefusalKeepsTheOrderWaiting(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	id := b.order(t, "bizum", "awaiting_payment")
	first := b.begin(t, id, payment.MethodBizum)
	b.notify(t, b.merchant, first, 1234, "0190")
	if s := b.text(t, `SELECT payment_status FROM orders WHERE id = $1`, id); s != "awaiting_payment" {
		t.Errorf("payment status %q after a refusal, want awaiting_payment", s)
	}
	note := b.text(t, `SELECT note FROM order_events WHERE order_id = $1 AND machine = 'payment' AND to_state = 'awaiting_payment'`, id)
	// The shopper reads the timeline: plain words (issue 38); the attempt
	// keeps the bank's answer for the desk.
	if note != "El banco rechazó el pago con Bizum" {
		t.Errorf("timeline note %q, want the bank's refusal in plain words", note)
	}
	if code := b.count(t, `SELECT coalesce(response_code, -1) FROM payment_attempts WHERE redsys_order = $1`, first); code != 190 {
		t.Errorf("the refused attempt keeps response code %d, want 190", code)
	}
	if n := b.count(t, `SELECT count(*) FROM invoices WHERE order_id = $1`, id); n != 0 {
		t.Errorf("%d invoices of an unpaid order", n)
	}
	second := b.begin(t, id, payment.MethodBizum)
	b.notify(t, b.merchant, second, 1234, "0000")
	if s := b.text(t, `SELECT payment_status FROM orders WHERE id = $1`, id); s != "paid" {
		t.Errorf("payment status %q after paying again, want paid", s)
	}
	b.caught(t, 1, "Pago recibido")
}

// TestLatePaymentIsRefunded: an authorisation for an order that expired or
// was cancelled first is recorded as late, noted on the order (still
// cancelled, never invoiced), and refunded through Redsys's REST interface
// by a job, once.
func TestLatePaymentIsRefunded(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	for _, closing := range []order.Cancellation{
		{Who: order.SystemActor, Expiry: true},
		{Who: order.ShopperActor, Note: "ya no lo quiero"},
	} {
		id := b.order(t, "card", "awaiting_payment")
		number := b.begin(t, id, payment.MethodCard)
		closing.OrderID = id
		err := pgx.BeginFunc(context.Background(), b.pool, func(tx pgx.Tx) error {
			_, _, err := order.Cancel(context.Background(), db.New(tx), closing)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			b.notify(t, b.merchant, number, 1234, "0000")
		}
		if got := b.text(t, `SELECT string_agg(outcome, ',' ORDER BY id) FROM payment_notifications WHERE redsys_order = $1`, number); got != "late,duplicate" {
			t.Errorf("%s: notifications %q, want late,duplicate", closing.Who, got)
		}
		testwait.Until(t, 20*time.Second, "the refund accepted", func() bool {
			return b.count(t, `SELECT count(*) FROM payment_refunds WHERE redsys_order = $1 AND status = 'accepted'`, number) == 1
		})
		if n := b.count(t, `SELECT count(*) FROM payment_refunds WHERE redsys_order = $1 AND amount_cents = 1234 AND reason = $2`, number, payment.LateRefundReason); n != 1 {
			t.Errorf("%s: %d refunds of the whole late payment, want 1", closing.Who, n)
		}
		if s := b.text(t, `SELECT status || '/' || payment_status FROM orders WHERE id = $1`, id); s != "cancelled/awaiting_payment" {
			t.Errorf("%s: order %q, want cancelled/awaiting_payment", closing.Who, s)
		}
		note := b.text(t, `SELECT note FROM order_events WHERE order_id = $1 AND machine = 'payment' ORDER BY id DESC LIMIT 1`, id)
		if !strings.Contains(note, number) || !strings.Contains(note, "devolución pedida a Redsys") {
			t.Errorf("%s: timeline note %q does not record the late payment and its refund", closing.Who, note)
		}
		if n := b.count(t, `SELECT count(*) FROM invoices WHERE order_id = $1`, id); n != 0 {
			t.Errorf("%s: %d invoices of a cancelled order", closing.Who, n)
		}
	}
	b.caught(t, 0, "Pago recibido")
}

// TestForgedNotificationChangesNothing: a notification signed with another
// key is answered 400, and every table is as it was, row for row: not even
// the notification is kept (only counted).
func TestForgedNotificationChangesNothing(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	id := b.order(t, "card", "awaiting_payment")
	number := b.begin(t, id, payment.MethodCard)
	snapshot := func() []string {
		var out []string
		for _, table := range []string{"orders", "order_events", "payment_attempts", "payment_notifications", "payment_refunds", "invoices", "outbound_emails", "river_job", "stock_movements"} {
			from := table
			if table == "river_job" {
				// River inserts its periodic jobs (the expiry sweep) on its
				// own clock, whatever the notification does.
				from = `(SELECT * FROM river_job WHERE NOT metadata ? 'periodic')`
			}
			out = append(out, table+": "+b.text(t, `SELECT coalesce(string_agg(to_jsonb(t)::text, E'\n' ORDER BY to_jsonb(t)::text), '') FROM `+from+` t`))
		}
		return out
	}
	before := snapshot()
	forger, err := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, base64.StdEncoding.EncodeToString([]byte("not-the-shop-s-key-24byt")))
	if err != nil {
		t.Fatal(err)
	}
	if code := b.notify(t, forger, number, 1234, "0000"); code != http.StatusBadRequest {
		t.Errorf("forged notification answered %d, want 400", code)
	}
	if after := snapshot(); !slices.Equal(before, after) {
		t.Errorf("a forged notification changed the database:\nbefore %v\nafter  %v", before, after)
	}
}

// TestEveryMoveToPaidInvoicesAndMails: a transfer the admin marks paid and
// cash collected on delivery each get one invoice and one "payment
// received" e-mail, through the order module's desk like the card payment.
func TestEveryMoveToPaidInvoicesAndMails(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	ctx := context.Background()
	admin := dbtest.Shopper(t, b.pool, dbtest.PersonOpts{Subject: "admin"})
	transfer := b.order(t, "transfer", "awaiting_payment")
	cash := b.order(t, "cash", "on_delivery")
	b.exec(t, `UPDATE orders SET status = 'shipped', payment_surcharge_cents = 150, total_cents = total_cents + 150 WHERE id = $1`, cash)
	for range 2 { // the second is refused: already paid or delivered
		_, _ = b.orders.MarkPaid(ctx, transfer, audit.Caller{UserID: admin}, "justificante")
		_, _ = b.orders.Advance(ctx, order.DeskStep{OrderID: cash, Action: order.ActionMarkDelivered, By: audit.Caller{UserID: admin}})
	}
	for _, id := range []int64{transfer, cash} {
		if n := b.count(t, `SELECT count(*) FROM invoices i JOIN orders o ON o.id = i.order_id
			WHERE i.order_id = $1 AND i.kind = 'simplified' AND o.payment_status = 'paid'`, id); n != 1 {
			t.Errorf("order %d: %d simplified invoices, want 1", id, n)
		}
	}
	if n := b.count(t, `SELECT count(*) FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
		WHERE i.order_id = $1 AND i.total_cents = 1384 AND l.description = $2 AND l.total_cents = 150 AND l.vat_basis_points = 1000`,
		cash, invoice.CashSurchargeDescription); n != 1 {
		t.Error("the cash order's invoice lacks its surcharge line at the goods' 10 %")
	}
	b.caught(t, 1, "Pago recibido del pedido #"+fmt.Sprint(transfer))
	b.caught(t, 1, "Pago recibido del pedido #"+fmt.Sprint(cash))
}
