package server

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"

	"github.com/sabores/sabores/backend/internal/prerender"
)

// The public pages go out with their content (issue 20): a phone on a slow
// network paints the first screen from the HTML instead of waiting for the
// app's JavaScript. prerender renders them in the background from the web
// app's server bundle (dist/ssr/render.js); spa.go puts a rendered page into
// index.html's root element with the answers it was rendered from, which
// the app seeds its cache with before it hydrates (frontend/src/main.tsx).

// Prerender configures server-side rendering; nil Options.Prerender sends
// every page as the app's empty shell.
type Prerender struct {
	// Context stops the render workers.
	Context context.Context
	// Feed moves on each catalogue change (a *changefeed.Feed).
	Feed prerender.Generations
	// Workers render side by side (1 when 0).
	Workers int
	// Started, when not nil, is given the cache's counts once it runs
	// (the metrics read them).
	Started func(stats func() prerender.Stats)
	// Renderers, when not nil, is told how many renderers are alive each
	// time that changes.
	Renderers func(alive int)
}

// bundlePath is the server bundle inside the built app; spa never serves it.
const bundlePath = "ssr/render.js"

// notFoundURL is the one page every unrouted path shares, so arbitrary
// paths cannot fill the cache.
const notFoundURL = "/404"

// startPrerender builds the render cache over the API handler api, or
// returns nil when the app has no server bundle or no options were given.
func startPrerender(opts *Prerender, files fs.FS, publicURL string, api http.Handler, logger *slog.Logger) *prerender.Cache {
	if opts == nil || files == nil {
		return nil
	}
	bundle, err := fs.ReadFile(files, bundlePath)
	if err != nil {
		logger.Info("prerender: the app has no server bundle, pages go out without content", "err", err)
		return nil
	}
	engine, err := prerender.NewEngine(bundle, publicURL, apiCaller(api), logger)
	if err != nil {
		logger.Error("prerender: pages go out without content", "err", err)
		return nil
	}
	cache := prerender.NewCache(prerender.Options{
		NewRenderer: engine.NewRenderer,
		Feed:        opts.Feed,
		Workers:     opts.Workers,
		Logger:      logger,
		Renderers:   opts.Renderers,
	})
	go cache.Run(opts.Context)
	if opts.Started != nil {
		opts.Started(cache.Stats)
	}
	logger.Info("prerender: rendering the public pages", "workers", max(opts.Workers, 1))
	return cache
}

// renderURL is the page a request's path (inside its language, language.go)
// is served from, if it is a public page
// that may be rendered: the public pages without a query string (filters,
// page numbers and sign-in returns are the app's), any product, and the
// 404 page for paths the app does not route. The cart, checkout, account,
// orders, withdrawal, newsletter, search and back office are never rendered.
func renderURL(path, rawQuery string) (string, bool) {
	if rawQuery != "" {
		return "", false
	}
	p := "/" + strings.Trim(path, "/")
	if !isAppRoute(p) {
		// The app routes /orders/…, /producto/… and /admin/… to pages of
		// their own, whatever follows: those show no 404 page to render.
		first, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/")
		if first == "orders" || first == "producto" || first == "admin" {
			return "", false
		}
		return notFoundURL, true
	}
	for _, page := range PublicPages() {
		if p == page {
			return p, true
		}
	}
	if _, ok := matchPath("/producto/"+idSlot, p); ok {
		return p, true
	}
	return "", false
}

// withRendered puts a rendered page into index.html's root element and its
// data after it, as a JSON data block (no inline script: the CSP allows it).
// A page rendered before the last catalogue change is marked data-stale:
// the app shows it, then asks for its data again. The root names the
// language it was rendered in, which the app hydrates it in.
func withRendered(index []byte, page prerender.Page, current bool, language string) []byte {
	const root = `<div id="root"></div>`
	at := bytes.Index(index, []byte(root))
	if at < 0 {
		return index
	}
	var b bytes.Buffer
	b.Grow(len(index) + len(page.HTML) + len(page.Data) + 128)
	b.Write(index[:at])
	stale := ""
	if !current {
		stale = " data-stale"
	}
	fmt.Fprintf(&b, `<div id="root" data-rendered-language="%s"%s>`, html.EscapeString(language), stale)
	b.WriteString(page.HTML)
	b.WriteString(`</div><script type="application/json" id="page-data">`)
	b.WriteString(page.Data)
	b.WriteString(`</script>`)
	b.Write(index[at+len(root):])
	return b.Bytes()
}

// consentCookie is the cookie the app sets once the shopper has chosen which
// cookies to allow (frontend/src/features/cookie-consent/consent-provider.tsx).
const consentCookie = "consent_chosen"

// consentChosen says the shopper has made a cookie choice: the page goes out
// without the consent banner it was rendered with.
func consentChosen(r *http.Request) bool {
	c, err := r.Cookie(consentCookie)
	return err == nil && c.Value == "1"
}

// withoutConsentBanner takes the consent banner (the element marked
// data-consent-banner, a section with no section inside) out of a rendered
// page. Pages are rendered as a first visit sees them, banner included, so
// that on a first visit it paints with the page.
func withoutConsentBanner(page string) string {
	start := strings.Index(page, "<section data-consent-banner")
	if start < 0 {
		return page
	}
	end := strings.Index(page[start:], "</section>")
	if end < 0 {
		return page
	}
	return page[:start] + page[start+end+len("</section>"):]
}

// sessionOnly keeps the preloads a rendered page still needs: its data
// travels in the page, the shopper's session does not.
func sessionOnly(calls []string) []string {
	var out []string
	for _, c := range calls {
		if strings.HasPrefix(c, "/sabores.v1.AccountService/") {
			out = append(out, c)
		}
	}
	return out
}

// apiCaller answers a render's reads through the API handler, as an
// anonymous Connect POST with a JSON body: the same caches, interceptors
// and validation as a browser's call.
func apiCaller(api http.Handler) prerender.Caller {
	return func(ctx context.Context, service, method string, input []byte) ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "/"+service+"/"+method, bytes.NewReader(input))
		if err != nil {
			return nil, fmt.Errorf("prerender call: %w", err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = "127.0.0.1:0"
		w := &bufferWriter{header: http.Header{}, status: http.StatusOK}
		api.ServeHTTP(w, req)
		if w.status != http.StatusOK {
			return nil, fmt.Errorf("prerender call %s/%s: status %d: %s", service, method, w.status, bytes.TrimSpace(w.body.Bytes()))
		}
		return w.body.Bytes(), nil
	}
}

// bufferWriter keeps a response in memory.
type bufferWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *bufferWriter) Header() http.Header         { return w.header }
func (w *bufferWriter) WriteHeader(status int)      { w.status = status }
func (w *bufferWriter) Write(b []byte) (int, error) { return w.body.Write(b) }
