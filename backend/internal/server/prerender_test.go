package server

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sabores/sabores/backend/internal/prerender"
)

func TestRenderURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path, query string
		want        string
		ok          bool
	}{
		{"/", "", "/", true},
		{"/todos", "", "/todos", true},
		{"/todos/", "", "/todos", true},
		{"/bebidas", "", "/bebidas", true},
		{"/brasil", "", "/brasil", true},
		{"/brasil/produtos", "", "/brasil/produtos", true},
		{"/peru", "", "/peru", true},
		{"/producto/1001", "", "/producto/1001", true},
		{"/privacy-policy", "", "/privacy-policy", true},
		{"/contact", "", "/contact", true},
		// Every unrouted path shares the one 404 page.
		{"/no/such/page", "", notFoundURL, true},
		{"/otra", "", notFoundURL, true},
		// Filters, page numbers and sign-in returns are the app's.
		{"/todos", "page=2", "", false},
		{"/", "utm_source=x", "", false},
		// A shopper's own pages and the back office are never rendered.
		{"/cart", "", "", false},
		{"/checkout", "", "", false},
		{"/favorites", "", "", false},
		{"/auth", "", "", false},
		{"/client-dashboard", "", "", false},
		{"/orders", "", "", false},
		{"/orders/12", "", "", false},
		{"/orders/12/withdraw", "", "", false},
		{"/desistir", "", "", false},
		{"/newsletter", "", "", false},
		{"/buscar", "", "", false},
		{"/admin", "", "", false},
		{"/admin/orders", "", "", false},
		// Not a product id the app asks for.
		{"/producto/abc", "", "", false},
		{"/producto/0", "", "", false},
		{"/producto/1/x", "", "", false},
		{"/orders/12/x", "", "", false},
	}
	for _, tt := range tests {
		got, ok := renderURL(tt.path, tt.query)
		if got != tt.want || ok != tt.ok {
			t.Errorf("renderURL(%q, %q) = %q, %v; want %q, %v", tt.path, tt.query, got, ok, tt.want, tt.ok)
		}
	}
}

func TestWithRendered(t *testing.T) {
	t.Parallel()
	index := []byte(`<html><head></head><body><div id="root"></div><script src="/a.js"></script></body></html>`)
	page := prerender.Page{HTML: `<p>Guaraná</p>`, Data: `{"now":1,"queries":[]}`}
	got := string(withRendered(index, page, true, "es"))
	want := `<html><head></head><body><div id="root" data-rendered-language="es"><p>Guaraná</p></div>` +
		`<script type="application/json" id="page-data">{"now":1,"queries":[]}</script><script src="/a.js"></script></body></html>`
	if got != want {
		t.Errorf("withRendered =\n%s\nwant\n%s", got, want)
	}
	stale := string(withRendered(index, page, false, "es"))
	if !strings.Contains(stale, `<div id="root" data-rendered-language="es" data-stale>`) {
		t.Errorf("a page out of date is not marked stale:\n%s", stale)
	}
	pt := string(withRendered(index, page, true, "pt"))
	if !strings.Contains(pt, `<div id="root" data-rendered-language="pt">`) {
		t.Errorf("a Portuguese page does not say its language:\n%s", pt)
	}
}

func TestSessionOnly(t *testing.T) {
	t.Parallel()
	got := sessionOnly([]string{
		"/sabores.v1.AccountService/GetSession?connect=v1",
		"/sabores.v1.CatalogService/ListCountries?connect=v1",
		"/sabores.v1.ShopSettingsService/GetShopDetails?connect=v1",
	})
	if len(got) != 1 || got[0] != "/sabores.v1.AccountService/GetSession?connect=v1" {
		t.Errorf("sessionOnly = %q", got)
	}
}

func TestSPANeverServesTheServerBundle(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{
		"index.html":    {Data: []byte(`<html><head></head><body><div id="root"></div></body></html>`)},
		"ssr/render.js": {Data: []byte(`var SaboresSSR = {};`)},
	}
	h := newSPA(files, nil)
	for _, path := range []string{"/ssr/render.js", "/ssr", "/ssr/"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "SaboresSSR") {
			t.Errorf("GET %s = %d %q, want 404", path, rec.Code, rec.Body.String())
		}
	}
}

func TestPagesAreSentCompressed(t *testing.T) {
	t.Parallel()
	index := `<html><head></head><body><div id="root"></div>` + strings.Repeat("<p>Sabores</p>", 200) + `</body></html>`
	h := newSPA(fstest.MapFS{"index.html": {Data: []byte(index)}}, nil)

	req := httptest.NewRequest(http.MethodGet, "/todos", nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if got := rec.Header().Get("Content-Encoding"); got != "gzip" {
		t.Fatalf("Content-Encoding = %q, want gzip", got)
	}
	if rec.Body.Len() >= len(index)/4 {
		t.Errorf("compressed page is %d bytes of %d", rec.Body.Len(), len(index))
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(zr)
	if err != nil || string(body) != index {
		t.Errorf("decompressed page differs (%v)", err)
	}
	if v := strings.Join(rec.Header().Values("Vary"), ", "); !strings.Contains(v, "Accept-Encoding") || !strings.Contains(v, "Cookie") {
		t.Errorf("Vary = %q", v)
	}

	plain := httptest.NewRecorder()
	h.ServeHTTP(plain, httptest.NewRequest(http.MethodGet, "/todos", nil))
	if plain.Header().Get("Content-Encoding") != "" || plain.Body.String() != index {
		t.Errorf("a client without gzip got %q encoding", plain.Header().Get("Content-Encoding"))
	}
}

func TestWithoutConsentBanner(t *testing.T) {
	t.Parallel()
	banner := `<section data-consent-banner="" aria-label="Cookies"><div><p>Utilizamos cookies</p></div></section>`
	tests := []struct{ in, want string }{
		{`<header>S</header><main>m</main>` + banner, `<header>S</header><main>m</main>`},
		{`<main>m</main>` + banner + `<div>after</div>`, `<main>m</main><div>after</div>`},
		{`<main>no banner</main>`, `<main>no banner</main>`},
		{`<main>m</main><section data-consent-banner="">cut short`, `<main>m</main><section data-consent-banner="">cut short`},
	}
	for _, tt := range tests {
		if got := withoutConsentBanner(tt.in); got != tt.want {
			t.Errorf("withoutConsentBanner(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

func TestConsentChosen(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cookie string
		want   bool
	}{
		{"", false},
		{"consent_chosen=1", true},
		{"a=b; consent_chosen=1", true},
		{"consent_chosen=0", false},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		if tt.cookie != "" {
			r.Header.Set("Cookie", tt.cookie)
		}
		if got := consentChosen(r); got != tt.want {
			t.Errorf("consentChosen(Cookie: %q) = %v; want %v", tt.cookie, got, tt.want)
		}
	}
}

// TestPagesAreCompressedOncePerVersion: a page sent again is not compressed
// again, and a page whose bytes changed (a new render, a new price in its
// metadata) is compressed anew, never answered from the old one.
func TestPagesAreCompressedOncePerVersion(t *testing.T) {
	t.Parallel()
	files := fstest.MapFS{"index.html": {Data: []byte(`<html><body><div id="root"></div>` + strings.Repeat("<p>v1</p>", 200) + `</body></html>`)}}
	h := newSPA(files, nil)
	get := func() string {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, "/todos", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return string(body)
	}
	for range 3 {
		if body := get(); !strings.Contains(body, "<p>v1</p>") {
			t.Fatalf("page = %.60q…", body)
		}
	}
	if n := h.gzipped.compressed; n != 1 {
		t.Errorf("3 requests for the same page compressed it %d times, want once", n)
	}
	h.index = []byte(strings.ReplaceAll(string(h.index), "v1", "v2"))
	if body := get(); !strings.Contains(body, "<p>v2</p>") || strings.Contains(body, "v1") {
		t.Errorf("after the page changed, sent %.60q…", body)
	}
	if n := h.gzipped.compressed; n != 2 {
		t.Errorf("the changed page was compressed %d times in all, want 2", n)
	}
}
