package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestAppRoutesMatchTheRouter reads the web app's route table and checks
// the server's copy of it: a page added there and not here would answer
// 404.
func TestAppRoutesMatchTheRouter(t *testing.T) {
	t.Parallel()
	read := func(name string) string {
		b, err := os.ReadFile("../../../frontend/src/app/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	router, entry := read("router.tsx"), read("entry-pages.ts")
	list := func(src, name string) []string {
		m := regexp.MustCompile(`(?s)export const ` + name + ` = \[(.*?)\]`).FindStringSubmatch(src)
		if m == nil {
			t.Fatalf("no %s in the app's routes", name)
		}
		var out []string
		for _, s := range regexp.MustCompile(`"([^"]+)"`).FindAllStringSubmatch(m[1], -1) {
			out = append(out, s[1])
		}
		return out
	}
	for name, want := range map[string][]string{"catalogueCountries": catalogueCountries, "genericCountries": genericCountries} {
		if got := list(entry, name); !slices.Equal(got, want) {
			t.Errorf("router's %s = %v, server's %v", name, got, want)
		}
	}
	if got := list(entry, "categoryPages"); !slices.Equal(got, categoryPages) {
		t.Errorf("router's categoryPages = %v, server's %v", got, categoryPages)
	}
	for _, m := range regexp.MustCompile(`<Route path="([a-z-]+)"`).FindAllStringSubmatch(router, -1) {
		if !slices.Contains(appPages, m[1]) {
			t.Errorf("the router has /%s, the server does not know it", m[1])
		}
	}
}

// TestEveryProductHasACategoryPage walks the sample catalogue: every
// product sold online has a category with a page of its own (and /todos'
// filter, which lists the same categories), and so does every category the
// shop names.
func TestEveryProductHasACategoryPage(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	ctx := context.Background()
	for name, sql := range map[string]string{
		"product":  "SELECT DISTINCT category FROM products WHERE sold_online ORDER BY 1",
		"category": "SELECT slug FROM categories ORDER BY sort_order",
	} {
		rows, err := pool.Query(ctx, sql)
		if err != nil {
			t.Fatal(err)
		}
		slugs, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		if len(slugs) < 6 {
			t.Fatalf("%s categories = %v: the sample catalogue has six", name, slugs)
		}
		for _, slug := range slugs {
			if !slices.Contains(categoryPages, slug) || metaTextsOf["es"].categories[slug] == "" || metaTextsOf["pt"].categories[slug] == "" {
				t.Errorf("%s category %q has no category page (or no title)", name, slug)
			}
		}
	}
}

func TestUnroutedPathsAnswer404(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{
		"index.html": {Data: []byte("<!doctype html><title>Sabores</title>")},
		"icon.png":   {Data: []byte("png")},
	}
	h := notFoundStatus(newSPA(files, nil))
	for path, want := range map[string]int{
		"/":                      http.StatusOK,
		"/todos":                 http.StatusOK,
		"/bebidas":               http.StatusOK,
		"/doces":                 http.StatusOK,
		"/producto/1001":         http.StatusOK,
		"/brasil/produtos":       http.StatusOK,
		"/peru":                  http.StatusOK,
		"/admin/products/brasil": http.StatusOK,
		"/icon.png":              http.StatusOK,
		"/no/such/page":          http.StatusNotFound,
		"/producto/abc":          http.StatusNotFound,
		"/senegal/produtos":      http.StatusNotFound,
		"/wp-login.php":          http.StatusNotFound,
		"/desistir":              http.StatusOK,
		"/orders/12/withdraw":    http.StatusOK,
		"/orders/12":             http.StatusOK,
		"/pt/orders/12":          http.StatusOK,
		"/orders/12?payment=ok":  http.StatusOK,
		"/orders/x/withdraw":     http.StatusNotFound,
		"/orders/12/other":       http.StatusNotFound,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != want {
			t.Errorf("GET %s = %d, want %d", path, rec.Code, want)
		}
		if want == http.StatusNotFound && rec.Body.String() != "<!doctype html><title>Sabores</title>" {
			t.Errorf("GET %s served %q, want the app's page (its 404 screen)", path, rec.Body.String())
		}
	}
}

// TestPaymentReturnDropsTheSignedFields is issue 38's return from the bank:
// the order page Redsys sends the shopper back to answers 200 (it was a
// 404 while the page showed the order), and its address loses the signed
// fields, which the shop never reads from it, by a 303 that keeps the rest.
func TestPaymentReturnDropsTheSignedFields(t *testing.T) {
	t.Parallel()
	h := notFoundStatus(newSPA(fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Sabores</title>")}}, nil))
	signed := "Ds_SignatureVersion=HMAC_SHA256_V1&Ds_MerchantParameters=eyJEc19EYXRlIjoiMjkvMTEvMjAyNiJ9&Ds_Signature=abc%3D"
	for _, tt := range []struct{ path, want string }{
		{"/orders/12?payment=ok&" + signed, "/orders/12?payment=ok"},
		{"/pt/orders/12?payment=ko&" + signed, "/pt/orders/12?payment=ko"},
		{"/orders/12?" + signed, "/orders/12"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != tt.want {
			t.Errorf("GET %s = %d to %q, want 303 to %q", tt.path, rec.Code, rec.Header().Get("Location"), tt.want)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
			t.Errorf("GET %s: Cache-Control %q, want no-store", tt.path, cc)
		}
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.want, nil))
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s = %d, want 200", tt.want, rec.Code)
		}
	}
	// Other pages keep whatever their address says.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/todos?"+signed, nil))
	if rec.Code != http.StatusOK {
		t.Errorf("GET /todos with the fields = %d, want 200", rec.Code)
	}
}
