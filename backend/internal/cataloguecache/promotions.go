package cataloguecache

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/changefeed"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/promotion"
)

// loadMargin is how long before a load a promotion may have ended and still
// be kept: a request that read the clock just before the load still sees
// the promotions running at its moment (pricing.Running filters by it).
const loadMargin = time.Minute

// PromotionSnapshot keeps every promotion that may run in memory (a shop
// runs hundreds, not the catalogue's hundred thousand products), so a
// listing, a product page, a search or a cart is priced without a query. It
// loads them again after every catalogue change the feed announces
// (promotions, price history and prices all notify), and while the listener
// is down it reads through to the database, like the rest of the cache.
// Which candidate runs is decided at each call by pricing.Running, so the
// clock moving past a start or an end needs no reload.
type PromotionSnapshot struct {
	feed   *changefeed.Feed
	stored promotion.Stored

	mu     sync.RWMutex
	all    map[int64][]pricing.Promotion
	gen    uint64
	loaded bool

	// loading makes concurrent callers after a change wait for one load
	// instead of all reading every promotion.
	loading sync.Mutex
}

var _ promotion.Source = (*PromotionSnapshot)(nil)

// NewPromotionSnapshot returns a snapshot of the promotions in pool, kept
// current by feed. pool should be the primary: a change is announced
// from there, and a replica may not have it yet.
func NewPromotionSnapshot(feed *changefeed.Feed, pool *pgxpool.Pool) *PromotionSnapshot {
	return &PromotionSnapshot{feed: feed, stored: promotion.Stored{Queries: db.New(pool)}}
}

// Candidates returns the candidates of productIDs from memory.
func (s *PromotionSnapshot) Candidates(ctx context.Context, productIDs []int64, now time.Time) (map[int64][]pricing.Promotion, error) {
	if !s.feed.Live() {
		return s.stored.Candidates(ctx, productIDs, now)
	}
	all, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]pricing.Promotion, len(productIDs))
	for _, id := range productIDs {
		if c, ok := all[id]; ok {
			out[id] = c
		}
	}
	return out, nil
}

// All returns every candidate from memory: the snapshot itself, which
// callers must not change.
func (s *PromotionSnapshot) All(ctx context.Context, now time.Time) (map[int64][]pricing.Promotion, error) {
	if !s.feed.Live() {
		return s.stored.All(ctx, now)
	}
	return s.current(ctx)
}

// current returns the snapshot, loading it when the catalogue changed since.
func (s *PromotionSnapshot) current(ctx context.Context) (map[int64][]pricing.Promotion, error) {
	if all, ok := s.fresh(); ok {
		return all, nil
	}
	s.loading.Lock()
	defer s.loading.Unlock()
	if all, ok := s.fresh(); ok {
		return all, nil
	}
	// Read before loading: a change announced during the load leaves the
	// snapshot stale, and the next call loads again.
	gen := s.feed.Generation()
	all, err := s.stored.All(ctx, time.Now().Add(-loadMargin))
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.all, s.gen, s.loaded = all, gen, true
	s.mu.Unlock()
	return all, nil
}

func (s *PromotionSnapshot) fresh() (map[int64][]pricing.Promotion, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.all, s.loaded && s.gen == s.feed.Generation()
}
