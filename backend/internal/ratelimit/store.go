package ratelimit

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// Shared counts hits per key and fixed window in PostgreSQL (table
// rate_limits), so every replica of shopd sees the same count: N replicas
// allow the limit once, not N times. Memory stays flat however many keys
// come; old windows are pruned from the table as it goes.
type Shared struct {
	q      *db.Queries
	window time.Duration
	limit  int32
	now    func() time.Time

	mu        sync.Mutex
	lastPrune time.Time
}

// NewShared allows each key limit hits per window.
func NewShared(pool *pgxpool.Pool, window time.Duration, limit int) *Shared {
	return &Shared{q: db.New(pool), window: window, limit: int32(max(limit, 1)), now: time.Now}
}

// Allow counts a hit of key. Beyond the limit it returns false and the
// time until the window ends. When the database cannot count, the hit is
// allowed (and logged): the limit slows abuse down, it must not take the
// shop down with the database.
func (s *Shared) Allow(ctx context.Context, key string) (bool, time.Duration) {
	now := s.now()
	start := now.Truncate(s.window)
	s.prune(ctx, now)
	hits, err := s.q.RateLimitHit(ctx, db.RateLimitHitParams{Key: key, WindowStart: start})
	if err != nil {
		slog.WarnContext(ctx, "rate limit: cannot count, allowing", "error", err)
		return true, 0
	}
	if hits > s.limit {
		return false, start.Add(s.window).Sub(now)
	}
	return true, 0
}

// prune deletes ended windows, at most once a window per replica.
func (s *Shared) prune(ctx context.Context, now time.Time) {
	s.mu.Lock()
	due := now.Sub(s.lastPrune) >= s.window
	if due {
		s.lastPrune = now
	}
	s.mu.Unlock()
	if !due {
		return
	}
	if _, err := s.q.RateLimitPrune(ctx, now.Truncate(s.window)); err != nil {
		slog.WarnContext(ctx, "rate limit: cannot prune old windows", "error", err)
	}
}

// HTTP limits next per client address (ClientAddrFrom), answering 429 Too
// Many Requests with a Retry-After header.
func (s *Shared) HTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ok, wait := s.Allow(r.Context(), "addr:"+ClientAddrFrom(r.Context(), r.RemoteAddr)); !ok {
			tooMany(w, wait)
			return
		}
		next.ServeHTTP(w, r)
	})
}
