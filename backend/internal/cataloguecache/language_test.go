package cataloguecache_test

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/testwait"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestLanguageIsPartOfTheKey: the language travels in the request message,
// so a product cached in Spanish is never served to a Portuguese reader,
// over GET (the URL) or POST (the message), and a change of the Portuguese
// text, or of the food information, drops both.
func TestLanguageIsPartOfTheKey(t *testing.T) {
	t.Parallel()
	r := startReplica(t, dbtest.URL(dbtest.New(t)))
	ctx := context.Background()
	id := insertProduct(t, r.pool, "Zumo de Baobab", 450)
	if _, err := r.pool.Exec(ctx, `UPDATE products SET name_pt = 'Sumo de Baobá' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the writes' notifications first
	name := func(lang saboresv1.Language) string {
		t.Helper()
		res, err := r.catalog.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: id, Language: lang}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg.GetProduct().GetName()
	}
	for range 2 { // the second round comes from the cache
		if es, pt := name(saboresv1.Language_LANGUAGE_UNSPECIFIED), name(saboresv1.Language_LANGUAGE_PT); es != "Zumo de Baobab" || pt != "Sumo de Baobá" {
			t.Fatalf("names %q / %q", es, pt)
		}
	}
	if hits, _ := r.cache.Stats(); hits < 2 {
		t.Fatalf("%d cache hits, want the second round served from the cache", hits)
	}
	if _, err := r.pool.Exec(ctx, `UPDATE products SET name_pt = 'Sumo de Baobá (Bouye)' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, time.Second, "the new Portuguese name", func() bool { return name(saboresv1.Language_LANGUAGE_PT) == "Sumo de Baobá (Bouye)" })

	if _, err := r.pool.Exec(ctx, `INSERT INTO product_food_info (product_id, net_quantity, net_unit, operator_name, operator_address)
		VALUES ($1, 1000, 'l', 'Kirène SA', 'Pout (Senegal)')`, id); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, time.Second, "the unit price of the new food information", func() bool {
		res, err := r.catalog.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: id}))
		return err == nil && res.Msg.GetProduct().GetUnitPrice().GetCents() == 450
	})
}
