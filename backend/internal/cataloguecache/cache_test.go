package cataloguecache_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/api/promotionapi"
	"github.com/sabores/sabores/backend/internal/cataloguecache"
	"github.com/sabores/sabores/backend/internal/changefeed"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/server"
	"github.com/sabores/sabores/backend/internal/testwait"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// replica is one shopd as a load balancer sees it: its own pool, its own
// cache and listener, its own HTTP server, sharing only the database.
type replica struct {
	pool    *pgxpool.Pool
	cache   *cataloguecache.Cache
	feed    *changefeed.Feed
	catalog saboresv1connect.CatalogServiceClient
	url     string
}

func startReplica(t *testing.T, dsn string) *replica {
	t.Helper()
	return startReplicaTTL(t, dsn, time.Minute)
}

// startReplicaTTL starts a replica whose answers expire after ttl.
func startReplicaTTL(t *testing.T, dsn string, ttl time.Duration) *replica {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	feed := changefeed.New(nil)
	cache := cataloguecache.New(cataloguecache.Options{TTL: ttl, Feed: feed})
	ready := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		feed.Listen(ctx, pool, ready)
	}()
	promos := cataloguecache.NewPromotionSnapshot(feed, pool)
	handler := server.NewHandler(server.Options{
		Services: server.Services{
			Catalog:   cataloguecache.NewCatalog(cache, catalogueapi.New(pool, promos)),
			Promotion: cataloguecache.NewPromotions(cache, promotionapi.New(pool, promos)),
		},
		DB:        pool,
		ReadCache: cache.Middleware,
	})
	srv := httptest.NewServer(handler)
	t.Cleanup(func() {
		srv.Close()
		cancel()
		<-stopped
		pool.Close()
	})
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
		t.Fatal("the cache's listener did not connect")
	}
	return &replica{
		pool:    pool,
		cache:   cache,
		feed:    feed,
		catalog: saboresv1connect.NewCatalogServiceClient(srv.Client(), srv.URL, connect.WithHTTPGet()),
		url:     srv.URL,
	}
}

// notified waits until r's feed has announced n changes since gen: the
// notifications of the statements the test just ran (each statement on a
// catalogue table notifies once).
func notified(t *testing.T, r *replica, gen uint64, n int) {
	t.Helper()
	testwait.Until(t, 5*time.Second, "the catalogue's notifications", func() bool {
		return r.feed.Generation() >= gen+uint64(n)
	})
}

func insertProduct(t *testing.T, pool *pgxpool.Pool, name string, priceCents int64) int64 {
	t.Helper()
	return dbtest.Product(t, pool, dbtest.ProductOpts{
		Name: name, Code: "C-" + name, SKU: "SKU-" + name, Category: "bebidas", PriceCents: priceCents,
		VATBasisPoints: 2100, Stock: 10,
	})
}

func price(t *testing.T, r *replica, id int64) int64 {
	t.Helper()
	res, err := r.catalog.GetProduct(context.Background(), connect.NewRequest(&saboresv1.GetProductRequest{Id: id}))
	if err != nil {
		t.Fatal(err)
	}
	return res.Msg.GetProduct().GetPriceCents()
}

// TestTwoReplicasSeeAPriceChange is issue 7's scaling rule: two shopd
// replicas on one database, each caching the catalogue; a price changed
// while both hold the product is served by the other within a second.
func TestTwoReplicasSeeAPriceChange(t *testing.T) {
	t.Parallel()
	dsn := dbtest.URL(dbtest.New(t))
	a, b := startReplica(t, dsn), startReplica(t, dsn)
	genA, genB := a.feed.Generation(), b.feed.Generation()
	id := insertProduct(t, a.pool, "Guaraná Antarctica", 199)
	// The insert's own notification must reach both before they cache the
	// product, or it would drop what the reads below keep.
	notified(t, a, genA, 1)
	notified(t, b, genB, 1)

	// Both replicas read it, and a second read on b comes from its cache.
	if got := price(t, a, id); got != 199 {
		t.Fatalf("price on a = %d, want 199", got)
	}
	if got := price(t, b, id); got != 199 {
		t.Fatalf("price on b = %d, want 199", got)
	}
	hitsBefore, _ := b.cache.Stats()
	price(t, b, id)
	if hits, _ := b.cache.Stats(); hits != hitsBefore+1 {
		t.Fatalf("b's second read was not a cache hit (hits %d → %d)", hitsBefore, hits)
	}

	// The change goes through replica a's pool, as an admin edit would.
	if _, err := a.pool.Exec(context.Background(), `UPDATE products SET price_cents = 249 WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	took := testwait.Until(t, time.Second, "replica b serving the new price", func() bool { return price(t, b, id) == 249 })
	t.Logf("replica b served the new price after %v", took)
	testwait.Until(t, time.Second, "replica a serving the new price", func() bool { return price(t, a, id) == 249 })
}

// TestVisibilityAndPromotionChangesInvalidate checks the other tables an
// admin edits: hiding a product online and starting a promotion.
func TestVisibilityAndPromotionChangesInvalidate(t *testing.T) {
	t.Parallel()
	dsn := dbtest.URL(dbtest.New(t))
	r := startReplica(t, dsn)
	ctx := context.Background()
	id := insertProduct(t, r.pool, "Açaí", 500)
	price(t, r, id)

	if _, err := r.pool.Exec(ctx, `INSERT INTO product_promotions (product_id, promotion_type, discount_basis_points) VALUES ($1, 'percentage', 1000)`, id); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, time.Second, "the promotion showing", func() bool {
		res, err := r.catalog.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: id}))
		return err == nil && res.Msg.GetProduct().GetPromotion().GetPriceCents() == 450
	})

	if _, err := r.pool.Exec(ctx, `INSERT INTO countries (slug, name) VALUES ('brasil', 'Brasil')`); err != nil {
		t.Fatal(err)
	}
	if _, err := r.pool.Exec(ctx, `INSERT INTO product_country_visibility (product_id, country_slug, sales_channel) VALUES ($1, 'brasil', 'physical')`, id); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, time.Second, "the product hidden online", func() bool {
		_, err := r.catalog.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: id}))
		return connecttest.Code(err) == connect.CodeNotFound
	})
}

// TestStockChangesKeepTheCache: orders take stock all the time; only a
// count the storefront shows (below 10, and running out) drops the cache.
func TestStockChangesKeepTheCache(t *testing.T) {
	t.Parallel()
	dsn := dbtest.URL(dbtest.New(t))
	r := startReplica(t, dsn)
	ctx := context.Background()
	gen := r.feed.Generation()
	id := insertProduct(t, r.pool, "Farofa", 300)
	// The insert's own notification must not be taken for the sale's.
	notified(t, r, gen, 1)
	read := func() int32 {
		res, err := r.catalog.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: id}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg.GetProduct().GetStock()
	}
	// A plentiful stock, read before the cache holds the product.
	if _, err := r.pool.Exec(ctx, `UPDATE products SET stock = 20 WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if got := read(); got != 20 {
		t.Fatalf("stock = %d, want 20", got)
	}
	if _, err := r.pool.Exec(ctx, `UPDATE products SET stock = stock - 1 WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	// A notification would arrive in milliseconds; give it time to. (A
	// sleep: what is checked is that nothing comes, so nothing to wait for.)
	time.Sleep(200 * time.Millisecond)
	if got := read(); got != 20 {
		t.Fatalf("stock = %d after a sale, want the cached 20", got)
	}
	// Below 10 the storefront shows the count ("Últimas 9"): every change
	// there is announced (00630, issue 38).
	if _, err := r.pool.Exec(ctx, `UPDATE products SET stock = 9 WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, time.Second, "the badge's count showing", func() bool { return read() == 9 })
	if _, err := r.pool.Exec(ctx, `UPDATE products SET stock = 0 WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, time.Second, "sold out showing", func() bool { return read() == 0 })
}

// TestListenerReconnects: when the listening connection dies the cache
// stops caching, reconnects by itself and is invalidated again afterwards.
func TestListenerReconnects(t *testing.T) {
	t.Parallel()
	dsn := dbtest.URL(dbtest.New(t))
	r := startReplica(t, dsn)
	ctx := context.Background()
	id := insertProduct(t, r.pool, "Bissap", 250)
	price(t, r, id)

	if _, err := r.pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = $1`, changefeed.ApplicationName); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, 5*time.Second, "the listener reconnecting", func() bool {
		var n int
		err := r.pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND application_name = $1`, changefeed.ApplicationName).Scan(&n)
		return err == nil && n == 1 && r.feed.Live()
	})
	price(t, r, id)
	if _, err := r.pool.Exec(ctx, `UPDATE products SET price_cents = 275 WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, time.Second, "the new price after reconnecting", func() bool { return price(t, r, id) == 275 })
}

// TestGetReadsAreCacheable: public reads over GET carry Cache-Control, so
// browsers and CDNs can keep them; POST reads do not.
func TestGetReadsAreCacheable(t *testing.T) {
	t.Parallel()
	r := startReplica(t, dbtest.URL(dbtest.New(t)))
	get, err := http.Get(r.url + "/sabores.v1.CatalogService/ListCountries?encoding=json&message=%7B%7D")
	if err != nil {
		t.Fatal(err)
	}
	_ = get.Body.Close()
	if get.StatusCode != http.StatusOK || get.Header.Get("Cache-Control") != "public, max-age=5" {
		t.Fatalf("GET: status %d, Cache-Control %q", get.StatusCode, get.Header.Get("Cache-Control"))
	}
	post, err := http.Post(r.url+"/sabores.v1.CatalogService/ListCountries", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	_ = post.Body.Close()
	if post.StatusCode != http.StatusOK || post.Header.Get("Cache-Control") != "" {
		t.Fatalf("POST: status %d, Cache-Control %q", post.StatusCode, post.Header.Get("Cache-Control"))
	}
}

// TestStaleAnswersThroughTheWholeServer serves expired answers through the
// server's full stack (request logging, interceptors) while they are
// recomputed in the background: the recomputation is no part of the
// shopper's request, so it must not touch that request's log record (run
// with -race), and the new price arrives.
func TestStaleAnswersThroughTheWholeServer(t *testing.T) {
	t.Parallel()
	r := startReplicaTTL(t, dbtest.URL(dbtest.New(t)), 50*time.Millisecond)
	gen := r.feed.Generation()
	id := insertProduct(t, r.pool, "Pão de queijo", 300)
	notified(t, r, gen, 1) // the insert's notification first
	price(t, r, id)
	if _, err := r.pool.Exec(context.Background(), `ALTER TABLE products DISABLE TRIGGER products_catalog_updated`); err != nil {
		t.Fatal(err)
	}
	if _, err := r.pool.Exec(context.Background(), `UPDATE products SET price_cents = 350 WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, 2*time.Second, "the unannounced price after the TTL", func() bool { return price(t, r, id) == 350 })
}
