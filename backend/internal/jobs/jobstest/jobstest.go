// Package jobstest runs River clients in tests.
package jobstest

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// Start starts client and stops it when the test ends, giving its running
// jobs up to 10 s to finish.
func Start(t testing.TB, client *river.Client[pgx.Tx]) {
	t.Helper()
	if err := client.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = client.Stop(ctx)
	})
}
