package systemtest

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/testwait"
	"github.com/sabores/sabores/frontend"
)

// TestRenderedPagesFollowAPriceChange is issue 20's render cache against
// PostgreSQL: a product page arrives with its name and price in the HTML
// (rendered in the background, so the first request gets the app's shell),
// and after a price change in the database the page shows the new price,
// the old page being served until the new one is rendered. Pages of a
// shopper's own are never rendered.
func TestRenderedPagesFollowAPriceChange(t *testing.T) {
	t.Parallel()
	if _, err := fs.Stat(frontend.Dist(), "ssr/render.js"); err != nil {
		t.Skip("the web app's server bundle is not built (./task build):", err)
	}
	pool := dbtest.NewSeeded(t)
	shop := newTestShop(t, dbtest.URL(pool), io.Discard)
	ctx := context.Background()
	var (
		id    int64
		name  string
		price int64
	)
	if err := pool.QueryRow(ctx, `SELECT id, name, price_cents FROM products
		WHERE sold_online AND NOT EXISTS (SELECT 1 FROM product_promotions p WHERE p.product_id = products.id)
		ORDER BY id LIMIT 1`).Scan(&id, &name, &price); err != nil {
		t.Fatal(err)
	}
	path := "/producto/" + strconv.FormatInt(id, 10)
	page := func(path string) string {
		t.Helper()
		res, err := http.Get(shop.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = res.Body.Close() }()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	rendered := func(html string) bool { return strings.Contains(html, `id="page-data"`) }

	if first := page(path); rendered(first) {
		t.Fatal("the first request waited for a render")
	}
	var html string
	testwait.Until(t, 60*time.Second, "the product page rendered", func() bool {
		html = page(path)
		return rendered(html)
	})
	if !strings.Contains(html, name) || !strings.Contains(html, euros(price)) {
		t.Fatalf("the rendered page lacks %q at %s", name, euros(price))
	}

	newPrice := price + 111
	if _, err := pool.Exec(ctx, `UPDATE products SET price_cents = $1 WHERE id = $2`, newPrice, id); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, 60*time.Second, "the page at the new price", func() bool {
		html = page(path)
		return rendered(html) && strings.Contains(html, euros(newPrice))
	})
	if strings.Contains(html, euros(price)) {
		t.Errorf("the re-rendered page still shows the old price %s", euros(price))
	}

	for _, own := range []string{"/cart", "/checkout", "/orders/1", "/desistir", "/newsletter", "/admin"} {
		page(own)
	}
	time.Sleep(500 * time.Millisecond)
	for _, own := range []string{"/cart", "/checkout", "/orders/1", "/desistir", "/newsletter", "/admin"} {
		if rendered(page(own)) {
			t.Errorf("%s was rendered", own)
		}
	}
}

// euros is a price under 1 000 € as the storefront shows it in Spanish
// ("12,34 €", a no-break space before the sign).
func euros(cents int64) string {
	return fmt.Sprintf("%d,%02d\u00a0€", cents/100, cents%100)
}
