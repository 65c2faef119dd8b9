package cli

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/server"
)

// BenchmarkCachedHit serves a cached catalogue read through shopd's whole
// handler chain (front and handler, as serve builds them), the work of
// issue 19's ceiling section without net/http's connection and syscalls:
// run with -benchmem, its allocs/op are what a hit costs the collector.
func BenchmarkCachedHit(b *testing.B) {
	seeded := dbtest.NewSeeded(b)
	ctx := b.Context()
	cfg := config.Default()
	cfg.SeedOnEmpty = false
	for _, level := range []slog.Level{slog.LevelWarn, slog.LevelInfo} {
		// At info every hit's line is formatted, as shopd's default
		// LOG_LEVEL does; DiscardHandler would format none.
		logs := slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: level}) //nolint:sloglint // see above
		app := &App{Config: cfg, Log: slog.New(logs), Stdout: io.Discard}
		dbs, err := openDatabases(ctx, withDSN(app, dbtest.URL(seeded)), true)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { dbs.Close(context.WithoutCancel(ctx), app) })
		h, _, err := handler(ctx, app, dbs)
		if err != nil {
			b.Fatal(err)
		}
		gate := new(server.Gate)
		gate.Open(h)
		shop := front(app, gate)
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			b.Run(strings.ToLower(level.String()+"/"+method), func(b *testing.B) {
				const message = `{"category":"bebidas"}`
				// One request serves every iteration: the layers copy it
				// before changing it, and a POST's body is rewound.
				body := &rewound{}
				r := httptest.NewRequest(method, "/sabores.v1.CatalogService/ListProducts?connect=v1&encoding=json&message="+url.QueryEscape(message), nil)
				if method == http.MethodPost {
					r = httptest.NewRequest(method, "/sabores.v1.CatalogService/ListProducts", body)
					r.Header.Set("Content-Type", "application/json")
					// As wrk's and browsers' POSTs declare it.
					r.ContentLength = int64(len(message))
				}
				for range 2 {
					body.Reset(message)
					w := httptest.NewRecorder()
					shop.ServeHTTP(w, r)
					if w.Code != http.StatusOK {
						b.Fatalf("%s: %d %s", method, w.Code, w.Body)
					}
				}
				b.ReportAllocs()
				for b.Loop() {
					body.Reset(message)
					shop.ServeHTTP(&sink{header: http.Header{}}, r)
				}
			})
		}
	}
}

// sink is a ResponseWriter that keeps nothing, as cheap as the benchmark
// can make the part of a response net/http itself does.
type sink struct{ header http.Header }

func (s *sink) Header() http.Header       { return s.header }
func (*sink) Write(b []byte) (int, error) { return len(b), nil }
func (*sink) WriteHeader(int)             {}

// rewound is a request body read again from the start on every iteration.
type rewound struct{ strings.Reader }

func (*rewound) Close() error { return nil }
