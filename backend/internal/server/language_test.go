package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestPageLanguage(t *testing.T) {
	t.Parallel()
	// back is the page's canonical path: the Portuguese home page is /pt/.
	tests := []struct{ path, language, inner, back string }{
		{"/", "es", "/", "/"},
		{"/todos", "es", "/todos", "/todos"},
		{"/pt", "pt", "/", "/pt/"},
		{"/pt/", "pt", "/", "/pt/"},
		{"/pt/producto/12", "pt", "/producto/12", "/pt/producto/12"},
		// Only the whole first segment names a language.
		{"/ptx", "es", "/ptx", "/ptx"},
		{"/admin", "es", "/admin", "/admin"},
	}
	for _, tt := range tests {
		language, inner := pageLanguage(tt.path)
		if language != tt.language || inner != tt.inner {
			t.Errorf("pageLanguage(%q) = %q, %q; want %q, %q", tt.path, language, inner, tt.language, tt.inner)
		}
		if back := LanguagePath(language, inner); back != tt.back {
			t.Errorf("LanguagePath(%q, %q) = %q, want %q", language, inner, back, tt.back)
		}
	}
}

func TestFirstVisitLanguage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		accept, cookie, want string
	}{
		{"", "", "es"},
		{"pt-PT", "", "pt"},
		{"pt-PT,pt;q=0.9,en;q=0.8", "", "pt"},
		{"pt-BR", "", "pt"},
		{"es-ES,es;q=0.9", "", "es"},
		{"en-GB,en;q=0.9", "", "es"},
		// The weights decide, not only the order.
		{"en;q=1, es;q=0.5, pt;q=0.8", "", "pt"},
		{"pt;q=0.3, es;q=0.7", "", "es"},
		{"pt;q=0", "", "es"},
		// The shopper's choice is remembered over the browser's list.
		{"pt-PT", "es", "es"},
		{"", "pt", "pt"},
		{"pt-PT", "fr", "pt"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		if tt.accept != "" {
			r.Header.Set("Accept-Language", tt.accept)
		}
		if tt.cookie != "" {
			r.AddCookie(&http.Cookie{Name: languageCookie, Value: tt.cookie})
		}
		if got := firstVisitLanguage(r); got != tt.want {
			t.Errorf("Accept-Language %q, cookie %q: %q, want %q", tt.accept, tt.cookie, got, tt.want)
		}
	}
}

// TestEachLanguageItsURLs serves the app's page as browsers get it: a
// Portuguese browser's first visit to "/" goes to /pt/, uncached, each page
// says its language and names both.
func TestEachLanguageItsURLs(t *testing.T) {
	t.Parallel()
	index := "<!doctype html>\n<html lang=\"es\">\n  <head>\n    <title>Sabores</title>\n  </head>\n  <body><div id=\"root\"></div></body>\n</html>\n"
	b := setup(t, Options{
		Services:  Services{Catalog: metaCatalog{}},
		PublicURL: "https://sabores.example",
		Frontend:  fstest.MapFS{"index.html": {Data: []byte(index)}},
	})
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(t *testing.T, path string, header http.Header) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, b.url+path, nil)
		for k, v := range header {
			req.Header[k] = v
		}
		res, err := noRedirect.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		return res, string(body)
	}

	t.Run("a Portuguese first visit goes to /pt/, uncached", func(t *testing.T) {
		t.Parallel()
		res, _ := get(t, "/", http.Header{"Accept-Language": {"pt-PT,pt;q=0.9"}})
		if res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/pt/" {
			t.Fatalf("GET / (pt-PT) = %d to %q, want 302 to /pt/", res.StatusCode, res.Header.Get("Location"))
		}
		if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
			t.Errorf("the redirect may be cached: Cache-Control %q", cc)
		}
		if c := res.Cookies(); len(c) != 1 || c[0].Name != languageCookie || c[0].Value != "pt" {
			t.Errorf("the redirect does not remember the language: %v", c)
		}
	})
	t.Run("Spanish, a crawler and a chosen Spanish stay at /", func(t *testing.T) {
		t.Parallel()
		for _, h := range []http.Header{
			{},
			{"Accept-Language": {"es-ES"}},
			{"Accept-Language": {"pt-PT"}, "Cookie": {"lang=es"}},
		} {
			res, body := get(t, "/", h)
			if res.StatusCode != http.StatusOK || !strings.Contains(body, `<html lang="es">`) {
				t.Errorf("GET / %v = %d, want the Spanish page", h, res.StatusCode)
			}
			vary := strings.Join(res.Header.Values("Vary"), ",")
			if !strings.Contains(vary, "Accept-Language") || !strings.Contains(vary, "Cookie") {
				t.Errorf("GET / %v: Vary %q does not name what the answer depends on", h, vary)
			}
		}
	})
	t.Run("only / redirects", func(t *testing.T) {
		t.Parallel()
		res, body := get(t, "/todos", http.Header{"Accept-Language": {"pt-PT"}})
		if res.StatusCode != http.StatusOK || !strings.Contains(body, `<html lang="es">`) {
			t.Errorf("GET /todos (pt-PT) = %d, want the Spanish page at its own URL", res.StatusCode)
		}
	})
	t.Run("a Portuguese page says its language and names both", func(t *testing.T) {
		t.Parallel()
		res, body := get(t, "/pt/todos", http.Header{"Accept-Language": {"es-ES"}})
		if res.StatusCode != http.StatusOK || !strings.Contains(body, `<html lang="pt">`) {
			t.Fatalf("GET /pt/todos = %d\n%s", res.StatusCode, body)
		}
		for _, want := range []string{
			`<title>Todos os produtos | Sabores</title>`,
			`<link rel="canonical" href="https://sabores.example/pt/todos">`,
			`<link rel="alternate" hreflang="es" href="https://sabores.example/todos">`,
			`<link rel="alternate" hreflang="pt" href="https://sabores.example/pt/todos">`,
			`<link rel="alternate" hreflang="x-default" href="https://sabores.example/todos">`,
			`"item":"https://sabores.example/pt/"`,
		} {
			if !strings.Contains(body, want) {
				t.Errorf("GET /pt/todos lacks %s\n%s", want, body)
			}
		}
	})
	t.Run("a public page without metadata has its alternates", func(t *testing.T) {
		t.Parallel()
		_, body := get(t, "/pt/contact", nil)
		if !strings.Contains(body, `<link rel="canonical" href="https://sabores.example/pt/contact">`) ||
			!strings.Contains(body, `<link rel="alternate" hreflang="es" href="https://sabores.example/contact">`) {
			t.Errorf("GET /pt/contact has no canonical and alternate links\n%s", body)
		}
	})
	t.Run("a Portuguese path the app does not route is a 404", func(t *testing.T) {
		t.Parallel()
		for path, want := range map[string]int{"/pt/no-such-page": 404, "/pt/producto/1001": 200, "/pt/orders/3/withdraw": 200, "/pt/": 200} {
			if res, _ := get(t, path, nil); res.StatusCode != want {
				t.Errorf("GET %s = %d, want %d", path, res.StatusCode, want)
			}
		}
	})
}
