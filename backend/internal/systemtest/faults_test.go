package systemtest

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/testwait"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/faultproxy"
	"github.com/sabores/sabores/backend/internal/guard"
)

var listeningAt = regexp.MustCompile(`msg=listening addr=(\S+)`)

func status(t *testing.T, u string) int {
	t.Helper()
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	return res.StatusCode
}

// Secrets given to shopd that must never appear in its logs.
const (
	sentinelDBPassword   = "db-pass-5e1f7c"
	sentinelGoogleSecret = "google-secret-9a3b2d"
)

// TestServeWaitsForDatabase starts shopd while its database is unreachable
// (a proxy closing every connection): it must listen, answer /healthz (and
// every other path) with 503 and the security headers, log why it is waiting, and open as soon as the database is back. The
// secrets it was given never reach the log.
func TestServeWaitsForDatabase(t *testing.T) {
	t.Parallel()
	dbURL, err := url.Parse(dbtest.NewURL(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy, err := faultproxy.Listen(dbURL.Host, faultproxy.Down)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = proxy.Close() }()
	dbURL.Host = proxy.Addr()
	// Trust authentication ignores the password: it is there to be masked.
	dbURL.User = url.UserPassword(dbURL.User.Username(), sentinelDBPassword)

	env := map[string]string{
		"DATABASE_URL":         dbURL.String(),
		"SEED_ON_EMPTY":        "false",
		"GOOGLE_CLIENT_ID":     "client-id.apps.example",
		"GOOGLE_CLIENT_SECRET": sentinelGoogleSecret,
		"LOG_LEVEL":            "debug",
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	shopd := serve(ctx, env)
	logs := shopd.logs

	var base string
	testwait.Until(t, 10*time.Second, "the listening log line", func() bool {
		m := listeningAt.FindStringSubmatch(logs.String())
		if m != nil {
			base = "http://" + m[1]
		}
		return m != nil
	})
	for _, path := range []string{"/healthz", "/", "/sabores.v1.CatalogService/ListProducts"} {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
			t.Errorf("%s with the database down = %d, Retry-After %q; want 503 with a delay",
				path, res.StatusCode, res.Header.Get("Retry-After"))
		}
		// The waiting answer carries the same security headers as any other
		// (an API call's, the document-only ones aside: guard.Headers).
		want := map[string]string{
			"Content-Security-Policy": guard.ContentSecurityPolicy,
			"X-Content-Type-Options":  "nosniff",
			"X-Frame-Options":         "DENY",
		}
		if !strings.HasPrefix(path, "/sabores.v1.") {
			want["Referrer-Policy"] = "strict-origin-when-cross-origin"
		}
		for name, want := range want {
			if got := res.Header.Get(name); got != want {
				t.Errorf("%s with the database down: %s = %q, want %q", path, name, got, want)
			}
		}
	}
	testwait.Until(t, 10*time.Second, "a log line saying why it waits", func() bool {
		return strings.Contains(logs.String(), "database not reachable yet, retrying")
	})

	proxy.Set(faultproxy.Up)
	back := time.Now()
	select {
	case <-shopd.out.url:
	case err := <-shopd.done:
		t.Fatalf("serve stopped: %v\n%s", err, logs)
	case <-time.After(15 * time.Second):
		t.Fatalf("not open 15 s after the database came back\n%s", logs)
	}
	t.Logf("open %s after the database came back", time.Since(back).Round(time.Millisecond))
	if got := status(t, base+"/healthz"); got != http.StatusOK {
		t.Errorf("/healthz after the database came back = %d, want 200", got)
	}

	cancel()
	if err := <-shopd.done; err != nil {
		t.Errorf("serve returned %v after shutdown", err)
	}
	for _, secret := range []string{sentinelDBPassword, sentinelGoogleSecret} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the log contains the secret %q", secret)
		}
	}
}
