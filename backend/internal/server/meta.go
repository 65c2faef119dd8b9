package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"connectrpc.com/connect"

	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Search engines and link previews read a page's <title>, description,
// canonical link and structured data from the HTML, and many of them never
// run the app's JavaScript. So shopd writes them into index.html for the
// catalogue pages from the catalogue reads it already caches
// (cataloguecache.Catalog). The app's own <Seo> renders the same fields once
// it runs. JSON-LD is a data block (type application/ld+json): browsers do
// not execute it, so the CSP's script-src 'self' does not apply to it.

// pageMeta is what a page's head tells search engines.
type pageMeta struct {
	Title       string
	Description string
	// Path is the canonical path, joined to the public URL.
	Path string
	// JSONLD are schema.org objects, one <script type="application/ld+json"> each.
	JSONLD []any
}

// metaLookupTimeout bounds the catalogue reads a page's metadata needs: the
// HTML must not wait long for what only crawlers read.
const metaLookupTimeout = 500 * time.Millisecond

// shopName is the shop's name in titles and the Organization.
const shopName = "Sabores"

// categoryNames are the category pages' Spanish names (the storefront's
// default language; frontend/src/locales/es/catalog.json "categories").
var categoryNames = map[string]string{
	"bebidas":    "Bebidas",
	"alimentos":  "Alimentos",
	"doces":      "Dulces",
	"beleza":     "Belleza",
	"perfumes":   "Perfumes",
	"congelados": "Congelados",
	"todos":      "Todos los productos",
}

const homeDescription = "Bebidas, alimentos, dulces, congelados, belleza y perfumes de Latinoamérica, " +
	"Brasil, Cabo Verde y África. Envío gratis desde 29,95 €."

// metaSource finds the metadata of catalogue pages.
type metaSource struct {
	catalog   saboresv1connect.CatalogServiceHandler
	publicURL string
	shipping  ProductShipping
}

// ShippingQuote is one way a product ordered alone ships in Spain.
type ShippingQuote struct {
	Service    string
	PriceCents int64
}

// ProductShipping quotes a product's shipping at goodsCents, its price now.
type ProductShipping func(ctx context.Context, productID, goodsCents int64) ([]ShippingQuote, error)

// lookup returns the metadata of the page at path, or false for pages it
// knows nothing about (their HTML keeps index.html's head).
func (m *metaSource) lookup(ctx context.Context, path string) (pageMeta, bool) {
	if m == nil || m.catalog == nil {
		return pageMeta{}, false
	}
	ctx, cancel := context.WithTimeout(ctx, metaLookupTimeout)
	defer cancel()
	path = strings.TrimSuffix(path, "/")
	if path == "" {
		return m.home(), true
	}
	if id, ok := matchPath("/producto/"+idSlot, path); ok {
		return m.product(ctx, id)
	}
	slug := strings.TrimPrefix(path, "/")
	if name, ok := categoryNames[slug]; ok {
		return pageMeta{
			Title: name + " | " + shopName,
			Path:  path,
			JSONLD: []any{m.breadcrumbs(
				crumb{"Inicio", "/"}, crumb{name, path},
			)},
		}, true
	}
	return m.country(ctx, slug)
}

func (m *metaSource) home() pageMeta {
	return pageMeta{
		Title:       shopName + " | Tienda de productos latinos, brasileños y africanos",
		Description: homeDescription,
		Path:        "/",
		JSONLD: []any{map[string]any{
			"@context": "https://schema.org",
			"@type":    "Organization",
			"name":     shopName,
			"url":      m.publicURL + "/",
			"logo":     m.publicURL + "/favicon.svg",
		}},
	}
}

func (m *metaSource) product(ctx context.Context, id string) (pageMeta, bool) {
	n, _ := strconv.ParseInt(id, 10, 64)
	res, err := m.catalog.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: n}))
	if err != nil || res.Msg.GetProduct() == nil {
		return pageMeta{}, false
	}
	p := res.Msg.GetProduct()
	path := "/producto/" + id
	price := p.GetPriceCents()
	if promo := p.GetPromotion(); promo != nil && promo.GetPriceCents() > 0 {
		price = promo.GetPriceCents()
	}
	availability := "https://schema.org/InStock"
	if p.GetStock() <= 0 {
		availability = "https://schema.org/OutOfStock"
	}
	product := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "Product",
		"name":        p.GetName(),
		"sku":         p.GetSku(),
		"description": p.GetDescription(),
		"url":         m.publicURL + path,
		"offers": map[string]any{
			"@type":         "Offer",
			"price":         euros(price),
			"priceCurrency": "EUR",
			"availability":  availability,
			"url":           m.publicURL + path,
		},
	}
	offer := product["offers"].(map[string]any)
	if end := p.GetPromotion().GetEndTime(); end != nil && p.GetPromotion().GetPriceCents() > 0 {
		offer["priceValidUntil"] = end.AsTime().UTC().Format(time.DateOnly)
	}
	offer["hasMerchantReturnPolicy"] = returnPolicy(p.GetFlags())
	if m.shipping != nil {
		// Without its shipping the page still says everything else.
		if quotes, err := m.shipping(ctx, p.GetId(), price); err == nil && len(quotes) > 0 {
			details := make([]any, len(quotes))
			for i, q := range quotes {
				details[i] = map[string]any{
					"@type":               "OfferShippingDetails",
					"shippingLabel":       q.Service,
					"shippingRate":        map[string]any{"@type": "MonetaryAmount", "value": euros(q.PriceCents), "currency": "EUR"},
					"shippingDestination": map[string]any{"@type": "DefinedRegion", "addressCountry": "ES"},
				}
			}
			offer["shippingDetails"] = details
		}
	}
	if g := p.GetGtin(); g != "" {
		product["gtin"] = g
	}
	// Only published verified reviews make a rating (Omnibus): none, no
	// aggregateRating.
	if n := p.GetReviewCount(); n > 0 {
		product["aggregateRating"] = map[string]any{
			"@type": "AggregateRating", "ratingValue": strconv.FormatFloat(float64(p.GetRating()), 'f', 1, 32),
			"reviewCount": n, "bestRating": 5, "worstRating": 1,
		}
	}
	if img := p.GetImageUrl(); img != "" {
		product["image"] = m.absolute(img)
	}
	if b := p.GetBrand(); b != "" {
		product["brand"] = map[string]any{"@type": "Brand", "name": b}
	}
	crumbs := []crumb{{"Inicio", "/"}}
	if name, ok := categoryNames[p.GetCategory()]; ok {
		crumbs = append(crumbs, crumb{name, "/" + p.GetCategory()})
	}
	crumbs = append(crumbs, crumb{p.GetName(), path})
	return pageMeta{
		Title:       p.GetName() + " | " + shopName,
		Description: truncate(p.GetDescription(), 160),
		Path:        path,
		JSONLD:      []any{product, m.breadcrumbs(crumbs...)},
	}, true
}

func (m *metaSource) country(ctx context.Context, slug string) (pageMeta, bool) {
	res, err := m.catalog.ListCountries(ctx, connect.NewRequest(&saboresv1.ListCountriesRequest{}))
	if err != nil {
		return pageMeta{}, false
	}
	for _, c := range res.Msg.GetCountries() {
		if c.GetSlug() != slug {
			continue
		}
		path := "/" + slug
		return pageMeta{
			Title:  c.GetName() + " | " + shopName,
			Path:   path,
			JSONLD: []any{m.breadcrumbs(crumb{"Inicio", "/"}, crumb{c.GetName(), path})},
		}, true
	}
	return pageMeta{}, false
}

// crumb is one step of a BreadcrumbList.
type crumb struct{ name, path string }

func (m *metaSource) breadcrumbs(crumbs ...crumb) map[string]any {
	items := make([]any, len(crumbs))
	for i, c := range crumbs {
		items[i] = map[string]any{
			"@type":    "ListItem",
			"position": i + 1,
			"name":     c.name,
			"item":     m.publicURL + c.path,
		}
	}
	return map[string]any{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

func (m *metaSource) absolute(url string) string {
	if strings.HasPrefix(url, "/") {
		return m.publicURL + url
	}
	return url
}

// returnPolicy is the offer's MerchantReturnPolicy: 14 days to withdraw
// by post in Spain, the return's postage the shopper's (docs/go-live.md's
// legal texts), except for what the law exempts from withdrawal: frozen or
// perishable food and sealed goods unsealed for hygiene.
func returnPolicy(f *saboresv1.ProductFlags) map[string]any {
	if f.GetFrozen() || f.GetPerishable() || f.GetSealedHygiene() {
		return map[string]any{
			"@type": "MerchantReturnPolicy", "applicableCountry": "ES",
			"returnPolicyCategory": "https://schema.org/MerchantReturnNotPermitted",
		}
	}
	return map[string]any{
		"@type": "MerchantReturnPolicy", "applicableCountry": "ES",
		"returnPolicyCategory": "https://schema.org/MerchantReturnFiniteReturnWindow",
		"merchantReturnDays":   14,
		"returnMethod":         "https://schema.org/ReturnByMail",
		"returnFees":           "https://schema.org/ReturnShippingFees",
	}
}

// euros writes cents as schema.org wants a price: digits and a dot.
func euros(cents int64) string { return fmt.Sprintf("%d.%02d", cents/100, cents%100) }

// truncate shortens s to at most n runes, at a rune boundary.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// withMeta returns page with its <title> replaced by m's title, description,
// canonical link and JSON-LD blocks. Text is HTML-escaped; JSON-LD goes
// through encoding/json, which writes <, > and & as \u003c, \u003e and
// \u0026, so no product text can close the script element.
func withMeta(page []byte, publicURL string, m pageMeta) []byte {
	start := bytes.Index(page, []byte("<title>"))
	end := bytes.Index(page, []byte("</title>"))
	if start < 0 || end < start {
		return page
	}
	var head bytes.Buffer
	fmt.Fprintf(&head, "<title>%s</title>", html.EscapeString(m.Title))
	if m.Description != "" {
		fmt.Fprintf(&head, "\n    <meta name=\"description\" content=\"%s\">", html.EscapeString(m.Description))
	}
	fmt.Fprintf(&head, "\n    <link rel=\"canonical\" href=\"%s\">", html.EscapeString(publicURL+m.Path))
	for _, ld := range m.JSONLD {
		b, err := json.Marshal(ld)
		if err != nil {
			continue
		}
		fmt.Fprintf(&head, "\n    <script type=\"application/ld+json\">%s</script>", b)
	}
	out := make([]byte, 0, len(page)+head.Len())
	out = append(out, page[:start]...)
	out = append(out, head.Bytes()...)
	return append(out, page[end+len("</title>"):]...)
}
