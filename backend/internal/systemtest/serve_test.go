package systemtest

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/sabores/sabores/backend/internal/pgembed"
)

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
	shopd := serve(ctx, map[string]string{"DATA_DIR": dataDir})
	base := shopd.opened(t)
	res, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("/healthz = %d, want 200", res.StatusCode)
	}

	cancel()
	if err := <-shopd.done; err != nil {
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
