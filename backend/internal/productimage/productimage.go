// Package productimage draws the shop's product and flag pictures as SVG on
// request, so the catalogue has an image for every product without storing
// files or loading anything from the internet. Everything the picture needs
// is in its URL, which makes the handler stateless and the images cacheable
// for as long as a browser likes.
//
// URLs (the handler is mounted at /images/):
//
//	/images/products/{category}/{slug}.svg   initials of the product on its category's colour
//	/images/categories/{category}.svg        a category tile (bulk products share these)
//	/images/flags/{country}.svg              a simplified flag of a shop country
package productimage

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"html"
	"net/http"
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Prefix is where Handler expects to be mounted.
const Prefix = "/images/"

// cacheControl lets browsers and proxies keep a picture for a year: a URL
// always draws the same picture.
const cacheControl = "public, max-age=31536000, immutable"

// IsGenerated reports whether url is a generated picture (or none), which
// follows the product's name and category rather than an upload.
func IsGenerated(url string) bool {
	return url == "" || strings.HasPrefix(url, Prefix+"products/") || strings.HasPrefix(url, Prefix+"categories/")
}

// ProductURL is the image URL stored for a product: its category's colour
// with the initials of name.
func ProductURL(category, name string) string {
	return Prefix + "products/" + category + "/" + Slug(name) + ".svg"
}

// CategoryURL is the image URL of a category tile, shared by products that
// need no picture of their own.
func CategoryURL(category string) string {
	return Prefix + "categories/" + category + ".svg"
}

// FlagURL is the image URL of a country's flag.
func FlagURL(countrySlug string) string {
	return Prefix + "flags/" + countrySlug + ".svg"
}

var (
	productPath  = regexp.MustCompile(`^products/([a-z0-9-]+)/([a-z0-9-]+)\.svg$`)
	categoryPath = regexp.MustCompile(`^categories/([a-z0-9-]+)\.svg$`)
	flagPath     = regexp.MustCompile(`^flags/([a-z0-9-]+)\.svg$`)
)

// Handler serves the pictures under Prefix; mount it as is (no StripPrefix):
//
//	mux.Handle(productimage.Prefix, productimage.Handler())
func Handler() http.Handler {
	return http.HandlerFunc(serve)
}

func serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	svg, ok := Render(strings.TrimPrefix(r.URL.Path, Prefix))
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", cacheControl)
	// An SVG opened on its own is a document: forbid scripts and fetches.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	h.Set("Content-Length", fmt.Sprint(len(svg)))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(svg)
}

// Render draws the picture for path (relative to Prefix) and reports
// whether path names one.
func Render(path string) ([]byte, bool) {
	if m := productPath.FindStringSubmatch(path); m != nil {
		return product(m[1], m[2]), true
	}
	if m := categoryPath.FindStringSubmatch(path); m != nil {
		return product(m[1], ""), true
	}
	if m := flagPath.FindStringSubmatch(path); m != nil {
		return flag(m[1])
	}
	return nil, false
}

// category is how a category looks: two colours for a diagonal gradient.
// The picture carries no words: one URL serves the Spanish and the
// Portuguese shop, and the card names the product in the shopper's language.
type category struct {
	from, to string
}

var categories = map[string]category{
	"bebidas":    {"#0ea5e9", "#1d4ed8"},
	"doces":      {"#f472b6", "#be185d"},
	"alimentos":  {"#f59e0b", "#b45309"},
	"congelados": {"#67e8f9", "#0e7490"},
	"beleza":     {"#c084fc", "#7e22ce"},
	"perfumes":   {"#fda4af", "#9f1239"},
}

// product draws initials of slug (or the category's own initial when slug
// is empty) over the category's gradient.
func product(cat, slug string) []byte {
	c, ok := categories[cat]
	if !ok {
		c = category{from: "#9ca3af", to: "#4b5563"}
	}
	mark := Initials(slug)
	if slug == "" {
		mark = Initials(cat)
	}
	// A small per-product tilt of the gradient tells neighbouring cards apart.
	h := fnv.New32a()
	h.Write([]byte(slug))
	angle := int(h.Sum32() % 60)

	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">`)
	fmt.Fprintf(&b, `<defs><linearGradient id="g" gradientTransform="rotate(%d .5 .5)"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, angle+20, c.from, c.to)
	b.WriteString(`<rect width="400" height="400" fill="url(#g)"/>`)
	b.WriteString(`<circle cx="200" cy="200" r="110" fill="#fff" fill-opacity=".18"/>`)
	fmt.Fprintf(&b, `<text x="200" y="236" text-anchor="middle" font-family="system-ui,sans-serif" font-size="104" font-weight="700" fill="#fff">%s</text>`, html.EscapeString(mark))
	b.WriteString(`</svg>`)
	return b.Bytes()
}

// Slug turns a product name into its URL form: accents dropped, lower case,
// words joined by hyphens ("Pão de Queijo" → "pao-de-queijo").
func Slug(name string) string {
	folded, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), name)
	if err != nil {
		folded = name
	}
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(folded) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			hyphen = false
			continue
		}
		hyphen = true
	}
	if b.Len() == 0 {
		return "producto"
	}
	return b.String()
}

// connectors are the short words skipped when taking initials, so
// "pao-de-queijo" reads PQ rather than PDQ.
var connectors = map[string]bool{
	"de": true, "do": true, "da": true, "dos": true, "das": true, "del": true,
	"la": true, "las": true, "los": true, "el": true, "y": true, "e": true, "con": true, "com": true,
}

// Initials returns up to two upper-case initials of a slug's words.
func Initials(slug string) string {
	var out []rune
	for _, w := range strings.Split(slug, "-") {
		if w == "" || connectors[w] {
			continue
		}
		out = append(out, unicode.ToUpper([]rune(w)[0]))
		if len(out) == 2 {
			break
		}
	}
	if len(out) == 0 {
		return "?"
	}
	return string(out)
}
