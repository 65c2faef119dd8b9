package webhook_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/webhook"
)

// TestProductionRefusesPrivateAddressesWhenDialling: the production client
// does not connect to a receiver on loopback, whatever the URL says.
func TestProductionRefusesPrivateAddressesWhenDialling(t *testing.T) {
	t.Parallel()
	reached := false
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { reached = true }))
	defer srv.Close()
	_, err := webhook.Client(false, 5*time.Second).Post(srv.URL, "application/json", nil)
	if !errors.Is(err, webhook.ErrForbiddenAddress) || reached {
		t.Errorf("delivery to %s: %v (reached %v), want ErrForbiddenAddress", srv.URL, err, reached)
	}
	res, err := webhook.Client(true, 5*time.Second).Post(srv.URL, "application/json", nil)
	if err != nil {
		t.Fatalf("development client: %v", err)
	}
	_ = res.Body.Close()
}

// TestRedirectsAreNotFollowed: a receiver's 3xx is its answer, not a
// place to go.
func TestRedirectsAreNotFollowed(t *testing.T) {
	t.Parallel()
	followed := false
	target := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { followed = true }))
	defer target.Close()
	srv := httptest.NewServer(http.RedirectHandler(target.URL, http.StatusTemporaryRedirect))
	defer srv.Close()
	res, err := webhook.Client(true, 5*time.Second).Post(srv.URL, "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusTemporaryRedirect || followed {
		t.Errorf("status %d, followed %v; want the 307 itself", res.StatusCode, followed)
	}
}

func TestPublic(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]bool{
		"93.184.216.34": true, "2606:2800:220:1::": true,
		"127.0.0.1": false, "::1": false, "10.1.2.3": false, "172.16.0.1": false, "192.168.1.1": false,
		"169.254.169.254": false, "fe80::1": false, "fd00::1": false, "100.64.0.1": false, "0.0.0.0": false,
		"::ffff:127.0.0.1": false, "224.0.0.1": false,
	} {
		if got := webhook.Public(netip.MustParseAddr(addr)); got != want {
			t.Errorf("Public(%s) = %v, want %v", addr, got, want)
		}
	}
}
