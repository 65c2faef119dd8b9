package ratelimit

import (
	"context"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestSharedLimitHoldsAcrossReplicas: two replicas on one database share
// the count, so together they allow the limit once, not twice; old windows
// are pruned.
func TestSharedLimitHoldsAcrossReplicas(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	now := time.Date(2026, 11, 24, 10, 0, 10, 0, time.UTC)
	a, b := NewShared(pool, time.Minute, 10), NewShared(pool, time.Minute, 10)
	a.now = func() time.Time { return now }
	b.now = a.now
	ctx := context.Background()
	allowed := 0
	for i := range 30 {
		r := a
		if i%2 == 1 {
			r = b
		}
		if ok, _ := r.Allow(ctx, "addr:198.51.100.7"); ok {
			allowed++
		}
	}
	if allowed != 10 {
		t.Errorf("two replicas allowed %d of 30 calls, want the limit of 10 in all", allowed)
	}
	if ok, wait := a.Allow(ctx, "addr:198.51.100.7"); ok || wait != 50*time.Second {
		t.Errorf("over the limit: ok=%v, wait %v; want refused until the window ends in 50 s", ok, wait)
	}
	if ok, _ := b.Allow(ctx, "addr:203.0.113.1"); !ok {
		t.Error("another client shares the count")
	}
	now = now.Add(time.Minute)
	if ok, _ := b.Allow(ctx, "addr:198.51.100.7"); !ok {
		t.Error("the next window still refuses")
	}
	now = now.Add(10 * time.Minute)
	a.Allow(ctx, "addr:203.0.113.2")
	var rows int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM rate_limits`).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if rows != 1 {
		t.Errorf("%d rows left after ten quiet minutes, want only the current window's", rows)
	}
}
