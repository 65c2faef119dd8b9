// Package sitemap serves /robots.txt and /sitemap.xml: what search engines
// may crawl, and the public pages and products to visit.
package sitemap

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/server"
)

// maxURLs is the sitemaps protocol's limit of addresses in one file.
const maxURLs = 50_000

// private are the paths of the shopper's own and the back office's pages,
// which no search engine should crawl, in every language.
var private = []string{"/admin", "/cart", "/checkout", "/auth", "/client-dashboard", "/orders", "/favorites"}

// Routes returns the two handlers by ServeMux pattern, for server.Options.
// publicURL is the shop's address ("https://sabores.es"), the base of every
// address listed.
func Routes(q *db.Queries, publicURL string) map[string]http.Handler {
	base := strings.TrimSuffix(publicURL, "/")
	return map[string]http.Handler{
		"GET /robots.txt":  robots(base),
		"GET /sitemap.xml": sitemap(q, base),
	}
}

func robots(base string) http.Handler {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for _, l := range server.Languages {
		for _, p := range private {
			fmt.Fprintf(&b, "Disallow: %s\n", server.LanguagePath(l, p))
		}
	}
	fmt.Fprintf(&b, "\nSitemap: %s/sitemap.xml\n", base)
	body := b.String()
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=86400")
		_, _ = w.Write([]byte(body))
	})
}

// urlset is a sitemap (sitemaps.org protocol 0.9). Each page is listed in
// each language, with its other languages as xhtml:link alternates, as
// search engines read hreflang from sitemaps.
type urlset struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	XHTML   string   `xml:"xmlns:xhtml,attr"`
	URLs    []loc    `xml:"url"`
}

type loc struct {
	Loc        string      `xml:"loc"`
	Alternates []alternate `xml:"xhtml:link"`
}

type alternate struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// inEveryLanguage lists the page at path (inside a language) once per
// language, each naming all of them and x-default (the Spanish page).
func inEveryLanguage(base, path string) []loc {
	alts := make([]alternate, 0, len(server.Languages)+1)
	for _, l := range server.Languages {
		alts = append(alts, alternate{"alternate", l, base + server.LanguagePath(l, path)})
	}
	alts = append(alts, alternate{"alternate", "x-default", base + path})
	out := make([]loc, 0, len(server.Languages))
	for _, l := range server.Languages {
		out = append(out, loc{Loc: base + server.LanguagePath(l, path), Alternates: alts})
	}
	return out
}

func sitemap(q *db.Queries, base string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pages := server.PublicPages()
		n := len(server.Languages)
		ids, err := q.SitemapProducts(r.Context(), int32((maxURLs-n*len(pages))/n))
		if err != nil {
			http.Error(w, "sitemap unavailable", http.StatusServiceUnavailable)
			return
		}
		set := urlset{XHTML: "http://www.w3.org/1999/xhtml", URLs: make([]loc, 0, n*(len(pages)+len(ids)))}
		for _, p := range pages {
			set.URLs = append(set.URLs, inEveryLanguage(base, p)...)
		}
		for _, id := range ids {
			set.URLs = append(set.URLs, inEveryLanguage(base, "/producto/"+strconv.FormatInt(id, 10))...)
		}
		var buf bytes.Buffer
		buf.WriteString(xml.Header)
		if err := xml.NewEncoder(&buf).Encode(set); err != nil {
			http.Error(w, "sitemap unavailable", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/xml; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		_, _ = w.Write(buf.Bytes())
	})
}
