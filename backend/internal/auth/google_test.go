package auth_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestGoogleLoginRedirect points the Google provider at a fake issuer that
// serves only a discovery document, and checks the authorization request
// /auth/login sends the browser to: code flow, PKCE S256, state, nonce,
// the account picker, and the shop's callback.
func TestGoogleLoginRedirect(t *testing.T) {
	t.Parallel()
	var issuer string
	google := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/.well-known/openid-configuration" {
			http.NotFound(w, r)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{
			"issuer":                 issuer,
			"authorization_endpoint": issuer + "/o/oauth2/v2/auth",
			"token_endpoint":         issuer + "/token",
			"jwks_uri":               issuer + "/certs",
			"userinfo_endpoint":      issuer + "/userinfo",
		})
	}))
	t.Cleanup(google.Close)
	issuer = google.URL

	svc, err := auth.New(t.Context(), dbtest.New(t), auth.Config{
		PublicURL:          "https://sabores.example",
		GoogleIssuer:       issuer,
		GoogleClientID:     "shop-client",
		GoogleClientSecret: "shop-secret",
	})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	svc.Routes()["GET /auth/login"].ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "https://sabores.example/auth/login?redirect=/checkout", nil))
	if rec.Code != http.StatusFound {
		t.Fatalf("GET /auth/login: %d %s", rec.Code, rec.Body)
	}
	loc, err := url.Parse(rec.Header().Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	q := loc.Query()
	if got := loc.Scheme + "://" + loc.Host + loc.Path; got != issuer+"/o/oauth2/v2/auth" {
		t.Errorf("redirected to %s, want Google's authorization endpoint", got)
	}
	want := map[string]string{
		"response_type":         "code",
		"client_id":             "shop-client",
		"redirect_uri":          "https://sabores.example/auth/callback",
		"scope":                 "openid email profile",
		"prompt":                "select_account",
		"code_challenge_method": "S256",
	}
	for k, v := range want {
		if q.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, q.Get(k), v)
		}
	}
	for _, k := range []string{"state", "nonce", "code_challenge"} {
		if len(q.Get(k)) < 32 {
			t.Errorf("%s = %q, want a random value", k, q.Get(k))
		}
	}
	if q.Get("state") == q.Get("nonce") {
		t.Error("state and nonce are the same value")
	}
	var flow *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if c.Name == "sabores_signin" {
			flow = c
		}
	}
	if flow == nil || !flow.Secure || !flow.HttpOnly || flow.Path != "/auth/" || flow.SameSite != http.SameSiteLaxMode {
		t.Errorf("flow cookie = %+v, want Secure, HttpOnly, SameSite=Lax, Path=/auth/", flow)
	}
}
