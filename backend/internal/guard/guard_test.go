package guard_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/guard"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// orders is an OrderService whose PlaceOrder reports the deadline it got.
type orders struct {
	saboresv1connect.UnimplementedOrderServiceHandler
	deadline chan time.Duration
}

func (o orders) PlaceOrder(ctx context.Context, _ *connect.Request[saboresv1.PlaceOrderRequest]) (*connect.Response[saboresv1.PlaceOrderResponse], error) {
	d, ok := ctx.Deadline()
	if !ok {
		o.deadline <- -1
	} else {
		o.deadline <- time.Until(d)
	}
	return connect.NewResponse(&saboresv1.PlaceOrderResponse{}), nil
}

// signedIn plays the authentication interceptor: the caller is the user
// named in the X-Test-User header.
func signedIn() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if req.Header().Get("X-Test-User") == "maria" {
				ctx = auth.WithPrincipal(ctx, auth.Principal{UserID: 7})
			} else if req.Header().Get("X-Test-User") == "joao" {
				ctx = auth.WithPrincipal(ctx, auth.Principal{UserID: 8})
			}
			return next(ctx, req)
		}
	}
}

func serve(t *testing.T, o orders, interceptors ...connect.Interceptor) saboresv1connect.OrderServiceClient {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle(saboresv1connect.NewOrderServiceHandler(o, connect.WithInterceptors(interceptors...)))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return saboresv1connect.NewOrderServiceClient(srv.Client(), srv.URL)
}

// TestDeadline: a call without a deadline gets the default, and a client
// cannot ask for more than the cap.
func TestDeadline(t *testing.T) {
	t.Parallel()
	o := orders{deadline: make(chan time.Duration, 1)}
	c := serve(t, o, guard.Deadline(2*time.Second, 5*time.Second))
	for _, tc := range []struct {
		name     string
		client   time.Duration
		min, max time.Duration
	}{
		{"none set: default", 0, time.Second, 2 * time.Second},
		{"shorter: kept", 500 * time.Millisecond, 100 * time.Millisecond, 500 * time.Millisecond},
		{"longer than the cap: capped", time.Hour, 4 * time.Second, 5 * time.Second},
	} {
		ctx := context.Background()
		if tc.client > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, tc.client)
			defer cancel()
		}
		if _, err := c.PlaceOrder(ctx, connect.NewRequest(&saboresv1.PlaceOrderRequest{})); err != nil {
			t.Fatal(err)
		}
		if got := <-o.deadline; got < tc.min || got > tc.max {
			t.Errorf("%s: handler deadline in %s, want %s..%s", tc.name, got, tc.min, tc.max)
		}
	}
}

// TestDeadlineWith: a procedure named slow gets its own deadline, by
// default and as the cap; the others keep the usual ones.
func TestDeadlineWith(t *testing.T) {
	t.Parallel()
	o := orders{deadline: make(chan time.Duration, 1)}
	slow := serve(t, o, guard.DeadlineWith(2*time.Second, 5*time.Second, map[string]time.Duration{
		saboresv1connect.OrderServicePlaceOrderProcedure: time.Minute,
	}))
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	if _, err := slow.PlaceOrder(ctx, connect.NewRequest(&saboresv1.PlaceOrderRequest{})); err != nil {
		t.Fatal(err)
	}
	if got := <-o.deadline; got < 59*time.Second || got > time.Minute {
		t.Errorf("slow procedure's deadline in %s, want a minute", got)
	}
	other := serve(t, o, guard.DeadlineWith(2*time.Second, 5*time.Second, map[string]time.Duration{
		saboresv1connect.OrderServiceGetMyOrderProcedure: time.Minute,
	}))
	if _, err := other.PlaceOrder(context.Background(), connect.NewRequest(&saboresv1.PlaceOrderRequest{})); err != nil {
		t.Fatal(err)
	}
	if got := <-o.deadline; got > 2*time.Second {
		t.Errorf("other procedure's deadline in %s, want the 2 s default", got)
	}
}

// TestOrderLimit: past the burst a shopper gets ResourceExhausted with a
// RetryInfo saying when to come back; another shopper is not affected.
func TestOrderLimit(t *testing.T) {
	t.Parallel()
	o := orders{deadline: make(chan time.Duration, 10)}
	c := serve(t, o, signedIn(), guard.OrderLimit(dbtest.New(t), time.Minute, 2))
	place := func(user string) error {
		req := connect.NewRequest(&saboresv1.PlaceOrderRequest{})
		req.Header().Set("X-Test-User", user)
		_, err := c.PlaceOrder(context.Background(), req)
		if err == nil {
			<-o.deadline
		}
		return err
	}
	for i := range 2 {
		if err := place("maria"); err != nil {
			t.Fatalf("order %d within the burst: %v", i+1, err)
		}
	}
	err := place("maria")
	var cerr *connect.Error
	if !errors.As(err, &cerr) || cerr.Code() != connect.CodeResourceExhausted {
		t.Fatalf("third order = %v, want ResourceExhausted", err)
	}
	if !strings.Contains(cerr.Message(), "try again in") {
		t.Errorf("message %q gives no hint", cerr.Message())
	}
	var retry *errdetails.RetryInfo
	for _, d := range cerr.Details() {
		if v, err := d.Value(); err == nil {
			if r, ok := v.(*errdetails.RetryInfo); ok {
				retry = r
			}
		}
	}
	if retry == nil || retry.GetRetryDelay().AsDuration() <= 0 || retry.GetRetryDelay().AsDuration() > time.Minute {
		t.Errorf("RetryInfo = %v, want a delay up to a minute", retry)
	}
	if err := place("joao"); err != nil {
		t.Errorf("another shopper was limited too: %v", err)
	}
}

// TestHeaders: every response carries the security headers; HSTS only when
// the public URL is https.
func TestHeaders(t *testing.T) {
	t.Parallel()
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok")) })
	for _, tc := range []struct {
		publicURL string
		hsts      bool
	}{{"http://localhost:8080", false}, {"https://sabores.es", true}} {
		rec := httptest.NewRecorder()
		guard.Headers(tc.publicURL, nil)(ok).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
		h := rec.Header()
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("CSP %q lacks %q", csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("CSP %q allows inline code", csp)
		}
		for k, v := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"X-Frame-Options":        "DENY",
			"Referrer-Policy":        "strict-origin-when-cross-origin",
		} {
			if h.Get(k) != v {
				t.Errorf("%s = %q, want %q", k, h.Get(k), v)
			}
		}
		if got := h.Get("Strict-Transport-Security") != ""; got != tc.hsts {
			t.Errorf("%s: HSTS sent = %v, want %v", tc.publicURL, got, tc.hsts)
		}
		if !strings.Contains(csp, "form-action 'self';") {
			t.Errorf("CSP %q lets forms post elsewhere", csp)
		}
	}
}

// TestHeadersOfTheAPI: a call of the API keeps every header guarding a
// response that is not a document; only the document-only three go, and
// only for the services named (a page or an unknown path keeps them).
func TestHeadersOfTheAPI(t *testing.T) {
	t.Parallel()
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {})
	h := guard.Headers("https://sabores.es", []string{"sabores.v1.CatalogService"})(ok)
	documentOnly := []string{"Referrer-Policy", "Permissions-Policy", "Cross-Origin-Opener-Policy"}
	for _, tc := range []struct {
		path string
		api  bool
	}{
		{"/sabores.v1.CatalogService/ListProducts", true},
		{"/sabores.v1.CatalogService/", true},
		{"/sabores.v1.CartService/GetCart", false},
		{"/sabores.v1.CatalogService", false},
		{"/", false},
		{"/producto/aceite", false},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path, nil))
		got := rec.Header()
		for _, k := range []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Strict-Transport-Security"} {
			if got.Get(k) == "" {
				t.Errorf("%s: no %s", tc.path, k)
			}
		}
		if got.Get("Content-Security-Policy") != guard.ContentSecurityPolicy {
			t.Errorf("%s: CSP %q, want the shop's", tc.path, got.Get("Content-Security-Policy"))
		}
		// The till's pages read barcodes with the camera; nothing else may.
		if pp := got.Get("Permissions-Policy"); !tc.api && (!strings.Contains(pp, "camera=(self)") || !strings.Contains(pp, "microphone=()")) {
			t.Errorf("%s: Permissions-Policy %q, want the camera for the shop's own pages only", tc.path, pp)
		}
		for _, k := range documentOnly {
			if sent := got.Get(k) != ""; sent == tc.api {
				t.Errorf("%s: %s sent = %v, want %v", tc.path, k, sent, !tc.api)
			}
		}
	}
}

// TestHeadersAllowThePaymentPage: the checkout's form may post to the
// Redsys payment page configured, and nowhere else.
func TestHeadersAllowThePaymentPage(t *testing.T) {
	t.Parallel()
	rec := httptest.NewRecorder()
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {})
	guard.Headers("https://sabores.es", nil, "https://sis.redsys.es")(ok).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self' https://sis.redsys.es;") {
		t.Errorf("CSP %q does not let the checkout post to Redsys", csp)
	}
}

// TestLimitBodies: reading a body past the cap fails, whether its length
// was declared or not.
func TestLimitBodies(t *testing.T) {
	t.Parallel()
	h := guard.LimitBodies(10)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.ReadAll(r.Body); err != nil {
			http.Error(w, err.Error(), http.StatusRequestEntityTooLarge)
		}
	}))
	for _, tc := range []struct {
		body   io.Reader
		length int64
		want   int
	}{
		{strings.NewReader("short"), 5, http.StatusOK},
		{strings.NewReader(strings.Repeat("x", 11)), 11, http.StatusRequestEntityTooLarge},
		{io.MultiReader(strings.NewReader(strings.Repeat("x", 11))), -1, http.StatusRequestEntityTooLarge},
	} {
		req := httptest.NewRequest(http.MethodPost, "/", tc.body)
		req.ContentLength = tc.length
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tc.want {
			t.Errorf("body of length %d: %d, want %d", tc.length, rec.Code, tc.want)
		}
	}
}

// TestThisMachineOnly: a development route answers a browser on this
// machine, and refuses what a proxy passed on or a foreign Host.
func TestThisMachineOnly(t *testing.T) {
	t.Parallel()
	h := guard.ThisMachineOnly(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	for _, tt := range []struct {
		name   string
		host   string
		remote string
		header string
		want   int
	}{
		{"a local browser", "localhost:8080", "127.0.0.1:50000", "", http.StatusOK},
		{"a local browser over IPv6", "[::1]:8080", "[::1]:50000", "", http.StatusOK},
		{"through a local proxy", "localhost:8080", "127.0.0.1:50000", "X-Forwarded-For", http.StatusForbidden},
		{"through a standard proxy", "localhost:8080", "127.0.0.1:50000", "Forwarded", http.StatusForbidden},
		{"a foreign Host", "shop.example.com", "127.0.0.1:50000", "", http.StatusForbidden},
		{"another machine", "localhost:8080", "192.0.2.7:50000", "", http.StatusForbidden},
	} {
		req := httptest.NewRequest(http.MethodGet, "/dev-oidc/login", nil)
		req.Host, req.RemoteAddr = tt.host, tt.remote
		if tt.header != "" {
			req.Header.Set(tt.header, "203.0.113.9")
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, rec.Code, tt.want)
		}
	}
}
