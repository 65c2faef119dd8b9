package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/sabores/sabores/backend/internal/buildinfo"
)

func init() {
	register(&Command{
		Name:    "version",
		Summary: "Print shopd's version, commit, build time and Go version.",
		Run: func(_ context.Context, app *App, _ any, _ []string) error {
			_, err := fmt.Fprintln(app.Stdout, buildinfo.Get())
			return err
		},
	})
	register(&Command{
		Name:    "healthcheck",
		Summary: "Ask the shopd listening on ADDR for /healthz; exit 0 when it answers 200 (a container's health check: the image has no curl).",
		Flags: func(fs *flag.FlagSet) any {
			return fs.Duration("timeout", 5*time.Second, "how long to wait for the answer")
		},
		Run: func(ctx context.Context, app *App, opts any, _ []string) error {
			ctx, cancel := context.WithTimeout(ctx, *opts.(*time.Duration))
			defer cancel()
			return healthcheck(ctx, healthzURL(app.Config.Addr))
		},
	})
}

// healthzURL is where a process on the same machine reaches shopd listening
// on addr: a wildcard or empty host listens on loopback too.
func healthzURL(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		host, port = addr, "80"
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz"
}

func healthcheck(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck %s: %w", url, err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode != http.StatusOK {
		return errors.New("healthcheck " + url + ": " + resp.Status + ": " + string(body))
	}
	return nil
}
