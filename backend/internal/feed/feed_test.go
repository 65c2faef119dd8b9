package feed_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/feed"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// TestLateCommitsAreNeverSkipped: a transaction that wrote first but
// commits last holds back every row written after it, so a reader that
// already read past the rows committed before it still reads it. Read by
// sequence or time, the feed would hand out the later rows first and
// move the cursor past the late one for good.
func TestLateCommitsAreNeverSkipped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	feeds := feed.New(pool)
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{Stock: 10})
	first := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product}}})
	second := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product}}})

	// Read past the orders' creation and the product's, once every
	// transaction of the cluster begun before them has ended (other tests'
	// databases share the transaction ids).
	at := settledOrders(t, feeds, feed.Cursor{}, 2)
	var eventsAt feed.Cursor
	testwait.Until(t, settle, "the product's events", func() bool {
		events, next, err := feeds.Events(ctx, feed.Cursor{}, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		eventsAt = next
		return len(events) == 2 && events[0].Type == "product.changed" && events[1].Type == "stock.changed"
	})

	// The late transaction writes first (the lower sequence numbers)...
	late, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = late.Rollback(ctx) }()
	if _, err := late.Exec(ctx, `UPDATE orders SET carrier = 'Correos' WHERE id = $1`, first); err != nil {
		t.Fatal(err)
	}
	if _, err := late.Exec(ctx, `INSERT INTO api_events (type, data) VALUES ('order.paid', jsonb_build_object('order_id', $1::bigint))`, first); err != nil {
		t.Fatal(err)
	}
	// ...and another commits before it.
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE orders SET carrier = 'SEUR' WHERE id = $1`, second); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO api_events (type, data) VALUES ('order.paid', jsonb_build_object('order_id', $1::bigint))`, second)
		return err
	}); err != nil {
		t.Fatal(err)
	}

	early, held, err := feeds.OrderChanges(ctx, at, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(early) != 0 || held != at {
		t.Errorf("while the late transaction runs: orders %v, cursor %v, want none and the cursor unmoved", early, held)
	}
	events, heldEvents, err := feeds.Events(ctx, eventsAt, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 0 || heldEvents != eventsAt {
		t.Errorf("while the late transaction runs: events %+v, want none", events)
	}

	if err := late.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	next := settledOrders(t, feeds, at, 2, &ids)
	if len(ids) != 2 || ids[0] != first || ids[1] != second {
		t.Errorf("after the late commit: orders %v, want [%d %d]", ids, first, second)
	}
	if again, _, err := feeds.OrderChanges(ctx, next, 0); err != nil || len(again) != 0 {
		t.Errorf("after the last cursor: %v, %v, want nothing", again, err)
	}
	events, _, err = feeds.Events(ctx, eventsAt, []string{"order.paid"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 2 || events[0].Data["order_id"] != float64(first) || events[1].Data["order_id"] != float64(second) {
		t.Errorf("after the late commit: events %+v, want order.paid of %d then %d", events, first, second)
	}
}

// settledOrders waits until the order changes after cursor name n orders
// and returns the cursor after them, and the orders into ids when given.
// settle is how long a test waits for the cluster's older transactions to
// end: the feed hands out a row only then, and the test server is shared
// with every other package's tests, where under CI's load a transaction
// waiting on a lock (the till's and invoices' races) lasted over a minute.
const settle = 5 * time.Minute

func settledOrders(t *testing.T, feeds *feed.Service, after feed.Cursor, n int, ids ...*[]int64) feed.Cursor {
	t.Helper()
	var next feed.Cursor
	testwait.Until(t, settle, "the order changes", func() bool {
		got, c, err := feeds.OrderChanges(context.Background(), after, 0)
		if err != nil {
			t.Fatal(err)
		}
		next = c
		if len(ids) > 0 {
			*ids[0] = got
		}
		return len(got) >= n
	})
	return next
}

// TestOrderChangesCollapsePerOrder: an order changed several times after
// the cursor comes back once, where its last change is.
func TestOrderChangesCollapsePerOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	feeds := feed.New(pool)
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{Stock: 10})
	a := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product}}})
	b := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product}}})
	if _, err := pool.Exec(ctx, `UPDATE orders SET carrier = 'GLS' WHERE id = $1`, a); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	next := settledOrders(t, feeds, feed.Cursor{}, 2, &ids)
	if len(ids) != 2 || ids[0] != b || ids[1] != a {
		t.Errorf("orders %v, want [%d %d]: a's last change came after b's", ids, b, a)
	}
	parsed, err := feed.ParseCursor(next.String())
	if err != nil || parsed != next {
		t.Errorf("cursor %q read back as %v, %v", next, parsed, err)
	}
	if _, err := feed.ParseCursor("12.x"); err == nil {
		t.Error("a cursor of garbage was accepted")
	}
}

// TestPruneKeepsThirtyDays: events and order changes go after 30 days,
// stock batches' answers after a day.
func TestPruneKeepsThirtyDays(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	dbtest.Product(t, pool, dbtest.ProductOpts{Stock: 10})
	if _, err := pool.Exec(ctx, `INSERT INTO api_events (type, data, created_at) VALUES ('stock.changed', '{}', now() - interval '31 days');
		INSERT INTO stock_syncs (caller, idempotency_key, request_hash, response, created_at) VALUES
			('api-key:1', 'old', '\x00', '{}', now() - interval '25 hours'), ('api-key:1', 'new', '\x00', '{}', now())`); err != nil {
		t.Fatal(err)
	}
	n, err := feed.Prune(ctx, db.New(pool), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("pruned %d rows, want the old event and the old batch", n)
	}
	var events, syncs int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM api_events), (SELECT count(*) FROM stock_syncs)`).Scan(&events, &syncs); err != nil {
		t.Fatal(err)
	}
	if events != 2 || syncs != 1 {
		t.Errorf("%d events and %d batches left, want the product's two and the new batch", events, syncs)
	}
}
