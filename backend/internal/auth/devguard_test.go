package auth_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// devAuthorize asks the development provider to start a sign-in from addr
// with state, as /auth/login's redirect would.
func devAuthorize(h http.Handler, addr, state string) *httptest.ResponseRecorder {
	q := url.Values{
		"client_id": {"sabores-shop"}, "redirect_uri": {"http://localhost:8080/auth/callback"},
		"response_type": {"code"}, "scope": {"openid email profile"}, "state": {state}, "nonce": {"n"},
		"code_challenge": {"E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"}, "code_challenge_method": {"S256"},
	}
	req := httptest.NewRequest(http.MethodGet, "http://localhost:8080/dev-oidc/authorize?"+q.Encode(), nil)
	req.RemoteAddr = addr + ":40000"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestDevProviderHoldsBoundedMemory: the development provider keeps sign-ins
// in progress in memory, so it refuses huge parameters, limits each address
// and keeps a bounded number of sign-ins pending.
func TestDevProviderHoldsBoundedMemory(t *testing.T) {
	t.Parallel()
	svc, err := auth.New(t.Context(), dbtest.New(t), auth.Config{PublicURL: "http://localhost:8080", DevSignIn: true})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	for pattern, h := range svc.Routes() {
		mux.Handle(pattern, h)
	}
	started := func(rec *httptest.ResponseRecorder) bool {
		return rec.Code == http.StatusFound && strings.Contains(rec.Header().Get("Location"), "authRequestID=")
	}
	if rec := devAuthorize(mux, "192.0.2.1", "ok"); !started(rec) {
		t.Fatalf("a normal authorize request: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	if rec := devAuthorize(mux, "192.0.2.2", strings.Repeat("s", 60<<10)); started(rec) {
		t.Error("a 60 KB state started a sign-in")
	}
	limited := false
	for range 200 {
		if rec := devAuthorize(mux, "192.0.2.3", "x"); rec.Code == http.StatusTooManyRequests {
			limited = true
			break
		}
	}
	if !limited {
		t.Error("200 authorize requests from one address in a row were all served")
	}
	refused := 0
	for i := range 1500 {
		if !started(devAuthorize(mux, fmt.Sprintf("198.51.%d.%d", i/250, i%250), "x")) {
			refused++
		}
	}
	if refused < 300 {
		t.Errorf("1 500 sign-ins left pending from as many addresses: %d refused, want the pending ones capped", refused)
	}
}
