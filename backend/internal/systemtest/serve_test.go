package systemtest

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/cli"

	"github.com/sabores/sabores/backend/internal/pgembed"
)

// announcer hands the first "Sabores is open at URL" line to the test.
type announcer struct {
	once sync.Once
	url  chan string
}

var openAt = regexp.MustCompile(`open at (http://\S+) `)

func (a *announcer) Write(p []byte) (int, error) {
	if m := openAt.FindSubmatch(p); m != nil {
		a.once.Do(func() { a.url <- string(m[1]) })
	}
	return len(p), nil
}

// TestServeWithEmbeddedPostgres runs `shopd serve` as a user would on a
// machine with no database configured: it must create the cluster, migrate,
// serve, and on shutdown stop the cluster, keeping its data.
func TestServeWithEmbeddedPostgres(t *testing.T) {
	t.Parallel()
	if _, err := pgembed.FindBinDir(context.Background()); err != nil {
		t.Skip(err)
	}
	dataDir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &announcer{url: make(chan string, 1)}
	env := map[string]string{"DATA_DIR": dataDir}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	done := make(chan error, 1)
	go func() {
		done <- cli.Run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, lookup, out, io.Discard)
	}()

	var base string
	select {
	case base = <-out.url:
	case err := <-done:
		t.Fatalf("serve stopped before listening: %v", err)
	case <-time.After(90 * time.Second):
		t.Fatal("serve did not start within 90s")
	}
	res, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("/healthz = %d, want 200", res.StatusCode)
	}

	cancel()
	if err := <-done; err != nil {
		t.Errorf("serve returned %v after shutdown", err)
	}
	pgData := filepath.Join(dataDir, "postgres", "data")
	if _, err := os.Stat(filepath.Join(pgData, "postmaster.pid")); !os.IsNotExist(err) {
		t.Errorf("embedded PostgreSQL still running after serve returned (postmaster.pid: %v)", err)
	}
	if _, err := os.Stat(filepath.Join(pgData, "PG_VERSION")); err != nil {
		t.Errorf("cluster data gone after shutdown: %v", err)
	}
}
