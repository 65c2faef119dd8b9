package systemtest

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestSignInRateLimit: one client address starting sign-in in a loop is
// answered 429 Too Many Requests with a Retry-After hint, through shopd's
// full handler.
func TestSignInRateLimit(t *testing.T) {
	t.Parallel()
	shop := newTestShop(t, dbtest.URL(dbtest.New(t)), &logBuffer{})
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for i := range 100 {
		res, err := noRedirect.Get(shop.URL + "/auth/login?redirect=/")
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode == http.StatusTooManyRequests {
			if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err != nil || s < 1 {
				t.Errorf("429 with Retry-After %q, want seconds", res.Header.Get("Retry-After"))
			}
			t.Logf("limited after %d sign-in starts", i)
			return
		}
	}
	t.Error("100 sign-in starts from one address in a row were all served")
}

// TestSignInRateLimitIgnoresSpoofedForwardedFor: a client on this machine
// (or the private network) writing a new X-Forwarded-For for each request
// is still one address: with no TRUSTED_PROXIES the header is not believed.
func TestSignInRateLimitIgnoresSpoofedForwardedFor(t *testing.T) {
	t.Parallel()
	shop := newTestShop(t, dbtest.URL(dbtest.New(t)), &logBuffer{})
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for i := range 100 {
		req, err := http.NewRequest(http.MethodGet, shop.URL+"/auth/login?redirect=/", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("X-Forwarded-For", "198.51.100."+strconv.Itoa(i))
		res, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode == http.StatusTooManyRequests {
			return
		}
	}
	t.Error("100 sign-in starts, each with a made-up X-Forwarded-For, were all served")
}
