package payment

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/metrics"
	"github.com/sabores/sabores/backend/internal/ratelimit"
	"github.com/sabores/sabores/backend/internal/redsys"
)

// orderRecorder is the smallest order side: it marks the order paid, or
// answers ErrOrderClosed when the test closed it.
type orderRecorder struct {
	authorisations, refusals atomic.Int32
	closed                   atomic.Bool
}

func (o *orderRecorder) RecordAuthorisation(ctx context.Context, tx pgx.Tx, d Decision) error {
	o.authorisations.Add(1)
	if o.closed.Load() {
		return ErrOrderClosed
	}
	_, err := tx.Exec(ctx, `UPDATE orders SET payment_status = 'paid' WHERE id = $1`, d.OrderID)
	return err
}

func (o *orderRecorder) RecordRefusal(context.Context, pgx.Tx, Decision) error {
	o.refusals.Add(1)
	return nil
}

// queuedRefund is one refund a refundQueue was asked for.
type queuedRefund struct {
	order  string
	amount int64
}

// refundQueue keeps the refunds asked for; the real queue (jobs) and its
// worker are tested with the order side in package shop.
type refundQueue struct {
	mu     sync.Mutex
	queued []queuedRefund
}

func (q *refundQueue) QueueRefund(_ context.Context, _ pgx.Tx, order string, amount int64, _ string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.queued = append(q.queued, queuedRefund{order, amount})
	return nil
}

type bundle struct {
	pool     *pgxpool.Pool
	metrics  *metrics.Metrics
	merchant *redsys.Merchant
	gateway  *Gateway
	recorder *orderRecorder
	refunds  *refundQueue
	url      string
	orderID  int64
}

func setup(t *testing.T) *bundle {
	t.Helper()
	ctx := context.Background()
	pool := dbtest.New(t)
	var orderID int64
	err := pool.QueryRow(ctx, `
		WITH u AS (INSERT INTO users (issuer, subject, email) VALUES ('test', 'buyer', 'buyer@example.com') RETURNING id)
		INSERT INTO orders (user_id, idempotency_key, payment_method, payment_status, subtotal_cents, vat_cents,
		                    total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
		                    delivery_city, delivery_postal_code)
		SELECT id, gen_random_uuid(), 'card', 'awaiting_payment', 1000, 234, 1234, 'Ana', 'buyer@example.com',
		       '600000000', 'Calle 1', 'Madrid', '28001' FROM u
		RETURNING id`).Scan(&orderID)
	if err != nil {
		t.Fatal(err)
	}
	merchant, err := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, redsys.TestSecretKey)
	if err != nil {
		t.Fatal(err)
	}
	rec, refunds, m := &orderRecorder{}, &refundQueue{}, metrics.New()
	mux := http.NewServeMux()
	mux.Handle("POST "+NotificationPath, NewNotifications(pool, merchant, rec, refunds, slog.New(slog.DiscardHandler)).
		WithRejections(m.RedsysNotificationRejected))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &bundle{
		pool: pool, metrics: m, merchant: merchant, recorder: rec, refunds: refunds, url: srv.URL + NotificationPath, orderID: orderID,
		gateway: &Gateway{Merchant: merchant, Endpoints: redsys.TestEndpoints, NotificationURL: srv.URL + NotificationPath},
	}
}

// begin starts a payment attempt of the test order.
func (b *bundle) begin(t *testing.T, amount int64, method string) Checkout {
	t.Helper()
	var c Checkout
	err := pgx.BeginFunc(context.Background(), b.pool, func(tx pgx.Tx) error {
		var err error
		c, err = b.gateway.Begin(context.Background(), tx, b.orderID, amount, method, "https://shop/ok", "https://shop/ko", redsys.LanguageSpanish)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// signed is a notification as Redsys sends it, signed by m.
func signed(m *redsys.Merchant, fields map[string]string) url.Values {
	raw, _ := json.Marshal(fields)
	params := base64.URLEncoding.EncodeToString(raw)
	return url.Values{
		"Ds_SignatureVersion":   {redsys.SignatureVersion},
		"Ds_MerchantParameters": {params},
		"Ds_Signature":          {m.SignURLSafe(fields["Ds_Order"], params)},
	}
}

func fields(order, amount, response string) map[string]string {
	return map[string]string{
		"Ds_Date": "24%2F11%2F2026", "Ds_Hour": "10%3A00", "Ds_Order": order, "Ds_Amount": amount,
		"Ds_Currency": "978", "Ds_MerchantCode": redsys.TestMerchantCode, "Ds_Terminal": "001",
		"Ds_Response": response, "Ds_TransactionType": "0", "Ds_AuthorisationCode": "482913",
		"Ds_SecurePayment": "1", "Ds_MerchantData": "",
	}
}

func (b *bundle) post(t *testing.T, form url.Values) int {
	t.Helper()
	res, err := http.PostForm(b.url, form)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	return res.StatusCode
}

// state is everything a notification may change: the order row, its
// attempts, as JSON, so a comparison covers every column.
func (b *bundle) state(t *testing.T) string {
	t.Helper()
	var s string
	err := b.pool.QueryRow(context.Background(), `
		SELECT jsonb_build_object(
			'order', (SELECT to_jsonb(o) FROM orders o WHERE id = $1),
			'attempts', (SELECT coalesce(jsonb_agg(to_jsonb(a) ORDER BY attempt), '[]') FROM payment_attempts a WHERE order_id = $1))::text`,
		b.orderID).Scan(&s)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (b *bundle) outcomes(t *testing.T) []string {
	t.Helper()
	rows, err := b.pool.Query(context.Background(), `SELECT outcome FROM payment_notifications ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (b *bundle) paymentStatus(t *testing.T) string {
	t.Helper()
	var s string
	if err := b.pool.QueryRow(context.Background(), `SELECT payment_status FROM orders WHERE id = $1`, b.orderID).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBadNotificationsChangeNothing sends every kind of bad notification
// for a pending attempt and then checks the database: each was recorded
// with its outcome, and the order and its attempt are exactly as before.
func TestBadNotificationsChangeNothing(t *testing.T) {
	b := setup(t)
	c := b.begin(t, 1234, MethodCard)
	before := b.state(t)
	otherKey, _ := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, "Mk9m98IfEblmPfrpsawt7BmxObt98Jev")

	wrongCurrency := fields(c.RedsysOrder, "1234", "0000")
	wrongCurrency["Ds_Currency"] = "840"
	otherMerchant := fields(c.RedsysOrder, "1234", "0000")
	otherMerchant["Ds_MerchantCode"] = "999008882"
	refund := fields(c.RedsysOrder, "1234", "0900")
	refund["Ds_TransactionType"] = "3"
	altered := signed(b.merchant, fields(c.RedsysOrder, "1", "0000"))
	altered.Set("Ds_MerchantParameters", signed(b.merchant, fields(c.RedsysOrder, "1234", "0000")).Get("Ds_MerchantParameters"))

	for _, tc := range []struct {
		name    string
		form    url.Values
		status  int
		outcome string
	}{
		{"signed with another key", signed(otherKey, fields(c.RedsysOrder, "1234", "0000")), 400, "forged"},
		{"parameters changed after signing", altered, 400, "forged"},
		{"no signature", url.Values{"Ds_SignatureVersion": {redsys.SignatureVersion}, "Ds_MerchantParameters": altered["Ds_MerchantParameters"]}, 400, "forged"},
		{"another merchant", signed(b.merchant, otherMerchant), 400, "forged"},
		{"garbage", url.Values{"Ds_SignatureVersion": {redsys.SignatureVersion}, "Ds_MerchantParameters": {"%%%"}, "Ds_Signature": {"x"}}, 400, "malformed"},
		{"wrong amount", signed(b.merchant, fields(c.RedsysOrder, "1", "0000")), 200, "mismatch"},
		{"wrong currency", signed(b.merchant, wrongCurrency), 200, "mismatch"},
		{"number never signed", signed(b.merchant, fields("00099Z", "1234", "0000")), 200, "unknown_order"},
		{"a refund's notification", signed(b.merchant, refund), 200, "ignored"},
	} {
		before := len(b.outcomes(t))
		if got := b.post(t, tc.form); got != tc.status {
			t.Errorf("%s: HTTP %d, want %d", tc.name, got, tc.status)
		}
		out := b.outcomes(t)
		switch {
		case tc.status != 200 && len(out) != before:
			t.Errorf("%s: an unverified notification was stored (%v)", tc.name, out[before:])
		case tc.status == 200 && (len(out) != before+1 || out[len(out)-1] != tc.outcome):
			t.Errorf("%s: recorded %v, want %q", tc.name, out[before:], tc.outcome)
		}
	}
	if f, m := b.rejected(t, RejectedForged), b.rejected(t, RejectedMalformed); f != 4 || m != 1 {
		t.Errorf("rejections counted: %d forged, %d malformed, want 4 and 1", f, m)
	}
	if after := b.state(t); after != before {
		t.Errorf("bad notifications changed the database:\nbefore %s\nafter  %s", before, after)
	}
	if n := b.recorder.authorisations.Load() + b.recorder.refusals.Load(); n != 0 {
		t.Errorf("the order side was told %d times", n)
	}
}

// rejected reads sabores_redsys_notifications_rejected_total{reason} as
// /metrics serves it.
func (b *bundle) rejected(t *testing.T, reason string) int {
	t.Helper()
	rec := httptest.NewRecorder()
	b.metrics.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	prefix := `sabores_redsys_notifications_rejected_total{reason="` + reason + `"} `
	for line := range strings.Lines(rec.Body.String()) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), prefix); ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			return n
		}
	}
	t.Fatalf("no series %s in /metrics", prefix)
	return 0
}

// TestForgedNotificationsCostNoStorage: forged and malformed notifications,
// however large, add no row; each is counted in the metric.
func TestForgedNotificationsCostNoStorage(t *testing.T) {
	b := setup(t)
	c := b.begin(t, 1234, MethodCard)
	count := func() int {
		var n int
		if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM payment_notifications`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	forged := signed(b.merchant, fields(c.RedsysOrder, "1234", "0000"))
	forged.Set("Ds_Signature", strings.Repeat("A", 44))
	big := url.Values{"Ds_SignatureVersion": {redsys.SignatureVersion}, "Ds_MerchantParameters": {strings.Repeat("e30", 1300)}, "Ds_Signature": {"x"}}
	before := count()
	for _, form := range []url.Values{forged, forged, big, {"Ds_MerchantParameters": {"%%%"}}} {
		if code := b.post(t, form); code != http.StatusBadRequest {
			t.Errorf("HTTP %d, want 400", code)
		}
	}
	if after := count(); after != before {
		t.Errorf("%d rows after the forged notifications, %d before", after, before)
	}
	if f, m := b.rejected(t, RejectedForged), b.rejected(t, RejectedMalformed); f+m != 4 || f < 2 {
		t.Errorf("rejections counted: %d forged, %d malformed, want 4 in all, the 2 re-signed ones forged", f, m)
	}
}

// TestNotificationRateLimitPerPeer: a peer posting more than the burst at
// once is answered 429 before its body is read and counted; behind a
// trusted proxy the peer is the forwarded client, so another client still
// gets through.
func TestNotificationRateLimitPerPeer(t *testing.T) {
	b := setup(t)
	m := metrics.New()
	n := NewNotifications(b.pool, b.merchant, b.recorder, b.refunds, slog.New(slog.DiscardHandler)).
		WithLimit(time.Hour, 3).WithRejections(m.RedsysNotificationRejected)
	srv := httptest.NewServer(ratelimit.Proxies{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}.Middleware(n))
	t.Cleanup(srv.Close)
	post := func(client string) *http.Response {
		req, err := http.NewRequest(http.MethodPost, srv.URL+NotificationPath, strings.NewReader("Ds_Signature=x"))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", client)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		return res
	}
	for i := range 3 {
		if res := post("203.0.113.7"); res.StatusCode != http.StatusBadRequest {
			t.Fatalf("request %d: HTTP %d, want 400 (within the burst)", i+1, res.StatusCode)
		}
	}
	res := post("203.0.113.7")
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Errorf("request 4: HTTP %d, Retry-After %q, want 429 with a Retry-After", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if res := post("203.0.113.8"); res.StatusCode != http.StatusBadRequest {
		t.Errorf("another client behind the proxy: HTTP %d, want 400", res.StatusCode)
	}
	b.metrics = m
	if got := b.rejected(t, RejectedRateLimited); got != 1 {
		t.Errorf("%d rate-limited rejections counted, want 1", got)
	}
}

// TestGenuineNotificationsAreNotLimited: Redsys sends every notification
// from a few addresses, so only rejected ones spend a peer's allowance: a
// busy peer's genuine notifications past the burst are all taken, and its
// allowance of forgeries is still whole after them.
func TestGenuineNotificationsAreNotLimited(t *testing.T) {
	b := setup(t)
	n := NewNotifications(b.pool, b.merchant, b.recorder, b.refunds, slog.New(slog.DiscardHandler)).WithLimit(time.Hour, 2)
	srv := httptest.NewServer(n)
	t.Cleanup(srv.Close)
	b.url = srv.URL + NotificationPath
	c := b.begin(t, 1234, MethodBizum)
	genuine := signed(b.merchant, fields(c.RedsysOrder, "1234", "0000"))
	for i := range 5 {
		if got := b.post(t, genuine); got != http.StatusOK {
			t.Fatalf("genuine notification %d: HTTP %d, want 200", i+1, got)
		}
	}
	forged := url.Values{"Ds_SignatureVersion": {redsys.SignatureVersion}, "Ds_MerchantParameters": {"e30"}, "Ds_Signature": {"x"}}
	for i, want := range []int{http.StatusBadRequest, http.StatusBadRequest, http.StatusTooManyRequests} {
		if got := b.post(t, forged); got != want {
			t.Errorf("forged notification %d: HTTP %d, want %d", i+1, got, want)
		}
	}
}

// TestAuthorisationOnceThenDuplicates: a genuine authorisation pays the
// order once; the same notification again, or a refusal after it, is a
// duplicate and changes nothing.
func TestAuthorisationOnceThenDuplicates(t *testing.T) {
	b := setup(t)
	c := b.begin(t, 1234, MethodBizum)
	ok := signed(b.merchant, fields(c.RedsysOrder, "1234", "0000"))
	if got := b.post(t, ok); got != 200 {
		t.Fatalf("HTTP %d", got)
	}
	if s := b.paymentStatus(t); s != "paid" {
		t.Fatalf("payment status %q", s)
	}
	paid := b.state(t)
	if got := b.post(t, ok); got != 200 {
		t.Errorf("duplicate: HTTP %d", got)
	}
	b.post(t, signed(b.merchant, fields(c.RedsysOrder, "1234", "0190")))
	if after := b.state(t); after != paid {
		t.Errorf("duplicates changed the database:\nbefore %s\nafter  %s", paid, after)
	}
	if got, want := b.outcomes(t), []string{"authorised", "duplicate", "duplicate"}; !slices.Equal(got, want) {
		t.Errorf("outcomes %v, want %v", got, want)
	}
	if b.recorder.authorisations.Load() != 1 || b.recorder.refusals.Load() != 0 {
		t.Errorf("order side told %d authorisations, %d refusals", b.recorder.authorisations.Load(), b.recorder.refusals.Load())
	}
	if !strings.Contains(paid, `"authorisation_code": "482913"`) || !strings.Contains(paid, `"status": "authorised"`) {
		t.Errorf("attempt not decided: %s", paid)
	}
}

// TestRefusedThenPaidAgain: a refusal leaves the order awaiting payment;
// the next attempt has its own number and pays it.
func TestRefusedThenPaidAgain(t *testing.T) {
	b := setup(t)
	first := b.begin(t, 1234, MethodCard)
	b.post(t, signed(b.merchant, fields(first.RedsysOrder, "1234", "0190")))
	if s := b.paymentStatus(t); s != "awaiting_payment" || b.recorder.refusals.Load() != 1 {
		t.Fatalf("after a refusal: %q, %d refusals", s, b.recorder.refusals.Load())
	}
	second := b.begin(t, 1234, MethodCard)
	if second.RedsysOrder == first.RedsysOrder || !strings.HasPrefix(second.RedsysOrder, "0002") {
		t.Fatalf("second attempt numbered %q after %q", second.RedsysOrder, first.RedsysOrder)
	}
	b.post(t, signed(b.merchant, fields(second.RedsysOrder, "1234", "0000")))
	if s := b.paymentStatus(t); s != "paid" {
		t.Errorf("after paying again: %q", s)
	}
	if got, want := b.outcomes(t), []string{"refused", "authorised"}; !slices.Equal(got, want) {
		t.Errorf("outcomes %v, want %v", got, want)
	}
}

// TestLateAuthorisation: money that arrives for an order that closed is
// recorded as late, its refund queued once, and the order stays as it was.
func TestLateAuthorisation(t *testing.T) {
	b := setup(t)
	c := b.begin(t, 1234, MethodCard)
	b.recorder.closed.Store(true)
	b.post(t, signed(b.merchant, fields(c.RedsysOrder, "1234", "0000")))
	if got := b.outcomes(t); !slices.Equal(got, []string{"late"}) {
		t.Errorf("outcomes %v", got)
	}
	if s := b.paymentStatus(t); s != "awaiting_payment" {
		t.Errorf("payment status %q", s)
	}
	var status string
	if err := b.pool.QueryRow(context.Background(), `SELECT status FROM payment_attempts WHERE redsys_order = $1`, c.RedsysOrder).Scan(&status); err != nil || status != "authorised" {
		t.Errorf("attempt %q, %v: the money was taken, so the attempt must say so", status, err)
	}
	b.post(t, signed(b.merchant, fields(c.RedsysOrder, "1234", "0000")))
	if want := []queuedRefund{{c.RedsysOrder, 1234}}; !slices.Equal(b.refunds.queued, want) {
		t.Errorf("refunds queued %v, want %v (once, however often Redsys notifies)", b.refunds.queued, want)
	}
}

// TestConcurrentCopiesDecideOnce: copies of one notification arriving
// together are decided once.
func TestConcurrentCopiesDecideOnce(t *testing.T) {
	b := setup(t)
	c := b.begin(t, 1234, MethodCard)
	ok := signed(b.merchant, fields(c.RedsysOrder, "1234", "0000"))
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() { b.post(t, ok) })
	}
	wg.Wait()
	got := b.outcomes(t)
	slices.Sort(got)
	if want := []string{"authorised", "duplicate", "duplicate", "duplicate", "duplicate", "duplicate"}; !slices.Equal(got, want) {
		t.Errorf("outcomes %v, want %v", got, want)
	}
	if n := b.recorder.authorisations.Load(); n != 1 {
		t.Errorf("order side told %d times", n)
	}
}

func TestBeginRefusesOtherMethods(t *testing.T) {
	b := setup(t)
	err := pgx.BeginFunc(context.Background(), b.pool, func(tx pgx.Tx) error {
		_, err := b.gateway.Begin(context.Background(), tx, b.orderID, 1234, "transfer", "", "", "")
		return err
	})
	if err == nil {
		t.Error("a transfer was sent to Redsys")
	}
	c := b.begin(t, 1234, MethodBizum)
	p, err := redsys.DecodeParameters(c.Fields.MerchantParameters)
	if err != nil || p.Get("DS_MERCHANT_PAYMETHODS") != "z" || p.Get("DS_MERCHANT_MERCHANTURL") != b.url || c.Action != redsys.TestEndpoints.Redirect {
		t.Errorf("bizum checkout %+v, %v", c, err)
	}
}

// TestAuthorisationAfterRefusal: Redsys authorising an attempt it had
// refused took money the shopper was told was not taken. It is a late
// payment: the attempt says authorised, late and after a refusal, its
// refund is queued once however often Redsys repeats it, the order is not
// told it was paid, and the owner finds it in the audit trail.
func TestAuthorisationAfterRefusal(t *testing.T) {
	b := setup(t)
	c := b.begin(t, 1234, MethodCard)
	b.post(t, signed(b.merchant, fields(c.RedsysOrder, "1234", "0190")))
	for range 2 {
		if got := b.post(t, signed(b.merchant, fields(c.RedsysOrder, "1234", "0000"))); got != 200 {
			t.Fatalf("HTTP %d", got)
		}
	}
	if got, want := b.outcomes(t), []string{"refused", "late", "duplicate"}; !slices.Equal(got, want) {
		t.Errorf("outcomes %v, want %v", got, want)
	}
	var attempt string
	if err := b.pool.QueryRow(context.Background(), `SELECT status || '/' || late || '/' || authorised_after_refusal || '/' || authorisation_code
		FROM payment_attempts WHERE redsys_order = $1`, c.RedsysOrder).Scan(&attempt); err != nil || attempt != "authorised/true/true/482913" {
		t.Errorf("attempt %q, %v, want authorised/true/true/482913", attempt, err)
	}
	if want := []queuedRefund{{c.RedsysOrder, 1234}}; !slices.Equal(b.refunds.queued, want) {
		t.Errorf("refunds queued %v, want %v", b.refunds.queued, want)
	}
	if s := b.paymentStatus(t); s != "awaiting_payment" || b.recorder.authorisations.Load() != 0 {
		t.Errorf("order %q, told of %d authorisations: a late payment pays no order", s, b.recorder.authorisations.Load())
	}
	var audited int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM audit_events WHERE action = $1 AND entity = $2
		AND new_value->>'redsys_order' = $3 AND new_value->>'authorisation_code' = '482913'`,
		AfterRefusalAuditAction, fmt.Sprintf("order:%d", b.orderID), c.RedsysOrder).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("%d audit events, %v, want 1", audited, err)
	}
}

// TestSecondAttemptAfterPaymentIsLate: once attempt 1 paid the order, an
// authorisation of attempt 2 is a late payment refunded on its own, and
// attempt 1 stays the one that paid.
func TestSecondAttemptAfterPaymentIsLate(t *testing.T) {
	b := setup(t)
	first, second := b.begin(t, 1234, MethodCard), b.begin(t, 1234, MethodCard)
	b.post(t, signed(b.merchant, fields(first.RedsysOrder, "1234", "0000")))
	b.recorder.closed.Store(true) // paid: the order side takes no more
	b.post(t, signed(b.merchant, fields(second.RedsysOrder, "1234", "0000")))
	rows, err := b.pool.Query(context.Background(), `SELECT redsys_order || '/' || status || '/' || late FROM payment_attempts ORDER BY attempt`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if want := []string{first.RedsysOrder + "/authorised/false", second.RedsysOrder + "/authorised/true"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("attempts %v, %v, want %v", got, err, want)
	}
	if want := []queuedRefund{{second.RedsysOrder, 1234}}; !slices.Equal(b.refunds.queued, want) {
		t.Errorf("refunds queued %v, want %v", b.refunds.queued, want)
	}
}

// TestPruneNotifications: what is kept of verified notifications is
// forgotten after its retention, repeats sooner than the rest.
func TestPruneNotifications(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	for _, row := range []struct {
		outcome string
		age     time.Duration
	}{
		{"authorised", NotificationRetention + time.Hour},
		{"authorised", NotificationRetention - time.Hour},
		{"duplicate", RepeatRetention + time.Hour},
		{"duplicate", RepeatRetention - time.Hour},
	} {
		if _, err := b.pool.Exec(ctx, `INSERT INTO payment_notifications (received_at, outcome, detail) VALUES ($1, $2, $3)`,
			now.Add(-row.age), row.outcome, row.age.String()); err != nil {
			t.Fatal(err)
		}
	}
	n, err := PruneNotifications(ctx, db.New(b.pool), now)
	if err != nil || n != 2 {
		t.Fatalf("pruned %d, %v, want 2", n, err)
	}
	rows, err := b.pool.Query(ctx, `SELECT outcome || ' ' || detail FROM payment_notifications ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	want := []string{"authorised " + (NotificationRetention - time.Hour).String(), "duplicate " + (RepeatRetention - time.Hour).String()}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("kept %v, %v, want %v", got, err, want)
	}
}
