package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/fault"
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
	// Path is the page's path inside its language, joined to the public
	// URL (and /pt) in the canonical and alternate links.
	Path string
	// Language is the page's.
	Language string
	// JSONLD are schema.org objects, one <script type="application/ld+json"> each.
	JSONLD []any
	// Missing says the page names a product the catalogue does not sell
	// (lookup's ok is false): the page is the app's "not found" screen,
	// sent with status 404.
	Missing bool
}

// metaLookupTimeout bounds the catalogue reads a page's metadata needs: the
// HTML must not wait long for what only crawlers read.
const metaLookupTimeout = 500 * time.Millisecond

// shopName is the shop's name in titles and the Organization.
const shopName = "Sabores"

// metaTexts are the words of a page's head in one language.
type metaTexts struct {
	// categories are the category pages' names
	// (frontend/src/locales/*/catalog.json "categories").
	categories                 map[string]string
	homeTitle, homeDescription string
	home                       string
	language                   saboresv1.Language
}

var metaTextsOf = map[string]metaTexts{
	"es": {
		categories: map[string]string{
			"bebidas": "Bebidas", "alimentos": "Alimentos", "doces": "Dulces", "beleza": "Belleza",
			"perfumes": "Perfumes", "congelados": "Congelados", "todos": "Todos los productos",
		},
		homeTitle: "Tienda de productos latinos, brasileños y africanos",
		homeDescription: "Bebidas, alimentos, dulces, congelados, belleza y perfumes de Latinoamérica, " +
			"Brasil, Cabo Verde y África. Envío gratis desde 29,95 €.",
		home:     "Inicio",
		language: saboresv1.Language_LANGUAGE_UNSPECIFIED,
	},
	"pt": {
		categories: map[string]string{
			"bebidas": "Bebidas", "alimentos": "Alimentos", "doces": "Doces", "beleza": "Beleza",
			"perfumes": "Perfumes", "congelados": "Congelados", "todos": "Todos os produtos",
		},
		homeTitle: "Loja de produtos latinos, brasileiros e africanos",
		homeDescription: "Bebidas, alimentos, doces, congelados, beleza e perfumes da América Latina, " +
			"Brasil, Cabo Verde e África. Envio grátis a partir de 29,95 €.",
		home:     "Início",
		language: saboresv1.Language_LANGUAGE_PT,
	},
}

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

// lookup returns the metadata of the page at path (inside its language) in
// language, or false for pages it knows nothing about (their HTML keeps
// index.html's head).
func (m *metaSource) lookup(ctx context.Context, path, language string) (pageMeta, bool) {
	if m == nil || m.catalog == nil {
		return pageMeta{}, false
	}
	tx, ok := metaTextsOf[language]
	if !ok {
		return pageMeta{}, false
	}
	ctx, cancel := context.WithTimeout(ctx, metaLookupTimeout)
	defer cancel()
	meta, ok := m.lookupIn(ctx, strings.TrimSuffix(path, "/"), tx)
	meta.Language = language
	return meta, ok
}

func (m *metaSource) lookupIn(ctx context.Context, path string, tx metaTexts) (pageMeta, bool) {
	if path == "" {
		return m.home(tx), true
	}
	if id, ok := matchPath("/producto/"+idSlot, path); ok {
		return m.product(ctx, id, tx)
	}
	slug := strings.TrimPrefix(path, "/")
	if name, ok := tx.categories[slug]; ok {
		return pageMeta{
			Title: name + " | " + shopName,
			Path:  path,
			JSONLD: []any{m.breadcrumbs(tx,
				crumb{tx.home, "/"}, crumb{name, path},
			)},
		}, true
	}
	return m.country(ctx, slug, tx)
}

func (m *metaSource) home(tx metaTexts) pageMeta {
	return pageMeta{
		Title:       shopName + " | " + tx.homeTitle,
		Description: tx.homeDescription,
		Path:        "/",
		JSONLD: []any{map[string]any{
			"@context": "https://schema.org",
			"@type":    "Organization",
			"name":     shopName,
			"url":      m.publicURL + LanguagePath(tx.lang(), "/"),
			"logo":     m.publicURL + "/icon.png",
		}},
	}
}

func (m *metaSource) product(ctx context.Context, id string, tx metaTexts) (pageMeta, bool) {
	n, _ := strconv.ParseInt(id, 10, 64)
	res, err := m.catalog.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: n, Language: tx.language}))
	// The handler is called as it is, without apperr's mapping: its fault
	// says the product is unknown.
	if errors.Is(err, fault.ErrNotFound) || connect.CodeOf(err) == connect.CodeNotFound || (err == nil && res.Msg.GetProduct() == nil) {
		return pageMeta{Missing: true}, false
	}
	if err != nil {
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
		"url":         m.publicURL + LanguagePath(tx.lang(), path),
		"offers": map[string]any{
			"@type":         "Offer",
			"price":         euros(price),
			"priceCurrency": "EUR",
			"availability":  availability,
			"url":           m.publicURL + LanguagePath(tx.lang(), path),
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
	crumbs := []crumb{{tx.home, "/"}}
	if name, ok := tx.categories[p.GetCategory()]; ok {
		crumbs = append(crumbs, crumb{name, "/" + p.GetCategory()})
	}
	crumbs = append(crumbs, crumb{p.GetName(), path})
	return pageMeta{
		Title:       p.GetName() + " | " + shopName,
		Description: truncate(p.GetDescription(), 160),
		Path:        path,
		JSONLD:      []any{product, m.breadcrumbs(tx, crumbs...)},
	}, true
}

func (m *metaSource) country(ctx context.Context, slug string, tx metaTexts) (pageMeta, bool) {
	res, err := m.catalog.ListCountries(ctx, connect.NewRequest(&saboresv1.ListCountriesRequest{Language: tx.language}))
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
			JSONLD: []any{m.breadcrumbs(tx, crumb{tx.home, "/"}, crumb{c.GetName(), path})},
		}, true
	}
	return pageMeta{}, false
}

// crumb is one step of a BreadcrumbList.
type crumb struct{ name, path string }

// lang is the language code of tx.
func (tx metaTexts) lang() string {
	if tx.language == saboresv1.Language_LANGUAGE_PT {
		return "pt"
	}
	return "es"
}

func (m *metaSource) breadcrumbs(tx metaTexts, crumbs ...crumb) map[string]any {
	items := make([]any, len(crumbs))
	for i, c := range crumbs {
		items[i] = map[string]any{
			"@type":    "ListItem",
			"position": i + 1,
			"name":     c.name,
			"item":     m.publicURL + LanguagePath(tx.lang(), c.path),
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
// canonical and alternate links (language.go) and JSON-LD blocks. Text is HTML-escaped; JSON-LD goes
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
	head.WriteString(alternates(publicURL, m.Language, m.Path))
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
