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
// which no search engine should crawl.
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
	for _, p := range private {
		fmt.Fprintf(&b, "Disallow: %s\n", p)
	}
	fmt.Fprintf(&b, "\nSitemap: %s/sitemap.xml\n", base)
	body := b.String()
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=86400")
		_, _ = w.Write([]byte(body))
	})
}

// urlset is a sitemap (sitemaps.org protocol 0.9).
type urlset struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []loc    `xml:"url"`
}

type loc struct {
	Loc string `xml:"loc"`
}

func sitemap(q *db.Queries, base string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pages := server.PublicPages()
		ids, err := q.SitemapProducts(r.Context(), int32(maxURLs-len(pages)))
		if err != nil {
			http.Error(w, "sitemap unavailable", http.StatusServiceUnavailable)
			return
		}
		set := urlset{URLs: make([]loc, 0, len(pages)+len(ids))}
		for _, p := range pages {
			set.URLs = append(set.URLs, loc{base + p})
		}
		for _, id := range ids {
			set.URLs = append(set.URLs, loc{base + "/producto/" + strconv.FormatInt(id, 10)})
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
