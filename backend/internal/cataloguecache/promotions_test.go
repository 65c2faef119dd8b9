package cataloguecache_test

import (
	"context"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/cataloguecache"
	"github.com/sabores/sabores/backend/internal/changefeed"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// TestPromotionSnapshot checks that the storefront's promotions come from
// memory once loaded, are loaded again when the catalogue announces a
// change, follow the clock without a reload, and are read from the database
// while the listener is down.
func TestPromotionSnapshot(t *testing.T) {
	t.Parallel()
	dsn := dbtest.URL(dbtest.New(t))
	r := startReplica(t, dsn)
	ctx := context.Background()
	snap := cataloguecache.NewPromotionSnapshot(r.feed, r.pool)
	gen := r.feed.Generation()
	id := insertProduct(t, r.pool, "Cocada", 400)
	var product db.Product
	running := func(now time.Time) (int64, bool) {
		t.Helper()
		got, err := promotion.Promotions(ctx, snap, []db.Product{product}, now)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := got[id]
		return p.ID, ok
	}
	mustExec := func(sql string, args ...any) {
		t.Helper()
		if _, err := r.pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	var promo int64
	if err := r.pool.QueryRow(ctx, `INSERT INTO product_promotions (product_id, promotion_type, discount_basis_points, ends_at)
		VALUES ($1, 'percentage', 1000, now() + interval '1 hour') RETURNING id`, id).Scan(&promo); err != nil {
		t.Fatal(err)
	}
	product = db.Product{ID: id, PriceCents: 400}
	// The inserts' own notifications (product, promotion) must arrive
	// before the snapshot is loaded, or they would reload it after the
	// unannounced change below.
	notified(t, r, gen, 2)
	testwait.Until(t, time.Second, "the promotion in the snapshot", func() bool {
		got, ok := running(time.Now())
		return ok && got == promo
	})

	// Changed without a notification, the database no longer has it, but
	// the snapshot does: it answers from memory.
	mustExec(`ALTER TABLE product_promotions DISABLE TRIGGER promotions_catalog_changed`)
	mustExec(`UPDATE product_promotions SET is_active = false WHERE id = $1`, promo)
	mustExec(`ALTER TABLE product_promotions ENABLE TRIGGER promotions_catalog_changed`)
	if got, ok := running(time.Now()); !ok || got != promo {
		t.Fatalf("before the notification: running = %d, %t; want the remembered %d", got, ok, promo)
	}
	// The clock passing its end needs no reload.
	if _, ok := running(time.Now().Add(2 * time.Hour)); ok {
		t.Fatal("a promotion ended an hour ago still runs")
	}

	// Any catalogue change loads it again.
	mustExec(`SELECT pg_notify('catalog_changed', 'test')`)
	testwait.Until(t, time.Second, "the snapshot reloaded", func() bool {
		_, ok := running(time.Now())
		return !ok
	})

	// With no listener, nothing is remembered: each call reads the database.
	cold := cataloguecache.NewPromotionSnapshot(changefeed.New(nil), r.pool)
	mustExec(`UPDATE product_promotions SET is_active = true WHERE id = $1`, promo)
	got, err := promotion.Promotions(ctx, cold, []db.Product{product}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if got[id].ID != promo {
		t.Fatalf("without a listener: promotion %d, want %d read from the database", got[id].ID, promo)
	}
}
