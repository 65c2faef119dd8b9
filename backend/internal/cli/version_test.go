package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
)

func TestVersionCommand(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"version"}, noEnv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "shopd ") || !strings.Contains(out.String(), runtime.Version()) {
		t.Errorf("version printed %q", out.String())
	}
}

func TestHealthcheckCommand(t *testing.T) {
	t.Parallel()
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(status)
	}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	run := func() error {
		return Run(context.Background(), []string{"healthcheck", "--addr", addr}, noEnv, io.Discard, io.Discard)
	}
	if err := run(); err != nil {
		t.Errorf("healthy shopd: %v", err)
	}
	status = http.StatusServiceUnavailable
	if err := run(); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("unhealthy shopd: %v, want a 503 error", err)
	}
}

func TestHealthzURL(t *testing.T) {
	t.Parallel()
	for addr, want := range map[string]string{
		":8080":          "http://127.0.0.1:8080/healthz",
		"0.0.0.0:8080":   "http://127.0.0.1:8080/healthz",
		"[::]:8080":      "http://127.0.0.1:8080/healthz",
		"localhost:8080": "http://localhost:8080/healthz",
		"10.0.0.5:9000":  "http://10.0.0.5:9000/healthz",
	} {
		if got := healthzURL(addr); got != want {
			t.Errorf("healthzURL(%q) = %q, want %q", addr, got, want)
		}
	}
}
