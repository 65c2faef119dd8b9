package server

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/sabores/sabores/backend/internal/prerender"
)

// notBuiltPage is served in place of the app on a checkout where the
// frontend has not been built, so `go build` alone still gives a working
// server whose API answers.
const notBuiltPage = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Sabores</title>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto">
<h1>Sabores</h1>
<p>The API is running, but the web app is not built into this binary.</p>
<p>Run <code>./task build</code> (or <code>./task start</code>) to build it.</p>
</body></html>
`

// spa serves the built single-page app: real files as they are, hashed
// assets cached for a year, and index.html (never cached, so a deploy is
// seen at once) for every other GET, so client-side routes such as
// /producto/1001 survive a reload. index.html names the page's first API
// requests as preloads (preload.go).
type spa struct {
	files    fs.FS
	index    []byte
	preloads *preloads
	meta     *metaSource
	// pages are the rendered public pages (prerender.go); nil renders none.
	pages *prerender.Cache
	// gzipped keeps the pages sent compressed (html.go).
	gzipped *gzipCache
}

func newSPA(files fs.FS, meta *metaSource) *spa {
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		index = nil
	}
	return &spa{files: files, index: index, preloads: mustLoadPreloads(files), meta: meta, gzipped: newGzipCache()}
}

// ServeHTTP implements http.Handler.
func (s *spa) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "ssr" || strings.HasPrefix(name, "ssr/") {
		// The server bundle is shopd's, not the browser's.
		http.NotFound(w, r)
		return
	}
	if name != "" && name != "index.html" {
		if info, err := fs.Stat(s.files, name); err == nil && !info.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				if s.serveCompressed(w, r, name) {
					return
				}
			} else {
				w.Header().Set("Cache-Control", "public, max-age=3600")
			}
			http.ServeFileFS(w, r, s.files, name)
			return
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		// A missing hashed asset is a stale page asking for an old build:
		// answering with index.html would only confuse the browser.
		if strings.HasPrefix(name, "assets/") {
			http.NotFound(w, r)
			return
		}
	}
	if redirectFirstVisit(w, r) || redirectPaymentReturn(w, r) {
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	// Rendered pages carry the cookie banner unless the consent cookie is set.
	w.Header().Add("Vary", "Cookie")
	if s.index == nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(notBuiltPage))
		return
	}
	language, inner := pageLanguage("/" + name)
	calls := s.preloads.calls(inner, r.URL.RawQuery)
	if language != "es" {
		// The preloads are the Spanish pages' reads (the language is part
		// of a read's URL); a Portuguese page's would go unused.
		calls = sessionOnly(calls)
	}
	page := s.index
	url, public := renderURL(inner, r.URL.RawQuery)
	if rendered, current, ok := s.rendered(url, public, language); ok {
		if consentChosen(r) {
			rendered.HTML = withoutConsentBanner(rendered.HTML)
		}
		page = withRendered(page, rendered, current, language)
		if current {
			// Out of date, the app asks for the page's data again: the
			// preloads stay for it.
			calls = sessionOnly(calls)
		}
	}
	page = withPreloads(page, calls)
	if m, ok := s.meta.lookup(r.Context(), inner, language); ok {
		page = withMeta(page, s.meta.publicURL, m)
	} else if m.Missing {
		// An unknown product is a page not found, as the app then says.
		w = &htmlStatus{ResponseWriter: w, status: http.StatusNotFound}
	} else if public && s.meta != nil && slices.Contains(PublicPages(), url) {
		// A product the catalogue does not know gets none: it may not exist.
		page = withAlternates(page, s.meta.publicURL, language, url)
	}
	page = withLanguage(page, language)
	serveHTML(w, r, page, s.gzipped)
}

// rendered is the page at url (renderURL's, public when it is one to
// render) in language as prerender last rendered it, if a render is in;
// current is false when the catalogue changed since.
func (s *spa) rendered(url string, public bool, language string) (page prerender.Page, current, ok bool) {
	if s.pages == nil || !public {
		return prerender.Page{}, false, false
	}
	return s.pages.Get(LanguagePath(language, url), language)
}

// paymentReturnFields are the signed fields Redsys adds to the address it
// sends the shopper back to (/orders/N?payment=ok&Ds_SignatureVersion=…).
// The shop believes only the notification Redsys posts (payment), so the
// page never reads them.
var paymentReturnFields = []string{"Ds_SignatureVersion", "Ds_MerchantParameters", "Ds_Signature"}

// redirectPaymentReturn answers an order page's address that carries the
// bank's signed fields with a 303 to the same address without them, and
// true: the address bar, the history and any link shared from the page
// keep /orders/N?payment=ok, not a kilobyte of signed parameters (issue 38).
func redirectPaymentReturn(w http.ResponseWriter, r *http.Request) bool {
	if _, inner := pageLanguage(r.URL.Path); !strings.HasPrefix(inner, "/orders/") {
		return false
	}
	q := r.URL.Query()
	found := false
	for _, f := range paymentReturnFields {
		if q.Has(f) {
			found = true
			q.Del(f)
		}
	}
	if !found {
		return false
	}
	to := *r.URL
	to.RawQuery = q.Encode()
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, to.RequestURI(), http.StatusSeeOther)
	return true
}
