package changefeed_test

import (
	"context"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/changefeed"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// TestSubscribersSeeTheNewGeneration: a subscriber runs after the
// generation moved, which is what lets the cache check a response's
// generation under its own lock.
func TestSubscribersSeeTheNewGeneration(t *testing.T) {
	t.Parallel()
	feed := changefeed.New(nil)
	var seen []uint64
	feed.Subscribe(func() { seen = append(seen, feed.Generation()) })
	feed.Changed()
	feed.Changed()
	if len(seen) != 2 || seen[0] != 1 || seen[1] != 2 {
		t.Fatalf("subscriber saw generations %v, want [1 2]", seen)
	}
}

// TestListenAnnouncesNotifications: Listen is live once its LISTEN is in
// place, a NOTIFY on Channel moves the generation, and the feed is not live
// after ctx ends.
func TestListenAnnouncesNotifications(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	feed := changefeed.New(nil)
	changes := make(chan uint64, 10)
	feed.Subscribe(func() { changes <- feed.Generation() })
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		feed.Listen(ctx, pool, ready)
	}()
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
		t.Fatal("listener not ready within 5s")
	}
	if !feed.Live() {
		t.Fatal("feed not live once listening")
	}
	start := <-changes // connecting announces a change: what happened before is unknown
	if _, err := pool.Exec(ctx, "SELECT pg_notify($1, '')", changefeed.Channel); err != nil {
		t.Fatal(err)
	}
	select {
	case gen := <-changes:
		if gen != start+1 {
			t.Errorf("generation after NOTIFY = %d, want %d", gen, start+1)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("NOTIFY not announced within 5s")
	}
	cancel()
	<-stopped
	if feed.Live() {
		t.Error("feed still live after Listen returned")
	}
}

// TestChangesCarryThePrimarysWALPosition: each change heard records a WAL
// position at or past the notifying transaction's commit, so a replica
// that replayed that far shows the change.
func TestChangesCarryThePrimarysWALPosition(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	feed := changefeed.New(nil)
	ctx, cancel := context.WithCancel(context.Background())
	ready, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		feed.Listen(ctx, pool, ready)
	}()
	defer func() { cancel(); <-stopped }()
	<-ready
	if feed.LSN() == 0 {
		t.Fatal("no WAL position recorded when the listener connected")
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	gen := feed.Generation()
	if _, err := tx.Exec(ctx, "CREATE TEMP TABLE t (v int); INSERT INTO t VALUES (1); SELECT pg_notify('"+changefeed.Channel+"', '')"); err != nil {
		t.Fatal(err)
	}
	// Where the WAL stands just before the commit record is written: a
	// position read inside the transaction (as a trigger could send) is
	// here, and a replica replaying only that far does not show the commit.
	var beforeCommit int64
	if err := tx.QueryRow(ctx, "SELECT "+changefeed.LSNBytes("pg_current_wal_insert_lsn()")).Scan(&beforeCommit); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, 5*time.Second, "the change heard", func() bool { return feed.Generation() > gen })
	if got := feed.LSN(); got <= uint64(beforeCommit) {
		t.Errorf("feed LSN %d is not past the commit (the WAL was at %d before it)", got, beforeCommit)
	}
}
