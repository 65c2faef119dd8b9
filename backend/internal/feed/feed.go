// Package feed reads what an integrator follows in commit order: the
// orders that changed and the shop's domain events. Triggers write both in
// the transactions that cause them (migration 00470); this package hands
// them out only as far as every transaction has ended, so a reader resuming
// after its cursor never skips a row that committed late. It also forgets
// them after their retention.
package feed

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// Retention is how long events and order changes are kept: a follower
// away longer reads the orders again (ListOrders) and starts afresh.
const Retention = 30 * 24 * time.Hour

// SyncRetention is how long a stock batch's answer is kept for its
// retries: Stripe's 24 hours, far past any client's retry loop.
const SyncRetention = 24 * time.Hour

// Limits of a page: DefaultLimit when none is asked, at most MaxLimit.
const (
	DefaultLimit = 100
	MaxLimit     = 1000
)

// EventTypes are every event type, as api_events.type allows.
var EventTypes = []string{
	"order.placed", "order.paid", "order.cancelled", "order.shipped", "order.delivered",
	"refund.completed", "stock.changed", "product.changed",
}

// Cursor is a position in a feed: the transaction id of the last row
// handed out and its sequence number within the feed. The zero Cursor is
// before every row.
type Cursor struct {
	XID uint64
	Seq int64
}

// String is the cursor as clients keep it; "" for the zero Cursor.
func (c Cursor) String() string {
	if c == (Cursor{}) {
		return ""
	}
	return fmt.Sprintf("%d.%d", c.XID, c.Seq)
}

// ParseCursor reads a cursor String made; "" is the zero Cursor.
func ParseCursor(s string) (Cursor, error) {
	if s == "" {
		return Cursor{}, nil
	}
	x, q, ok := strings.Cut(s, ".")
	xid, errX := strconv.ParseUint(x, 10, 64)
	seq, errS := strconv.ParseInt(q, 10, 64)
	if !ok || errX != nil || errS != nil || seq < 0 {
		return Cursor{}, fault.InvalidField("after_cursor", "not a cursor this feed gave")
	}
	return Cursor{XID: xid, Seq: seq}, nil
}

// Service reads the feeds.
type Service struct {
	pool *pgxpool.Pool
}

// New returns the feeds of the database behind pool, which must be the
// primary: a replica's snapshot does not say which transactions have ended
// on the primary.
func New(pool *pgxpool.Pool) *Service { return &Service{pool: pool} }

// limitOf is a page's size from what the caller asked (0: the default).
func limitOf(asked int32) int32 {
	if asked <= 0 {
		return DefaultLimit
	}
	return min(asked, MaxLimit)
}

// OrderChanges reads up to limit order changes after the cursor and
// returns the orders they name, each once, in the order of its last change
// in the page, and the cursor after the page (after itself when none).
func (s *Service) OrderChanges(ctx context.Context, after Cursor, limit int32) ([]int64, Cursor, error) {
	rows, err := db.New(s.pool).ListOrderChanges(ctx, db.ListOrderChangesParams{
		AfterXid: strconv.FormatUint(after.XID, 10), AfterSeq: after.Seq, PageLimit: limitOf(limit),
	})
	if err != nil {
		return nil, after, fmt.Errorf("feed: list order changes: %w", err)
	}
	next := after
	last := make(map[int64]int, len(rows))
	for i, r := range rows {
		last[r.OrderID] = i
		if next, err = cursorOf(r.Xid, r.Seq); err != nil {
			return nil, after, err
		}
	}
	ids := make([]int64, 0, len(last))
	for i, r := range rows {
		if last[r.OrderID] == i {
			ids = append(ids, r.OrderID)
		}
	}
	return ids, next, nil
}

// Event is one domain event: its stable id, type, time and data (ids and
// figures, a JSON object).
type Event struct {
	ID   uuid.UUID
	Type string
	At   time.Time
	Data map[string]any
}

// Events reads up to limit events of types (none: all) after the cursor
// and the cursor after them (after itself when none).
func (s *Service) Events(ctx context.Context, after Cursor, types []string, limit int32) ([]Event, Cursor, error) {
	rows, err := db.New(s.pool).ListAPIEvents(ctx, db.ListAPIEventsParams{
		AfterXid: strconv.FormatUint(after.XID, 10), AfterSeq: after.Seq, Types: types, PageLimit: limitOf(limit),
	})
	if err != nil {
		return nil, after, fmt.Errorf("feed: list events: %w", err)
	}
	next := after
	out := make([]Event, len(rows))
	for i, r := range rows {
		out[i] = Event{ID: r.ID, Type: r.Type, At: r.CreatedAt}
		if err := json.Unmarshal(r.Data, &out[i].Data); err != nil {
			return nil, after, fmt.Errorf("feed: decode event %s: %w", r.ID, err)
		}
		if next, err = cursorOf(r.Xid, r.Seq); err != nil {
			return nil, after, err
		}
	}
	return out, next, nil
}

// cursorOf is the cursor at a row.
func cursorOf(xid string, seq int64) (Cursor, error) {
	x, err := strconv.ParseUint(xid, 10, 64)
	if err != nil {
		return Cursor{}, fmt.Errorf("feed: transaction id %q: %w", xid, err)
	}
	return Cursor{XID: x, Seq: seq}, nil
}

// Prune forgets events and order changes past Retention, and stock
// batches' and other keyed writes' answers past SyncRetention, as of now; it
// returns how many rows went.
func Prune(ctx context.Context, q *db.Queries, now time.Time) (int64, error) {
	events, err := q.PruneAPIEvents(ctx, now.Add(-Retention))
	if err != nil {
		return 0, fmt.Errorf("feed: prune events: %w", err)
	}
	changes, err := q.PruneOrderChanges(ctx, now.Add(-Retention))
	if err != nil {
		return 0, fmt.Errorf("feed: prune order changes: %w", err)
	}
	syncs, err := q.PruneStockSyncs(ctx, now.Add(-SyncRetention))
	if err != nil {
		return 0, fmt.Errorf("feed: prune stock batches: %w", err)
	}
	answers, err := q.PruneIdempotentRequests(ctx, now.Add(-SyncRetention))
	if err != nil {
		return 0, fmt.Errorf("feed: prune idempotent answers: %w", err)
	}
	return events + changes + syncs + answers, nil
}
