package sitemap_test

import (
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/sitemap"
)

func get(t *testing.T, h http.Handler, path string) (*http.Response, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	res := rec.Result()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(body)
}

func TestRobotsAndSitemap(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	mux := http.NewServeMux()
	for pattern, h := range sitemap.Routes(db.New(pool), "https://sabores.example/") {
		mux.Handle(pattern, h)
	}

	res, robots := get(t, mux, "/robots.txt")
	if res.StatusCode != http.StatusOK || !strings.Contains(robots, "Disallow: /admin\n") || !strings.Contains(robots, "Disallow: /pt/cart\n") ||
		!strings.Contains(robots, "Sitemap: https://sabores.example/sitemap.xml\n") {
		t.Errorf("robots.txt = %d %q", res.StatusCode, robots)
	}

	res, body := get(t, mux, "/sitemap.xml")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/xml; charset=utf-8" {
		t.Fatalf("sitemap.xml = %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var set struct {
		URLs []string `xml:"url>loc"`
	}
	if err := xml.Unmarshal([]byte(body), &set); err != nil {
		t.Fatalf("sitemap is not XML: %v", err)
	}
	has := func(u string) bool {
		for _, got := range set.URLs {
			if got == u {
				return true
			}
		}
		return false
	}
	for _, u := range []string{"https://sabores.example/", "https://sabores.example/todos", "https://sabores.example/bebidas",
		"https://sabores.example/brasil/produtos", "https://sabores.example/contact", "https://sabores.example/producto/1001",
		"https://sabores.example/pt/", "https://sabores.example/pt/todos", "https://sabores.example/pt/producto/1001"} {
		if !has(u) {
			t.Errorf("sitemap lacks %s", u)
		}
	}
	// Each page names its languages (hreflang), the Spanish one as x-default.
	if !strings.Contains(body, `<loc>https://sabores.example/pt/producto/1001</loc>`+
		`<xhtml:link rel="alternate" hreflang="es" href="https://sabores.example/producto/1001"></xhtml:link>`+
		`<xhtml:link rel="alternate" hreflang="pt" href="https://sabores.example/pt/producto/1001"></xhtml:link>`+
		`<xhtml:link rel="alternate" hreflang="x-default" href="https://sabores.example/producto/1001"></xhtml:link>`) ||
		!strings.Contains(body, `xmlns:xhtml="http://www.w3.org/1999/xhtml"`) {
		t.Errorf("sitemap has no hreflang alternates:\n%.1500s", body)
	}
	// Requeijão (1010) is sold only in the physical shop; the cart is private.
	for _, u := range []string{"https://sabores.example/producto/1010", "https://sabores.example/cart", "https://sabores.example/pt/producto/1010"} {
		if has(u) {
			t.Errorf("sitemap lists %s", u)
		}
	}
}
