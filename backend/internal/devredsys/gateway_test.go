package devredsys

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/redsys"
)

const prefix = "/dev-redsys/"

// attemptsOnly leaves orders as they are: these tests look at the attempts
// the gateway's notifications decide. It never closes an order, so no
// refund is ever queued.
type attemptsOnly struct{}

func (attemptsOnly) RecordAuthorisation(context.Context, pgx.Tx, payment.Decision) error { return nil }
func (attemptsOnly) RecordRefusal(context.Context, pgx.Tx, payment.Decision) error       { return nil }

// shop is a shop with its notification endpoint and the gateway on one
// server, as shopd serves them.
type shop struct {
	pool    *pgxpool.Pool
	srv     *httptest.Server
	gateway *payment.Gateway
	browser *http.Client
	orderID int64
}

func newShop(t *testing.T) *shop {
	t.Helper()
	ctx := context.Background()
	pool := dbtest.New(t)
	var orderID int64
	if err := pool.QueryRow(ctx, `
		WITH u AS (INSERT INTO users (issuer, subject, email) VALUES ('test', 'buyer', 'buyer@example.com') RETURNING id)
		INSERT INTO orders (user_id, idempotency_key, payment_method, payment_status, subtotal_cents, vat_cents,
		                    total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
		                    delivery_city, delivery_postal_code)
		SELECT id, gen_random_uuid(), 'card', 'awaiting_payment', 1000, 234, 1234, 'Ana', 'buyer@example.com',
		       '600000000', 'Calle 1', 'Madrid', '28001' FROM u
		RETURNING id`).Scan(&orderID); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	log := slog.New(slog.DiscardHandler)
	g, err := New(prefix, srv.URL, srv.Client(), log)
	if err != nil {
		t.Fatal(err)
	}
	merchant, _ := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, redsys.TestSecretKey)
	mux.Handle(prefix, g)
	mux.Handle("POST "+payment.NotificationPath, payment.NewNotifications(pool, merchant, attemptsOnly{}, nil, log))
	browser := srv.Client()
	browser.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &shop{
		pool: pool, srv: srv, browser: browser, orderID: orderID,
		gateway: &payment.Gateway{
			Merchant:        merchant,
			Endpoints:       redsys.Endpoints{Redirect: srv.URL + prefix + "realizarPago", REST: srv.URL + prefix + "rest/trataPeticionREST"},
			NotificationURL: srv.URL + payment.NotificationPath,
		},
	}
}

func (s *shop) begin(t *testing.T, method, lang string) payment.Checkout {
	t.Helper()
	var c payment.Checkout
	if err := pgx.BeginFunc(context.Background(), s.pool, func(tx pgx.Tx) error {
		var err error
		c, err = s.gateway.Begin(context.Background(), tx, s.orderID, 1234, method, s.srv.URL+"/pedido?pago=ok", s.srv.URL+"/pedido?pago=ko", lang)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return c
}

func formOf(f redsys.Form) url.Values {
	return url.Values{"Ds_SignatureVersion": {f.SignatureVersion}, "Ds_MerchantParameters": {f.MerchantParameters}, "Ds_Signature": {f.Signature}}
}

// post sends a browser form and returns the status, the Location and the
// page.
func (s *shop) post(t *testing.T, action string, form url.Values) (int, string, string) {
	t.Helper()
	res, err := s.browser.PostForm(action, form)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Location"), string(body)
}

func (s *shop) attempt(t *testing.T, number string) string {
	t.Helper()
	var status string
	if err := s.pool.QueryRow(context.Background(), `SELECT status FROM payment_attempts WHERE redsys_order = $1`, number).Scan(&status); err != nil {
		t.Fatal(err)
	}
	return status
}

func (s *shop) notifications(t *testing.T) int {
	t.Helper()
	var n int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM payment_notifications`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestApproveDenyAbandon(t *testing.T) {
	s := newShop(t)
	for _, tc := range []struct {
		decision, status, back string
		notified               int
	}{
		{"deny", "refused", "/pedido?pago=ko&Ds_MerchantParameters=", 1},
		{"abandon", "pending", "/pedido?pago=ko", 0},
		{"approve", "authorised", "/pedido?pago=ok&Ds_MerchantParameters=", 1},
	} {
		before := s.notifications(t)
		c := s.begin(t, payment.MethodCard, "")
		code, _, page := s.post(t, c.Action, formOf(c.Fields))
		if code != http.StatusOK || !strings.Contains(page, "12,34\u00a0€") || !strings.Contains(page, c.RedsysOrder) ||
			!strings.Contains(page, "Aprobar el pago") || !strings.Contains(page, "Tarjeta") {
			t.Fatalf("%s: payment page %d:\n%s", tc.decision, code, page)
		}
		if strings.Contains(page, "<script") || strings.Contains(page, "style=") || strings.Contains(page, "<style") {
			t.Errorf("the page has inline script or style, which the shop's CSP refuses:\n%s", page)
		}
		form := formOf(c.Fields)
		form.Set("decision", tc.decision)
		code, location, _ := s.post(t, s.srv.URL+prefix+"decidir", form)
		if code != http.StatusSeeOther || !strings.HasPrefix(location, s.srv.URL+tc.back) {
			t.Errorf("%s: answered %d to %q, want a redirect to %s", tc.decision, code, location, tc.back)
		}
		if got := s.attempt(t, c.RedsysOrder); got != tc.status {
			t.Errorf("%s: attempt %s, want %s", tc.decision, got, tc.status)
		}
		if got := s.notifications(t) - before; got != tc.notified {
			t.Errorf("%s: %d notifications, want %d", tc.decision, got, tc.notified)
		}
	}
}

func TestBizumInPortuguese(t *testing.T) {
	s := newShop(t)
	c := s.begin(t, payment.MethodBizum, redsys.LanguagePortuguese)
	code, _, page := s.post(t, c.Action, formOf(c.Fields))
	if code != http.StatusOK || !strings.Contains(page, `lang="pt"`) || !strings.Contains(page, "Aprovar o pagamento") ||
		!strings.Contains(page, "Bizum") {
		t.Errorf("page %d:\n%s", code, page)
	}
}

// TestRefusesWhatRedsysWould: forms the gateway must refuse without
// notifying anyone.
func TestRefusesWhatRedsysWould(t *testing.T) {
	s := newShop(t)
	c := s.begin(t, payment.MethodCard, "")
	elsewhere, _ := s.gateway.Merchant.PaymentForm(redsys.Payment{
		Order: "00099Z", AmountCents: 100, MerchantURL: "http://169.254.169.254/latest", URLOK: s.srv.URL, URLKO: s.srv.URL,
	})
	otherKey, _ := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, "Mk9m98IfEblmPfrpsawt7BmxObt98Jev")
	forged, _ := otherKey.PaymentForm(redsys.Payment{Order: c.RedsysOrder, AmountCents: 1, MerchantURL: s.gateway.NotificationURL, URLOK: s.srv.URL, URLKO: s.srv.URL})
	for name, form := range map[string]url.Values{
		"signed with another key":     formOf(forged),
		"notification sent elsewhere": formOf(elsewhere),
		"nothing":                     {},
	} {
		for _, path := range []string{"realizarPago", "decidir"} {
			form.Set("decision", "approve")
			code, location, page := s.post(t, s.srv.URL+prefix+path, form)
			if code != http.StatusBadRequest || location != "" || !strings.Contains(page, "Petición de pago no válida") {
				t.Errorf("%s at %s: %d %q", name, path, code, location)
			}
		}
	}
	if n := s.notifications(t); n != 0 {
		t.Errorf("%d notifications sent", n)
	}
	if got := s.attempt(t, c.RedsysOrder); got != "pending" {
		t.Errorf("attempt %s", got)
	}
}

func TestRefundThroughREST(t *testing.T) {
	s := newShop(t)
	r, err := s.gateway.Merchant.Refund(context.Background(), s.srv.Client(), s.gateway.Endpoints.REST, "00011", 500)
	if err != nil || !r.RefundAccepted() || r.AmountCents != 500 {
		t.Errorf("refund %+v, %v", r, err)
	}
	otherKey, _ := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, "Mk9m98IfEblmPfrpsawt7BmxObt98Jev")
	var refused *redsys.RESTError
	if _, err := otherKey.Refund(context.Background(), s.srv.Client(), s.gateway.Endpoints.REST, "00011", 500); !errors.As(err, &refused) || refused.Code != "SIS0042" {
		t.Errorf("forged refund: %v", err)
	}
}

// TestSignatureV2RoundTrips: a shop configured for HMAC_SHA512_V2 pays and
// refunds through the gateway, which answers in the same version.
func TestSignatureV2RoundTrips(t *testing.T) {
	s := newShop(t)
	v2, err := s.gateway.Merchant.WithSignatureVersion(redsys.SignatureSHA512V2)
	if err != nil {
		t.Fatal(err)
	}
	s.gateway.Merchant = v2
	c := s.begin(t, payment.MethodCard, "")
	if c.Fields.SignatureVersion != redsys.SignatureSHA512V2 {
		t.Fatalf("payment form signed in %s", c.Fields.SignatureVersion)
	}
	form := formOf(c.Fields)
	form.Set("decision", "approve")
	if code, location, page := s.post(t, s.srv.URL+prefix+"decidir", form); code != http.StatusSeeOther {
		t.Fatalf("decision answered %d %q:\n%s", code, location, page)
	}
	if got := s.attempt(t, c.RedsysOrder); got != "authorised" {
		t.Errorf("attempt %s, want authorised", got)
	}

	refund, err := v2.RefundForm(c.RedsysOrder, 500)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(refund)
	res, err := s.srv.Client().Post(s.gateway.Endpoints.REST, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, _ := io.ReadAll(res.Body)
	var answer redsys.Form
	if err := json.Unmarshal(raw, &answer); err != nil || answer.SignatureVersion != redsys.SignatureSHA512V2 {
		t.Fatalf("refund answer %s", raw)
	}
	if r, err := v2.ReadRESTAnswer(raw); err != nil || !r.RefundAccepted() {
		t.Errorf("refund %+v, %v", r, err)
	}
}
