package systemtest

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/testwait"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// freePort is a TCP port nothing listens on right now.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	_, port, _ := net.SplitHostPort(l.Addr().String())
	return port
}

// TestCaddy runs deploy/Caddyfile with Caddy's own CA (tls internal) in
// front of a shopd: plain HTTP is redirected to HTTPS, answers carry HSTS,
// and a native gRPC call (HTTP/2 over TLS to Caddy, h2c to shopd) gets its
// answer. It needs Debian's caddy: ./task caddy-test sets
// SABORES_CADDY_TEST=1 after installing it.
func TestCaddy(t *testing.T) {
	if os.Getenv("SABORES_CADDY_TEST") == "" {
		t.Skip("SABORES_CADDY_TEST unset: ./task caddy-test runs this with Debian's caddy")
	}
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		t.Fatal("caddy is not installed: ./task caddy installs it")
	}
	direct := dbtest.NewSeeded(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	shopd := serve(ctx, map[string]string{"DATABASE_URL": dbtest.URL(direct), "SEED_ON_EMPTY": "false"})
	shop := shopd.opened(t)

	home := t.TempDir()
	httpPort, httpsPort := freePort(t), freePort(t)
	cmd := exec.CommandContext(ctx, caddy, "run", "--config", "../../../deploy/Caddyfile", "--adapter", "caddyfile")
	cmd.Env = []string{
		"HOME=" + home, "XDG_DATA_HOME=" + filepath.Join(home, "data"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"SHOP_DOMAIN=localhost", "SHOP_TLS=internal", "SHOPD_ADDR=" + strings.TrimPrefix(shop, "http://"),
		"HTTP_PORT=" + httpPort, "HTTPS_PORT=" + httpsPort, "CADDY_ADMIN=off",
	}
	logs := &logBuffer{}
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); _ = cmd.Wait() }()

	// Caddy makes its CA on start; the client trusts that root alone.
	root := filepath.Join(home, "data", "caddy", "pki", "authorities", "local", "root.crt")
	testwait.Until(t, 20*time.Second, "Caddy's local CA", func() bool { _, err := os.Stat(root); return err == nil })
	pem, err := os.ReadFile(root)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	if !roots.AppendCertsFromPEM(pem) {
		t.Fatal("Caddy's root certificate does not parse")
	}
	tlsClient := &http.Client{Transport: &http.Transport{
		TLSClientConfig: &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12}, ForceAttemptHTTP2: true,
	}, Timeout: 10 * time.Second}
	base := "https://localhost:" + httpsPort

	var res *http.Response
	testwait.Until(t, 20*time.Second, "Caddy serving HTTPS", func() bool {
		r, err := tlsClient.Get(base + "/healthz")
		if err != nil {
			return false
		}
		_ = r.Body.Close()
		res = r
		return true
	})
	if res.StatusCode != http.StatusOK || res.ProtoMajor != 2 {
		t.Errorf("GET /healthz through Caddy: %s over %s, want 200 over HTTP/2\n%s", res.Status, res.Proto, logs)
	}
	if hsts := res.Header.Get("Strict-Transport-Security"); !strings.Contains(hsts, "max-age=") {
		t.Errorf("Strict-Transport-Security = %q", hsts)
	}

	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	plain, err := noFollow.Get("http://localhost:" + httpPort + "/catalogo")
	if err != nil {
		t.Fatal(err)
	}
	_ = plain.Body.Close()
	if loc := plain.Header.Get("Location"); plain.StatusCode/100 != 3 || !strings.HasPrefix(loc, "https://localhost") {
		t.Errorf("plain HTTP: %s to %q, want a redirect to https", plain.Status, loc)
	}

	var id int64
	if err := direct.QueryRow(ctx, `SELECT min(id) FROM products`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	client := saboresv1connect.NewCatalogServiceClient(tlsClient, base, connect.WithGRPC())
	got, err := client.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: id}))
	if err != nil {
		t.Fatalf("gRPC GetProduct through Caddy: %v\n%s", err, logs)
	}
	if got.Msg.GetProduct().GetName() == "" {
		t.Errorf("gRPC GetProduct through Caddy answered no product: %v", got.Msg)
	}
}
