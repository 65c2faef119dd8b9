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

// ApplicationName names the listening connection in pg_stat_activity.
const ApplicationName = "shopd changefeed"

// Feed tells its subscribers when the catalogue changed. Until Listen is
// connected it is not Live: whoever keeps copies of the catalogue keeps none.
type Feed struct {
	logger *slog.Logger
	// gen counts changes: a copy made while the catalogue changed is not
	// kept, as it may predate the change.
	gen atomic.Uint64
	// live is true while the listener is connected and listening.
	live atomic.Bool
	// lsn is the primary's WAL position after the last change heard: a
	// read replica that has replayed this far shows every change announced.
	lsn atomic.Uint64

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

// LSN is the primary's WAL position (as pg_lsn's 64-bit value) read after
// the last change Listen heard, or when it began listening: a read replica
// whose pg_last_wal_replay_lsn() has reached it shows every change this
// feed announced. It is 0 before Listen first connects.
func (f *Feed) LSN() uint64 { return f.lsn.Load() }

// changedAt announces a change once the primary's WAL position after it is
// known, recording the position first: whoever sees the generation move
// already finds the LSN the change needs.
func (f *Feed) changedAt(lsn uint64) {
	for {
		old := f.lsn.Load()
		if lsn <= old || f.lsn.CompareAndSwap(old, lsn) {
			break
		}
	}
	f.Changed()
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
	cfg.RuntimeParams["application_name"] = ApplicationName
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
	// Whatever changed while nobody listened is unknown: start empty, and
	// ask replicas to have replayed everything written so far.
	lsn, err := walPosition(ctx, conn)
	if err != nil {
		return err
	}
	f.changedAt(lsn)
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
		lsn, err := walPosition(ctx, conn)
		if err != nil {
			return err
		}
		f.changedAt(lsn)
	}
}

// LSNBytes is the SQL turning the pg_lsn expression expr into a bigint (its
// byte position), the form LSN returns and replicas are compared in.
func LSNBytes(expr string) string {
	return "(" + expr + " - '0/0'::pg_lsn)::bigint"
}

// walPosition reads the primary's WAL insert position. A notification is
// delivered only after its transaction committed, so this position is at or
// past that commit's record. It is the insert position rather than
// pg_current_wal_lsn()'s write position because, under synchronous_commit =
// off, a commit record may not be written out yet when the notification
// arrives; a replica reaches the insert position as soon as it is flushed.
func walPosition(ctx context.Context, conn *pgx.Conn) (uint64, error) {
	var lsn int64
	if err := conn.QueryRow(ctx, "SELECT "+LSNBytes("pg_current_wal_insert_lsn()")).Scan(&lsn); err != nil {
		return 0, err
	}
	return uint64(lsn), nil
}
