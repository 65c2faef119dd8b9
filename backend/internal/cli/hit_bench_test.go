package cli

import (
	"context"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/server"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// cachedShop is shopd's whole handler chain (front and handler, as serve
// builds them) on a seeded database, with PUBLIC_URL publicURL (https
// adds HSTS to every answer), logging to logs.
func cachedShop(tb testing.TB, seeded string, publicURL string, logs slog.Handler) http.Handler {
	tb.Helper()
	ctx := tb.Context()
	cfg := config.Default()
	cfg.SeedOnEmpty = false
	cfg.PublicURL = publicURL
	app := &App{Config: cfg, Log: slog.New(logs), Stdout: io.Discard}
	dbs, err := openDatabases(ctx, withDSN(app, seeded), true)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { dbs.Close(context.WithoutCancel(ctx), app) })
	h, _, err := handler(ctx, app, dbs)
	if err != nil {
		tb.Fatal(err)
	}
	gate := new(server.Gate)
	gate.Open(h)
	return front(app, gate)
}

// listProducts is the request of issue 19's ceiling section: a Connect GET,
// or a POST of declared length (as wrk's and browsers' are) whose body is
// read again from the start for every call.
func listProducts(method string) (*http.Request, *rewound) {
	const message = `{"category":"bebidas"}`
	body := &rewound{message: message}
	if method == http.MethodGet {
		return httptest.NewRequest(method, "/sabores.v1.CatalogService/ListProducts?connect=v1&encoding=json&message="+url.QueryEscape(message), nil), body
	}
	r := httptest.NewRequest(method, "/sabores.v1.CatalogService/ListProducts", body)
	r.Header.Set("Content-Type", "application/json")
	r.ContentLength = int64(len(message))
	return r, body
}

// BenchmarkCachedHit serves a cached catalogue read through shopd's whole
// handler chain, the work of issue 19's ceiling section without
// net/http's connection and syscalls: run with -benchmem, its allocs/op
// are what a hit costs the collector. Over https (HSTS) a hit sends one
// header more (TestCachedHitHeaders).
func BenchmarkCachedHit(b *testing.B) {
	seeded := dbtest.URL(dbtest.NewSeeded(b))
	for _, level := range []slog.Level{slog.LevelWarn, slog.LevelInfo} {
		for _, publicURL := range []string{"http://localhost:8080", "https://sabores.example"} {
			// At info every hit's line is formatted, as shopd's default
			// LOG_LEVEL does; DiscardHandler would format none.
			logs := slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: level}) //nolint:sloglint // see above
			shop := cachedShop(b, seeded, publicURL, logs)
			scheme, _, _ := strings.Cut(publicURL, ":")
			for _, method := range []string{http.MethodGet, http.MethodPost} {
				b.Run(strings.ToLower(level.String()+"/"+scheme+"/"+method), func(b *testing.B) {
					// One request serves every iteration: the layers copy
					// it before changing it, and a POST's body is rewound.
					r, body := listProducts(method)
					for range 2 {
						body.Reset()
						w := httptest.NewRecorder()
						shop.ServeHTTP(w, r)
						if w.Code != http.StatusOK {
							b.Fatalf("%s: %d %s", method, w.Code, w.Body)
						}
					}
					b.ReportAllocs()
					for b.Loop() {
						body.Reset()
						shop.ServeHTTP(&sink{header: http.Header{}}, r)
					}
				})
			}
		}
	}
}

// TestCachedHitHeaders lists the headers a cached read answers with, for
// plain HTTP and HTTPS, GET and POST. Go's map keeps up to 8 entries in
// one group; a 9th turns net/http's response header map into a table,
// which it then clones at WriteHeader: over https a GET hit has 9.
// Every one is needed (see guard.Headers for the security headers): the
// content's type (net/http would sniff text/plain, which Connect clients
// refuse) and length (without it net/http chunks a body over 2 KB), the
// request id that matches a report with the log line (docs/operations.md
// promises it), a GET's Cache-Control and Vary: Accept-Encoding
// (Connect's cacheable reads: a shared cache must not hand a gzipped
// answer to a client that did not ask for one; a POST's answer is not
// cacheable and goes without both), and CSP, nosniff, X-Frame-Options
// and HSTS.
func TestCachedHitHeaders(t *testing.T) {
	t.Parallel()
	seeded := dbtest.URL(dbtest.NewSeeded(t))
	security := []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options"}
	content := []string{"Content-Length", "Content-Type", server.RequestIDHeader}
	for _, tc := range []struct {
		publicURL, method string
		want              []string
	}{
		{"http://localhost:8080", http.MethodGet, append(append([]string{"Cache-Control", "Vary"}, security...), content...)},
		{"http://localhost:8080", http.MethodPost, append(slices.Clone(security), content...)},
		{"https://sabores.example", http.MethodGet, append(append([]string{"Cache-Control", "Vary", "Strict-Transport-Security"}, security...), content...)},
		{"https://sabores.example", http.MethodPost, append(append([]string{"Strict-Transport-Security"}, security...), content...)},
	} {
		shop := cachedShop(t, seeded, tc.publicURL, slog.DiscardHandler)
		r, body := listProducts(tc.method)
		var got []string
		// The cache keeps answers once its change feed listens; only a
		// hit goes without Connect's Accept-Encoding (cataloguecache).
		testwait.Until(t, 10*time.Second, "a cached answer", func() bool {
			body.Reset()
			w := httptest.NewRecorder()
			shop.ServeHTTP(w, r)
			if w.Code != http.StatusOK {
				t.Fatalf("%s %s: %d %s", tc.publicURL, tc.method, w.Code, w.Body)
			}
			got = slices.Sorted(maps.Keys(w.Result().Header))
			return w.Header().Get("Accept-Encoding") == ""
		})
		if want := slices.Sorted(slices.Values(tc.want)); !slices.Equal(got, want) {
			t.Errorf("%s %s: a hit answers with\n%q, want\n%q", tc.publicURL, tc.method, got, want)
		}
	}
}

// sink is a ResponseWriter that keeps nothing, as cheap as the benchmark
// can make the part of a response net/http itself does.
type sink struct{ header http.Header }

func (s *sink) Header() http.Header       { return s.header }
func (*sink) Write(b []byte) (int, error) { return len(b), nil }
func (*sink) WriteHeader(int)             {}

// rewound is a request body read again from the start after each Reset.
type rewound struct {
	strings.Reader
	message string
}

func (r *rewound) Reset()     { r.Reader.Reset(r.message) }
func (*rewound) Close() error { return nil }
