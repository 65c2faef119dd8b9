package ratelimit_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/ratelimit"
)

// TestSharedBucketsHoldAcrossReplicas: three replicas on one database take
// from one bucket per key, even all at once, so together they allow the
// burst once; the refusal says when the next token comes, the bucket
// refills at the interval, and another key has its own bucket.
func TestSharedBucketsHoldAcrossReplicas(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	// Long enough that a loaded machine's pauses between two calls stay
	// well inside one interval: the test counts tokens, not time.
	const interval = 2 * time.Second
	replicas := []*ratelimit.SharedBuckets{
		ratelimit.NewSharedBuckets(pool, interval, 5),
		ratelimit.NewSharedBuckets(pool, interval, 5),
		ratelimit.NewSharedBuckets(pool, interval, 5),
	}
	ctx := context.Background()
	var (
		mu      sync.Mutex
		allowed int
		waits   []time.Duration
		wg      sync.WaitGroup
	)
	for i := range 15 {
		wg.Go(func() {
			ok, wait := replicas[i%3].Allow(ctx, "user:7")
			mu.Lock()
			defer mu.Unlock()
			if ok {
				allowed++
			} else {
				waits = append(waits, wait)
			}
		})
	}
	wg.Wait()
	// The burst, plus at most one token refilled while the calls ran.
	if allowed < 5 || allowed > 6 {
		t.Fatalf("three replicas allowed %d of 15 calls at once, want the burst of 5 in all", allowed)
	}
	for _, w := range waits {
		if w <= 0 || w > interval {
			t.Errorf("a refusal says to wait %v, want up to one interval (%v)", w, interval)
		}
	}
	if ok, _ := replicas[0].Allow(ctx, "user:8"); !ok {
		t.Error("another shopper shares the bucket")
	}
	time.Sleep(interval + 100*time.Millisecond)
	if ok, _ := replicas[1].Allow(ctx, "user:7"); !ok {
		t.Error("no token after an interval")
	}
	if ok, _ := replicas[2].Allow(ctx, "user:7"); ok {
		t.Error("two tokens after one interval")
	}
}

// TestBucketHitThatWaitedCountsNoNegativeTime: now() is a transaction's
// start, so a hit whose transaction began before another's, and waited for
// it, sees the bucket stamped later than its own clock. It must count no
// time as passed (not negative time, which took more than a token and made
// a refusal ask for more than an interval), and leave the later stamp.
func TestBucketHitThatWaitedCountsNoNegativeTime(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	take := db.RateBucketTakeParams{Key: "user:9", Burst: 5, IntervalSeconds: 10}
	early, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = early.Rollback(ctx) }()
	var began time.Time
	if err := early.QueryRow(ctx, "SELECT now()").Scan(&began); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if _, err := db.New(pool).RateBucketTake(ctx, take); err != nil {
		t.Fatal(err)
	}
	row, err := db.New(early).RateBucketTake(ctx, take)
	if err != nil {
		t.Fatal(err)
	}
	if err := early.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	// 5 - 1 - 1: two tokens taken, none refilled, none lost.
	if !row.Allowed || row.Tokens != 3 {
		t.Errorf("the hit that waited left %v tokens (allowed %v), want 3", row.Tokens, row.Allowed)
	}
	var stamped time.Time
	if err := pool.QueryRow(ctx, "SELECT updated_at FROM rate_buckets WHERE key = $1", take.Key).Scan(&stamped); err != nil {
		t.Fatal(err)
	}
	if !stamped.After(began.Add(100 * time.Millisecond)) {
		t.Errorf("the bucket's time went back to %v, the waiting hit's start", stamped)
	}
}
