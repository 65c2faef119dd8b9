package ratelimit

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// SharedBuckets are token buckets per key kept in PostgreSQL (table
// rate_buckets): the same rule as Limiter, a burst then one call per
// interval, but every replica of shopd takes from the same bucket, so
// three replicas allow the burst once, not three times. Each call costs one
// statement; full buckets are pruned from the table as it goes.
type SharedBuckets struct {
	q        *db.Queries
	interval time.Duration
	burst    int

	mu        sync.Mutex
	lastPrune time.Time
}

// NewSharedBuckets allows each key burst calls at once, then one per
// interval, counted in pool's database.
func NewSharedBuckets(pool *pgxpool.Pool, interval time.Duration, burst int) *SharedBuckets {
	return &SharedBuckets{q: db.New(pool), interval: interval, burst: max(burst, 1)}
}

// Allow takes a token for key. When none is left it returns false and how
// long until the next one. When the database cannot count, the call is
// allowed (and logged): the limit slows abuse down, it must not stop
// checkouts with the database.
func (s *SharedBuckets) Allow(ctx context.Context, key string) (bool, time.Duration) {
	s.prune(ctx)
	row, err := s.q.RateBucketTake(ctx, db.RateBucketTakeParams{
		Key: key, Burst: float64(s.burst), IntervalSeconds: s.interval.Seconds(),
	})
	if err != nil {
		slog.WarnContext(ctx, "rate limit: cannot take a token, allowing", "error", err)
		return true, 0
	}
	if row.Allowed {
		return true, 0
	}
	return false, time.Duration((1 - row.Tokens) * float64(s.interval))
}

// prune forgets buckets that have refilled completely, at most once per
// interval per replica.
func (s *SharedBuckets) prune(ctx context.Context) {
	now := time.Now()
	s.mu.Lock()
	due := now.Sub(s.lastPrune) >= s.interval
	if due {
		s.lastPrune = now
	}
	s.mu.Unlock()
	if !due {
		return
	}
	full := time.Duration(s.burst) * s.interval
	if _, err := s.q.RateBucketPrune(ctx, now.Add(-full)); err != nil {
		slog.WarnContext(ctx, "rate limit: cannot prune full buckets", "error", err)
	}
}
