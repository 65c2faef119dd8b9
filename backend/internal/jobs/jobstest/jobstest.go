// Package jobstest runs River clients in tests.
package jobstest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/testwait"
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

// WaitSettled waits until no job of kind is left to run (every one
// completed, cancelled or discarded): from then on nothing of that kind
// can happen again unless something new is queued, so a test can check
// that an effect happened exactly once without sleeping for a guess.
func WaitSettled(t testing.TB, pool *pgxpool.Pool, kind string) {
	t.Helper()
	testwait.Until(t, 30*time.Second, "the "+kind+" jobs to settle", func() bool {
		var left int
		if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job
			WHERE kind = $1 AND state NOT IN ('completed', 'cancelled', 'discarded')`, kind).Scan(&left); err != nil {
			t.Fatal(err)
		}
		return left == 0
	})
}

// WaitRuns waits until n jobs of kind have completed since since: a
// periodic job's passes, counted instead of slept for.
func WaitRuns(t testing.TB, pool *pgxpool.Pool, kind string, since time.Time, n int) {
	t.Helper()
	testwait.Until(t, 30*time.Second, fmt.Sprintf("%d passes of %s", n, kind), func() bool {
		var done int
		if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job
			WHERE kind = $1 AND state = 'completed' AND finalized_at > $2`, kind, since).Scan(&done); err != nil {
			t.Fatal(err)
		}
		return done >= n
	})
}
