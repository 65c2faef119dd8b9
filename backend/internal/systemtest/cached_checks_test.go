package systemtest

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/authz"
	"github.com/sabores/sabores/backend/internal/cataloguecache"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// TestCachedReadsKeepEveryCheck: once shopd answers a public read from
// memory (cataloguecache.Middleware, before any interceptor), every check a
// request must pass still applies to the requests that differ from it:
// protovalidate refuses a bad message, a malformed or revoked API key is
// refused even for a cached read, and a private procedure still needs its
// session.
func TestCachedReadsKeepEveryCheck(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	logs := &logBuffer{}
	shop := newTestShop(t, dbtest.URL(pool), logs)
	list := shop.URL + saboresv1connect.CatalogServiceListProductsProcedure
	get := list + "?encoding=json&message=" + url.QueryEscape(`{"category":"bebidas"}`)
	call := func(method, u, body string, header map[string]string) (int, string) {
		t.Helper()
		req, err := http.NewRequestWithContext(t.Context(), method, u, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = res.Body.Close() }()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	// The cache stores nothing until the change feed listens: ask until a
	// POST and a GET are answered from memory (their log lines name the
	// path, not the procedure, as no interceptor saw them).
	hit := func(method string) bool {
		for line := range strings.Lines(logs.String()) {
			if strings.Contains(line, "method="+method+" ") &&
				strings.Contains(line, "path="+saboresv1connect.CatalogServiceListProductsProcedure+" status=200") {
				return true
			}
		}
		return false
	}
	var want string
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, body := call("POST", list, `{"category":"bebidas"}`, nil)
		if code != http.StatusOK || !strings.Contains(body, `"products"`) {
			t.Fatalf("POST ListProducts: %d %s", code, body)
		}
		want = body
		if code, _ := call("GET", get, "", nil); code != http.StatusOK {
			t.Fatalf("GET ListProducts: %d", code)
		}
		if hit("POST") && hit("GET") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no read was answered from memory\n%s", logs)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if code, body := call("POST", list, `{"category":"bebidas"}`, nil); code != http.StatusOK || body != want {
		t.Fatalf("cached POST: %d, same body %t", code, body == want)
	}

	for range 2 {
		// protovalidate: page_size must not be negative.
		if code, body := call("POST", list, `{"category":"bebidas","pageSize":-1}`, nil); code != http.StatusBadRequest || !strings.Contains(body, "invalid_argument") {
			t.Errorf("POST with a negative page size: %d %s, want invalid_argument", code, body)
		}
		bad := list + "?encoding=json&message=" + url.QueryEscape(`{"category":"bebidas","pageSize":-1}`)
		if code, body := call("GET", bad, "", nil); code != http.StatusBadRequest || !strings.Contains(body, "invalid_argument") {
			t.Errorf("GET with a negative page size: %d %s, want invalid_argument", code, body)
		}
		// A malformed API key on the very request that is cached.
		key := map[string]string{"Authorization": "Bearer sab_not-a-key"}
		if code, body := call("POST", list, `{"category":"bebidas"}`, key); code != http.StatusUnauthorized {
			t.Errorf("cached POST with a bad API key: %d %s, want 401", code, body)
		}
		if code, body := call("GET", get, "", key); code != http.StatusUnauthorized {
			t.Errorf("cached GET with a bad API key: %d %s, want 401", code, body)
		}
		// A private read needs its session, however the public ones are served.
		if code, body := call("POST", shop.URL+saboresv1connect.AccountServiceGetMyDashboardProcedure, `{}`, nil); code != http.StatusUnauthorized {
			t.Errorf("GetMyDashboard without a session: %d %s, want 401", code, body)
		}
	}
}

// TestCachedProceduresArePublicReads: Middleware skips authentication and
// authorization for the procedures it answers, which is safe only while
// each is Public and marked NO_SIDE_EFFECTS in the contract.
func TestCachedProceduresArePublicReads(t *testing.T) {
	t.Parallel()
	reads := map[string]bool{}
	for _, m := range authz.Methods() {
		reads[authz.Procedure(m)] = authz.NoSideEffects(m)
	}
	for _, p := range cataloguecache.Procedures() {
		if authz.Policy(p) != authz.Public {
			t.Errorf("%s is answered from memory but its policy is not Public", p)
		}
		if !reads[p] {
			t.Errorf("%s is answered from memory but the contract does not mark it NO_SIDE_EFFECTS", p)
		}
	}
}
