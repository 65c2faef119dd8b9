package server

import (
	"io"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestPreloadCalls(t *testing.T) {
	t.Parallel()
	session := "/sabores.v1.AccountService/GetSession?connect=v1&encoding=json&message=%7B%7D"
	shop := "/sabores.v1.ShopSettingsService/GetShopDetails?connect=v1&encoding=json&message=%7B%7D"
	// The URLs connect-web sends for these pages, copied from the browser.
	tests := []struct {
		name, path, query string
		want              []string
	}{
		{"home", "/", "", []string{
			session, shop,
			"/sabores.v1.CatalogService/ListCountries?connect=v1&encoding=json&message=%7B%7D",
			"/sabores.v1.CatalogService/ListProducts?connect=v1&encoding=json&message=%7B%22onlineCategory%22%3A%22lanzamientos%22%2C%22sort%22%3A%22PRODUCT_SORT_NEWEST%22%2C%22pageSize%22%3A4%7D",
			"/sabores.v1.PromotionService/ListActivePromotions?connect=v1&encoding=json&message=%7B%7D",
			"/sabores.v1.CatalogService/ListProducts?connect=v1&encoding=json&message=%7B%22onlineCategory%22%3A%22populares%22%2C%22sort%22%3A%22PRODUCT_SORT_NEWEST%22%2C%22pageSize%22%3A4%7D",
		}},
		{"todos", "/todos", "", []string{
			session, shop,
			"/sabores.v1.CatalogService/ListProducts?connect=v1&encoding=json&message=%7B%22sort%22%3A%22PRODUCT_SORT_NAME%22%2C%22page%22%3A1%2C%22pageSize%22%3A20%7D",
		}},
		{"todos with filters reads its own page", "/todos", "sortBy=price-asc", []string{session, shop}},
		{"product", "/producto/1001", "", []string{
			session, shop,
			"/sabores.v1.CatalogService/GetProduct?connect=v1&encoding=json&message=%7B%22id%22%3A%221001%22%7D",
		}},
		{"product id that is not a number", "/producto/abc", "", []string{session, shop}},
		{"product id zero", "/producto/0", "", []string{session, shop}},
		{"other page", "/cart", "", []string{session, shop}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := preloadCalls(tt.path, tt.query); !slices.Equal(got, tt.want) {
				t.Errorf("preloadCalls(%q, %q) =\n%q\nwant\n%q", tt.path, tt.query, got, tt.want)
			}
		})
	}
}

func TestEscapeComponentMatchesEncodeURIComponent(t *testing.T) {
	t.Parallel()
	// encodeURIComponent(`{"q":"a b/ç~*'()!"}`) in a browser.
	in := `{"q":"a b/ç~*'()!"}`
	want := "%7B%22q%22%3A%22a%20b%2F%C3%A7~*'()!%22%7D"
	if got := escapeComponent(in); got != want {
		t.Errorf("escapeComponent(%q) = %q, want %q", in, got, want)
	}
}

func TestIndexNamesThePagePreloads(t *testing.T) {
	t.Parallel()
	index := "<!doctype html>\n<html>\n  <head>\n    <title>Sabores</title>\n  </head>\n  <body><div id=root></div></body>\n</html>\n"
	b := setup(t, Options{Frontend: fstest.MapFS{"index.html": {Data: []byte(index)}}})
	res, err := b.h1.Get(b.url + "/producto/1001")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	page := string(body)
	want := `<link rel="preload" as="fetch" crossorigin href="/sabores.v1.CatalogService/GetProduct?connect=v1&amp;encoding=json&amp;message=%7B%22id%22%3A%221001%22%7D">`
	if !strings.Contains(page, want) || strings.Index(page, want) > strings.Index(page, "</head>") {
		t.Errorf("GET /producto/1001 =\n%s\nwant %s in the head", page, want)
	}
	if n := strings.Count(page, `rel="preload"`); n != 3 {
		t.Errorf("GET /producto/1001 has %d preloads, want 3 (session, shop details and product)", n)
	}
}
