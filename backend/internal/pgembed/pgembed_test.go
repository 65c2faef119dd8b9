package pgembed

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func TestClusterKeepsDataAcrossRestarts(t *testing.T) {
	t.Parallel()
	if _, err := FindBinDir(context.Background()); err != nil {
		t.Skip(err)
	}
	// t.TempDir is only searchable by its owner: this also proves the
	// postgres user can reach a folder it has no permission on when we are root.
	dir := filepath.Join(t.TempDir(), "pg")
	ctx := context.Background()
	// Leftovers of an initdb killed half-way must not stop the next start.
	if err := os.MkdirAll(filepath.Join(dir, "data.initdb", "base"), 0o700); err != nil {
		t.Fatal(err)
	}

	first := start(t, ctx, dir)
	conn := connect(t, ctx, first)
	if _, err := conn.Exec(ctx, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')"); err != nil {
		t.Fatal(err)
	}
	var encoding string
	if err := conn.QueryRow(ctx, "SHOW server_encoding").Scan(&encoding); err != nil || encoding != "UTF8" {
		t.Errorf("server_encoding = %q, %v; want UTF8", encoding, err)
	}
	_ = conn.Close(ctx)
	stop(t, first)
	if err := first.Stop(ctx); err != nil {
		t.Errorf("second Stop: %v", err)
	}

	second := start(t, ctx, dir)
	conn = connect(t, ctx, second)
	var v string
	if err := conn.QueryRow(ctx, "SELECT v FROM kept").Scan(&v); err != nil || v != "still here" {
		t.Errorf("after restart got %q, %v", v, err)
	}
	_ = conn.Close(ctx)
	stop(t, second)
	if _, err := os.Stat(filepath.Join(dir, "data", "postmaster.pid")); !os.IsNotExist(err) {
		t.Errorf("postmaster.pid left behind after Stop: %v", err)
	}
}

func TestStartRejectsOtherMajorVersion(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "data"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "data", "PG_VERSION"), []byte("9.6\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Start(context.Background(), Options{Dir: dir, BinDir: t.TempDir()}); err == nil {
		t.Fatal("Start accepted a cluster of another major version")
	}
}

func start(t *testing.T, ctx context.Context, dir string) *Cluster {
	t.Helper()
	c, err := Start(ctx, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Stop(context.Background()) })
	return c
}

func stop(t *testing.T, c *Cluster) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := c.Stop(ctx); err != nil {
		t.Fatal(err)
	}
}

func connect(t *testing.T, ctx context.Context, c *Cluster) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(ctx, c.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	return conn
}
