// Package changefeed owns the catalogue's change notifications: one
// connection LISTENs on catalog_changed (the triggers of migration 00030
// NOTIFY it whenever something a shopper sees changes), a generation counter
// moves on every change, and liveness says whether changes are being heard
// at all. The catalogue cache and the promotion snapshot subscribe to it;
// neither reads the other's state.
package changefeed

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Channel is the PostgreSQL notification channel of catalogue changes.
const Channel = "catalog_changed"

// Feed tells its subscribers when the catalogue changed. Until Listen is
// connected it is not Live: whoever keeps copies of the catalogue keeps none.
type Feed struct {
	logger *slog.Logger
	// gen counts changes: a copy made while the catalogue changed is not
	// kept, as it may predate the change.
	gen atomic.Uint64
	// live is true while the listener is connected and listening.
	live atomic.Bool

	mu   sync.RWMutex
	subs []func()
}

// New returns a feed that is not live; logger (nil for slog.Default())
// logs the listener's connection state.
func New(logger *slog.Logger) *Feed {
	if logger == nil {
		logger = slog.Default()
	}
	return &Feed{logger: logger}
}

// Subscribe calls fn after every change, the generation already moved, so
// a copy checked against Generation under fn's own lock can never outlive
// the change.
func (f *Feed) Subscribe(fn func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.subs = append(f.subs, fn)
}

// Changed announces a change: the generation moves, then every subscriber
// is called. Listen calls it on each notification.
func (f *Feed) Changed() {
	f.gen.Add(1)
	f.mu.RLock()
	defer f.mu.RUnlock()
	for _, fn := range f.subs {
		fn()
	}
}

// Generation is the number of changes announced so far.
func (f *Feed) Generation() uint64 { return f.gen.Load() }

// Live reports whether changes are being heard, so copies may be kept.
func (f *Feed) Live() bool { return f.live.Load() }

// SetLive marks the feed as heard or not without a database; Listen keeps
// it otherwise. Tests of what subscribes use it.
func (f *Feed) SetLive(live bool) { f.live.Store(live) }

// Listen keeps a connection listening on Channel until ctx ends, announcing
// a change on every notification. It connects with pool's settings but
// outside the pool (a listening connection is never returned), and
// reconnects with backoff when the connection is lost; losing it announces a
// change too (what happened meanwhile is unknown) and the feed is not Live
// until it is back. ready, if not nil, is closed once
// the first LISTEN is in place.
func (f *Feed) Listen(ctx context.Context, pool *pgxpool.Pool, ready chan<- struct{}) {
	cfg := pool.Config().ConnConfig.Copy()
	delay := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := f.listenOnce(ctx, cfg, &ready, &delay)
		f.live.Store(false)
		f.Changed()
		if ctx.Err() != nil {
			return
		}
		f.logger.Warn("catalogue cache: change listener disconnected; not caching until it reconnects",
			"error", err, "retry_in", delay)
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
		delay = min(delay*2, 5*time.Second)
	}
}

func (f *Feed) listenOnce(ctx context.Context, cfg *pgx.ConnConfig, ready *chan<- struct{}, delay *time.Duration) error {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
	if _, err := conn.Exec(ctx, "LISTEN "+Channel); err != nil {
		return err
	}
	// Whatever changed while nobody listened is unknown: start empty.
	f.Changed()
	f.live.Store(true)
	*delay = 100 * time.Millisecond
	if *ready != nil {
		close(*ready)
		*ready = nil
	}
	for {
		if _, err := conn.WaitForNotification(ctx); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		}
		f.Changed()
	}
}
