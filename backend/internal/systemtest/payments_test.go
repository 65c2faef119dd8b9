package systemtest

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/cli"
	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/server"
)

// paymentShop is shopd served over httptest with its PUBLIC_URL being the
// test server's own address, as the development gateway needs.
type paymentShop struct {
	srv  *httptest.Server
	pool *pgxpool.Pool
	cfg  *config.Config
}

// newPaymentShop serves shopd with the default configuration changed by change.
func newPaymentShop(t *testing.T, change func(*config.Config)) paymentShop {
	t.Helper()
	cfg := config.Default()
	cfg.SeedOnEmpty = false
	change(cfg)
	gate := new(server.Gate)
	srv := httptest.NewServer(gate)
	t.Cleanup(srv.Close)
	cfg.PublicURL = srv.URL
	app := &cli.App{Config: cfg, Log: slog.New(slog.DiscardHandler), Stdout: io.Discard}
	h, pool, err := cli.ShopHandler(context.Background(), app, dbtest.NewURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	gate.Open(h)
	return paymentShop{srv: srv, pool: pool, cfg: cfg}
}

// TestDevelopmentGatewayInShopd pays an order through shopd's own
// development gateway: the payment page behind the shop's security headers
// with no inline code, then approval, the notification and the redirect.
func TestDevelopmentGatewayInShopd(t *testing.T) {
	t.Parallel()
	shop := newPaymentShop(t, func(c *config.Config) { c.DevRedsys = true })
	srv := shop.srv
	ctx := context.Background()
	var orderID int64
	if err := shop.pool.QueryRow(ctx, `
		WITH u AS (INSERT INTO users (issuer, subject, email) VALUES ('test', 'buyer', 'buyer@example.com') RETURNING id)
		INSERT INTO orders (user_id, idempotency_key, payment_method, payment_status, subtotal_cents, vat_cents,
		                    total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
		                    delivery_city, delivery_postal_code)
		SELECT id, gen_random_uuid(), 'card', 'awaiting_payment', 800, 195, 995, 'Ana', 'buyer@example.com',
		       '600000000', 'Calle 1', 'Madrid', '28001' FROM u
		RETURNING id`).Scan(&orderID); err != nil {
		t.Fatal(err)
	}
	merchant, endpoints, ok := shop.cfg.Redsys()
	if !ok || endpoints.Redirect != srv.URL+"/dev-redsys/realizarPago" {
		t.Fatalf("Redsys() = %v, %+v", ok, endpoints)
	}
	gw := &payment.Gateway{Merchant: merchant, Endpoints: endpoints, NotificationURL: srv.URL + payment.NotificationPath}
	var c payment.Checkout
	if err := pgx.BeginFunc(ctx, shop.pool, func(tx pgx.Tx) error {
		var err error
		c, err = gw.Begin(ctx, tx, orderID, 995, payment.MethodCard, srv.URL+"/pedido/ok", srv.URL+"/pedido/ko", "")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	browser := srv.Client()
	browser.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	fields := url.Values{"Ds_SignatureVersion": {c.Fields.SignatureVersion}, "Ds_MerchantParameters": {c.Fields.MerchantParameters}, "Ds_Signature": {c.Fields.Signature}}

	res, err := browser.PostForm(c.Action, fields)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(page), "9,95\u00a0€") || res.Header.Get("Content-Security-Policy") == "" {
		t.Fatalf("payment page %d, CSP %q:\n%s", res.StatusCode, res.Header.Get("Content-Security-Policy"), page)
	}
	for name, re := range map[string]interface{ FindString(string) string }{
		"inline script": inlineScript, "style element": styleElement, "style attribute": styleAttr, "event handler": eventAttr,
	} {
		if m := re.FindString(string(page)); m != "" {
			t.Errorf("the gateway page has an %s: %s", name, m)
		}
	}
	css, err := browser.Get(srv.URL + "/dev-redsys/style.css")
	if err != nil || css.StatusCode != http.StatusOK || !strings.HasPrefix(css.Header.Get("Content-Type"), "text/css") {
		t.Errorf("stylesheet: %v %v", css, err)
	}

	fields.Set("decision", "approve")
	res, err = browser.PostForm(srv.URL+"/dev-redsys/decidir", fields)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), srv.URL+"/pedido/ok?") {
		t.Errorf("after approving: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	var status, outcome string
	if err := shop.pool.QueryRow(ctx, `
		SELECT a.status, n.outcome FROM payment_attempts a JOIN payment_notifications n ON n.redsys_order = a.redsys_order
		WHERE a.redsys_order = $1`, c.RedsysOrder).Scan(&status, &outcome); err != nil || status != "authorised" || outcome != "authorised" {
		t.Errorf("attempt %q, notification %q, %v", status, outcome, err)
	}
	refund, err := merchant.Refund(ctx, srv.Client(), endpoints.REST, c.RedsysOrder, 995)
	if err != nil || !refund.RefundAccepted() {
		t.Errorf("refund through the gateway: %+v, %v", refund, err)
	}
}

// TestNoRedsysNoPaymentRoutes: with neither a terminal nor the development
// gateway, shopd neither serves the gateway nor records notifications.
func TestNoRedsysNoPaymentRoutes(t *testing.T) {
	t.Parallel()
	shop := newPaymentShop(t, func(c *config.Config) { c.DevRedsys = false })
	srv := shop.srv
	res, err := http.PostForm(srv.URL+payment.NotificationPath, url.Values{"Ds_SignatureVersion": {"HMAC_SHA256_V1"}})
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	res, err = http.PostForm(srv.URL+"/dev-redsys/realizarPago", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode == http.StatusOK || res.StatusCode == http.StatusBadRequest {
		t.Errorf("the development gateway answered %d while off", res.StatusCode)
	}
	var n int
	if err := shop.pool.QueryRow(context.Background(), `SELECT count(*) FROM payment_notifications`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d notifications recorded, %v", n, err)
	}
}
