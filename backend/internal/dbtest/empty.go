package dbtest

import (
	"context"
	"testing"
	"time"
)

// NewEmptyURL creates a database with no schema at all (not cloned from
// the migrated template), for tests that load one themselves, as
// `shopd restore` does, and returns its URL. It is dropped when the test
// ends.
func NewEmptyURL(t testing.TB) string {
	t.Helper()
	admin := adminURL()
	name := "sabores_test_" + randomHex(8)
	if err := exec(context.Background(), admin, "CREATE DATABASE "+quote(name)); err != nil {
		t.Fatalf("dbtest: create empty database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := exec(ctx, admin, "DROP DATABASE IF EXISTS "+quote(name)+" WITH (FORCE)"); err != nil {
			t.Errorf("dbtest: drop database %s: %v", name, err)
		}
	})
	dbURL, err := withDatabase(admin, name)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	return dbURL
}
