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
	t := s.Take(ctx, key)
	return t.Allowed, t.Wait
}

// Taken is the answer of Take.
type Taken struct {
	// Allowed says whether a token was taken.
	Allowed bool
	// Left is the whole tokens left in the bucket.
	Left int
	// Wait is how long until the next token, when none was left.
	Wait time.Duration
	// Full is how long until the bucket is full again.
	Full time.Duration
}

// Take is Allow with the bucket's state after the call, for callers that
// announce it (the RateLimit fields an API key's calls carry). When the
// database cannot count, the call is allowed with the bucket taken as full.
func (s *SharedBuckets) Take(ctx context.Context, key string) Taken {
	s.prune(ctx)
	row, err := s.q.RateBucketTake(ctx, db.RateBucketTakeParams{
		Key: key, Burst: float64(s.burst), IntervalSeconds: s.interval.Seconds(),
	})
	if err != nil {
		slog.WarnContext(ctx, "rate limit: cannot take a token, allowing", "error", err)
		return Taken{Allowed: true, Left: s.burst - 1}
	}
	t := Taken{
		Allowed: row.Allowed,
		Left:    int(row.Tokens),
		Full:    time.Duration((float64(s.burst) - row.Tokens) * float64(s.interval)),
	}
	if !row.Allowed {
		t.Wait = time.Duration((1 - row.Tokens) * float64(s.interval))
	}
	return t
}

// prune forgets buckets that have refilled completely, at most once per
// interval (and per second, for the short intervals of API keys) per replica.
func (s *SharedBuckets) prune(ctx context.Context) {
	now := time.Now()
	s.mu.Lock()
	due := now.Sub(s.lastPrune) >= max(s.interval, time.Second)
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
