// Package readroute sends the catalogue's reads to a streaming read replica
// only when the replica shows every change the change feed has announced.
//
// A hot standby cannot LISTEN, so the feed listens on the primary and, with
// each change, records the primary's WAL position after it
// (changefeed.Feed.LSN). The caches drop their copies on that change; the
// read that refills them must not come from a replica still behind it, or
// the old price would be cached again. Router compares the replica's
// pg_last_wal_replay_lsn() with the feed's LSN: reached, the read goes to
// the replica; not yet, it waits a little for replay (MaxWait) and then
// reads from the primary. While the feed is not live, the changes are
// unknown and every read goes to the primary; so do reads while the
// replica cannot answer.
package readroute

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/changefeed"
	"github.com/sabores/sabores/backend/internal/db"
)

// Defaults of Router's timing.
const (
	// MaxWait is how long a read waits for the replica to replay a change
	// before reading from the primary. Streaming replication on a healthy
	// network replays within milliseconds, so a change sends few reads to
	// the primary; a replica that lags longer costs each read this much.
	MaxWait = 50 * time.Millisecond
	// pollEvery is how often a waiting read asks the replica again.
	pollEvery = 2 * time.Millisecond
	// unreachableFor is how long reads go to the primary after the replica
	// could not say how far it replayed (down, restarting), so a dead
	// replica does not cost every read a failed query.
	unreachableFor = time.Second
)

// Router is a db.DBTX choosing, for each statement, the replica when it has
// replayed past the feed's last change, else the primary.
type Router struct {
	primary, replica *pgxpool.Pool
	feed             *changefeed.Feed
	maxWait          time.Duration

	// replayed is the replica's replay position last read.
	replayed atomic.Uint64
	// downUntil (unix nanoseconds) sends reads to the primary after the
	// replica failed to answer.
	downUntil atomic.Int64

	// One query asks the replica at a time; waiting reads share it.
	mu       sync.Mutex
	inflight chan struct{}

	toReplica, toPrimary, waited atomic.Uint64
}

var _ db.DBTX = (*Router)(nil)

// New routes reads between primary and replica by feed, which must listen
// on primary.
func New(primary, replica *pgxpool.Pool, feed *changefeed.Feed) *Router {
	return &Router{primary: primary, replica: replica, feed: feed, maxWait: MaxWait}
}

// WithMaxWait sets how long a read waits for the replica before it reads
// from the primary (tests lengthen it to see waiting work).
func (r *Router) WithMaxWait(d time.Duration) *Router {
	r.maxWait = d
	return r
}

// Stats counts the statements sent to the replica and to the primary, and
// how many of those to the replica first waited for its replay.
type Stats struct {
	Replica, Primary, Waited uint64
}

// Stats reports where statements went so far.
func (r *Router) Stats() Stats {
	return Stats{Replica: r.toReplica.Load(), Primary: r.toPrimary.Load(), Waited: r.waited.Load()}
}

// Exec runs sql on the pool Pick chooses, on the primary when the replica
// cannot answer.
func (r *Router) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	pool := r.Pick(ctx)
	tag, err := pool.Exec(ctx, sql, args...)
	if pool == r.replica && r.failedOver(ctx, err) {
		return r.primaryPool().Exec(ctx, sql, args...)
	}
	return tag, err
}

// Query runs sql on the pool Pick chooses, on the primary when the
// replica cannot answer.
func (r *Router) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	pool := r.Pick(ctx)
	rows, err := pool.Query(ctx, sql, args...)
	if pool == r.replica && r.failedOver(ctx, err) {
		return r.primaryPool().Query(ctx, sql, args...)
	}
	return rows, err
}

// CopyFrom writes rows, so it goes to the primary always.
func (r *Router) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, rows pgx.CopyFromSource) (int64, error) {
	return r.primaryPool().CopyFrom(ctx, table, columns, rows)
}

// QueryRow runs sql on the pool Pick chooses, on the primary when the
// replica cannot answer.
func (r *Router) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	pool := r.Pick(ctx)
	row := pool.QueryRow(ctx, sql, args...)
	if pool != r.replica {
		return row
	}
	return fallbackRow{r: r, ctx: ctx, sql: sql, args: args, row: row}
}

// fallbackRow scans a replica's row, reading it from the primary instead
// when the replica could not answer.
type fallbackRow struct {
	r    *Router
	ctx  context.Context //nolint:containedctx // the row's query runs when Scan is called
	sql  string
	args []any
	row  pgx.Row
}

func (f fallbackRow) Scan(dest ...any) error {
	err := f.row.Scan(dest...)
	if f.r.failedOver(f.ctx, err) {
		return f.r.primaryPool().QueryRow(f.ctx, f.sql, f.args...).Scan(dest...)
	}
	return err
}

// failedOver reports whether err means the replica could not answer (it is
// down, restarting, or cancelled the statement for a conflict with
// replay), so the statement should run on the primary; a replica that is
// unreachable is skipped for a while.
func (r *Router) failedOver(ctx context.Context, err error) bool {
	if err == nil || errors.Is(err, pgx.ErrNoRows) || ctx.Err() != nil {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// 40001: canceled for a conflict with recovery; class 57: the
		// server is shutting down or starting.
		return pgErr.Code == "40001" || strings.HasPrefix(pgErr.Code, "57")
	}
	r.downUntil.Store(time.Now().Add(unreachableFor).UnixNano())
	return true
}

// Pick returns the replica when it has replayed past every change the feed
// announced, waiting up to MaxWait for it; else the primary. Replay only
// moves forward, so a replica chosen here still shows those changes when
// the statement runs.
func (r *Router) Pick(ctx context.Context) *pgxpool.Pool {
	if !r.feed.Live() || time.Now().UnixNano() < r.downUntil.Load() {
		return r.primaryPool()
	}
	need := r.feed.LSN()
	if r.replayed.Load() >= need {
		return r.replicaPool()
	}
	deadline := time.Now().Add(r.maxWait)
	for {
		if !r.refresh(ctx) {
			return r.primaryPool()
		}
		if r.replayed.Load() >= need {
			r.waited.Add(1)
			return r.replicaPool()
		}
		if time.Now().Add(pollEvery).After(deadline) {
			return r.primaryPool()
		}
		select {
		case <-ctx.Done():
			return r.primaryPool()
		case <-time.After(pollEvery):
		}
	}
}

func (r *Router) primaryPool() *pgxpool.Pool {
	r.toPrimary.Add(1)
	return r.primary
}

func (r *Router) replicaPool() *pgxpool.Pool {
	r.toReplica.Add(1)
	return r.replica
}

// refresh reads the replica's replay position, or waits for the read under
// way, and reports whether the replica answered.
func (r *Router) refresh(ctx context.Context) bool {
	r.mu.Lock()
	if wait := r.inflight; wait != nil {
		r.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return false
		}
		return time.Now().UnixNano() >= r.downUntil.Load()
	}
	done := make(chan struct{})
	r.inflight = done
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		r.inflight = nil
		r.mu.Unlock()
		close(done)
	}()

	// Not the caller's context: other reads wait for this answer.
	qctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
	defer cancel()
	var lsn *int64
	err := r.replica.QueryRow(qctx, "SELECT "+changefeed.LSNBytes("pg_last_wal_replay_lsn()")).Scan(&lsn)
	if err != nil || lsn == nil {
		// Unreachable, or not a standby at all (NULL): the primary answers.
		r.downUntil.Store(time.Now().Add(unreachableFor).UnixNano())
		return false
	}
	for {
		old := r.replayed.Load()
		if uint64(*lsn) <= old || r.replayed.CompareAndSwap(old, uint64(*lsn)) {
			break
		}
	}
	return true
}
