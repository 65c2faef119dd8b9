package readroute_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/changefeed"
	"github.com/sabores/sabores/backend/internal/pgembed"
	"github.com/sabores/sabores/backend/internal/readroute"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// pair is a real PostgreSQL primary and its streaming hot standby, made
// with pg_basebackup -R, each with a pool, and a change feed listening on
// the primary.
type pair struct {
	primary, replica *pgxpool.Pool
	feed             *changefeed.Feed
	replicaServer    *pgembed.Cluster
}

func startPair(t *testing.T) pair {
	t.Helper()
	ctx := t.Context()
	if _, err := pgembed.FindBinDir(ctx); err != nil {
		t.Skipf("needs PostgreSQL 15's server binaries (initdb, postgres, pg_basebackup): %v", err)
	}
	if _, err := pgembed.FindTool(ctx, "pg_basebackup"); err != nil {
		t.Skipf("needs pg_basebackup: %v", err)
	}
	dir := t.TempDir()
	start := func(opts pgembed.Options) *pgembed.Cluster {
		opts.Logger = slog.New(slog.DiscardHandler)
		c, err := pgembed.Start(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Stop(context.Background()) })
		return c
	}
	primary := start(pgembed.Options{Dir: filepath.Join(dir, "p"), Settings: []string{"max_connections=20"}})
	pp := open(t, primary.DSN(""))
	if _, err := pp.Exec(ctx, `CREATE TABLE prices (id int PRIMARY KEY, cents int NOT NULL); INSERT INTO prices VALUES (1, 100)`); err != nil {
		t.Fatal(err)
	}
	replica := start(pgembed.Options{Dir: filepath.Join(dir, "r"), StandbyOf: primary.DSN(""), Settings: []string{"max_connections=20"}})
	p := pair{primary: pp, replica: open(t, replica.DSN("")), feed: changefeed.New(nil), replicaServer: replica}

	lctx, cancel := context.WithCancel(ctx)
	ready, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		p.feed.Listen(lctx, pp, ready)
	}()
	t.Cleanup(func() { cancel(); <-stopped })
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("change feed not listening within 10 s")
	}
	return p
}

func open(t *testing.T, dsn string) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// change sets the price on the primary and announces it as the
// catalogue's triggers do (NOTIFY in the same transaction), then waits
// until the feed heard it.
func (p pair) change(t *testing.T, cents int) {
	t.Helper()
	gen := p.feed.Generation()
	tx, err := p.primary.Begin(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(context.Background()) }()
	if _, err := tx.Exec(t.Context(), `UPDATE prices SET cents = $1 WHERE id = 1`, cents); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(t.Context(), `SELECT pg_notify($1, '')`, changefeed.Channel); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(t.Context()); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, 5*time.Second, "the feed hearing the change", func() bool { return p.feed.Generation() > gen })
}

// pauseReplay stops the replica replaying WAL, as a replica lagging behind
// would; the returned function resumes it.
func (p pair) pauseReplay(t *testing.T) (resume func()) {
	t.Helper()
	ctx := t.Context()
	if _, err := p.replica.Exec(ctx, `SELECT pg_wal_replay_pause()`); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, 5*time.Second, "replay paused", func() bool {
		var state string
		err := p.replica.QueryRow(ctx, `SELECT pg_get_wal_replay_pause_state()`).Scan(&state)
		return err == nil && state == "paused"
	})
	return func() {
		if _, err := p.replica.Exec(context.Background(), `SELECT pg_wal_replay_resume()`); err != nil {
			t.Error(err)
		}
	}
}

// TestReadsNeverShowAPriceOlderThanTheFeed: after a change the feed
// announced, a read through the router shows it, whether the replica has
// replayed it (read there), is replaying it (the read waits and is served
// by the replica) or lags behind (the read goes to the primary), while the
// same read straight from the lagging replica still shows the old price.
func TestReadsNeverShowAPriceOlderThanTheFeed(t *testing.T) {
	t.Parallel()
	p := startPair(t)
	router := readroute.New(p.primary, p.replica, p.feed).WithMaxWait(100 * time.Millisecond)
	read := func() int {
		var cents int
		if err := router.QueryRow(t.Context(), `SELECT cents FROM prices WHERE id = 1`).Scan(&cents); err != nil {
			t.Fatal(err)
		}
		return cents
	}
	replicaPrice := func() int {
		var cents int
		if err := p.replica.QueryRow(t.Context(), `SELECT cents FROM prices WHERE id = 1`).Scan(&cents); err != nil {
			t.Fatal(err)
		}
		return cents
	}

	t.Run("replica caught up", func(t *testing.T) {
		p.change(t, 200)
		testwait.Until(t, 5*time.Second, "the replica replaying the change", func() bool { return replicaPrice() == 200 })
		before := router.Stats()
		if got := read(); got != 200 {
			t.Fatalf("read %d, want 200", got)
		}
		if after := router.Stats(); after.Replica != before.Replica+1 {
			t.Errorf("a caught-up replica was not used: %+v then %+v", before, after)
		}
	})

	t.Run("replica lagging", func(t *testing.T) {
		resume := p.pauseReplay(t)
		defer resume()
		p.change(t, 300)
		if got := replicaPrice(); got != 200 {
			t.Fatalf("the paused replica shows %d; the test needs it behind (200)", got)
		}
		before := router.Stats()
		if got := read(); got != 300 {
			t.Fatalf("read %d through the router while the replica lags, want 300 (the replica has 200)", got)
		}
		if after := router.Stats(); after.Primary != before.Primary+1 {
			t.Errorf("the read did not fall back to the primary: %+v then %+v", before, after)
		}
	})

	t.Run("replica replaying", func(t *testing.T) {
		testwait.Until(t, 5*time.Second, "the replica catching up", func() bool { return replicaPrice() == 300 })
		resume := p.pauseReplay(t)
		p.change(t, 400)
		slow := readroute.New(p.primary, p.replica, p.feed).WithMaxWait(10 * time.Second)
		go func() {
			time.Sleep(150 * time.Millisecond)
			resume()
		}()
		started := time.Now()
		pool := slow.Pick(t.Context())
		if pool != p.replica {
			t.Fatalf("the read went to the primary although the replica caught up within its wait (after %v)", time.Since(started))
		}
		if waited := time.Since(started); waited < 100*time.Millisecond {
			t.Errorf("the read did not wait for the replay (%v)", waited)
		}
		var cents int
		if err := pool.QueryRow(t.Context(), `SELECT cents FROM prices WHERE id = 1`).Scan(&cents); err != nil || cents != 400 {
			t.Fatalf("the replica chosen shows %d, %v; want 400", cents, err)
		}
		if s := slow.Stats(); s.Waited != 1 {
			t.Errorf("stats %+v, want one read that waited", s)
		}
	})

	t.Run("replica down", func(t *testing.T) {
		testwait.Until(t, 5*time.Second, "the replica catching up", func() bool { return replicaPrice() == 400 })
		if got := read(); got != 400 {
			t.Fatalf("read %d, want 400", got)
		}
		if err := p.replicaServer.Stop(t.Context()); err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			if got := read(); got != 400 {
				t.Fatalf("read %d with the replica down: %d, want 400 from the primary", i, got)
			}
		}
		var n int
		rows, err := router.Query(t.Context(), `SELECT cents FROM prices`)
		if err != nil {
			t.Fatalf("Query with the replica down: %v", err)
		}
		for rows.Next() {
			n++
		}
		if rows.Err() != nil || n != 1 {
			t.Fatalf("Query with the replica down: %d rows, %v", n, rows.Err())
		}
	})

	t.Run("feed not live", func(t *testing.T) {
		deaf := changefeed.New(nil)
		if got := readroute.New(p.primary, p.replica, deaf).Pick(t.Context()); got != p.primary {
			t.Error("with no feed heard, a read went to the replica")
		}
	})
}
