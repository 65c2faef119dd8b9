// Package merchantfeed serves the Google Merchant Center product feed, one
// per language, at stable addresses (/feeds/google/es.xml and
// /feeds/google/pt.xml): RSS 2.0 with Google's g: namespace, every product
// sold online with what Google asks of it (issue 41; docs/merchant-feed.md).
// Prices and promotions come from the same rules the storefront prices with
// (pricing.Running, pricing.Apply), shipping from the shop's rates
// (shipping.Quote), availability from stock and the gtin from the EAN.
package merchantfeed

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/gtin"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/productimage"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/backend/internal/shipping"
)

// GoogleNS is the namespace of Google's product attributes.
const GoogleNS = "http://base.google.com/ns/1.0"

// maxItems bounds one feed: Google takes far more, but a shop this size
// never comes close, and a bound keeps a mistake from building a huge file.
const maxItems = 50_000

// Languages are the feeds served, by language code.
var Languages = []string{"es", "pt"}

// Path is the stable address of a language's feed.
func Path(lang string) string { return "/feeds/google/" + lang + ".xml" }

// Routes returns the feeds' handlers by ServeMux pattern, for
// server.Options. publicURL is the shop's address, the base of every link.
func Routes(q *db.Queries, rates shipping.Source, publicURL string) map[string]http.Handler {
	base := strings.TrimSuffix(publicURL, "/")
	out := make(map[string]http.Handler, len(Languages))
	for _, lang := range Languages {
		out["GET "+Path(lang)] = handler(q, rates, base, lang)
	}
	return out
}

func handler(q *db.Queries, rates shipping.Source, base, lang string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := Build(r.Context(), q, rates, base, lang, time.Now())
		if err != nil {
			http.Error(w, "feed unavailable", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "application/rss+xml; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		_, _ = w.Write(body)
	})
}

// Build writes the feed of lang ("es" or "pt") as it stands at now.
func Build(ctx context.Context, q *db.Queries, rates shipping.Source, base, lang string, now time.Time) ([]byte, error) {
	products, err := q.MerchantFeedProducts(ctx, maxItems)
	if err != nil {
		return nil, fmt.Errorf("merchantfeed: read products: %w", err)
	}
	ids := make([]int64, len(products))
	for i, p := range products {
		ids[i] = p.ID
	}
	candidates, err := promotion.Stored{Queries: q}.Candidates(ctx, ids, now)
	if err != nil {
		return nil, fmt.Errorf("merchantfeed: read promotions: %w", err)
	}
	r, err := rates.Rates(ctx)
	if err != nil {
		return nil, fmt.Errorf("merchantfeed: read shipping rates: %w", err)
	}
	feed := rss{Version: "2.0", G: GoogleNS, Channel: channel{
		Title: "Sabores", Link: base + "/", Description: descriptions[lang],
	}}
	for _, p := range products {
		feed.Channel.Items = append(feed.Channel.Items, itemOf(p, candidates[p.ID], r, base, lang, now))
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(feed); err != nil {
		return nil, fmt.Errorf("merchantfeed: encode: %w", err)
	}
	return buf.Bytes(), nil
}

var descriptions = map[string]string{
	"es": "Productos latinos, brasileños, caboverdianos y africanos de Sabores (Burela).",
	"pt": "Produtos latinos, brasileiros, cabo-verdianos e africanos da Sabores (Burela).",
}

// rss is the feed: RSS 2.0 with the g: namespace declared on its root.
type rss struct {
	XMLName xml.Name `xml:"rss"`
	Version string   `xml:"version,attr"`
	G       string   `xml:"xmlns:g,attr"`
	Channel channel  `xml:"channel"`
}

type channel struct {
	Title       string `xml:"title"`
	Link        string `xml:"link"`
	Description string `xml:"description"`
	Items       []Item `xml:"item"`
}

// Item is one product as Google reads it. The g: fields are written with
// the prefix the root declares.
type Item struct {
	ID                     string     `xml:"g:id"`
	Title                  string     `xml:"g:title"`
	Description            string     `xml:"g:description"`
	Link                   string     `xml:"g:link"`
	ImageLink              string     `xml:"g:image_link"`
	Availability           string     `xml:"g:availability"`
	Price                  string     `xml:"g:price"`
	SalePrice              string     `xml:"g:sale_price,omitempty"`
	SalePriceEffectiveDate string     `xml:"g:sale_price_effective_date,omitempty"`
	Brand                  string     `xml:"g:brand,omitempty"`
	GTIN                   string     `xml:"g:gtin,omitempty"`
	IdentifierExists       string     `xml:"g:identifier_exists,omitempty"`
	Condition              string     `xml:"g:condition"`
	ProductType            string     `xml:"g:product_type,omitempty"`
	Shipping               []Shipping `xml:"g:shipping"`
}

// Shipping is one way a product reaches Spain and what it costs there.
type Shipping struct {
	Country string `xml:"g:country"`
	Service string `xml:"g:service"`
	Price   string `xml:"g:price"`
}

func itemOf(p db.Product, candidates []pricing.Promotion, r shipping.Rates, base, lang string, now time.Time) Item {
	title, description := p.Name, p.Description
	if lang == "pt" {
		if p.NamePt != "" {
			title = p.NamePt
		}
		if p.DescriptionPt != "" {
			description = p.DescriptionPt
		}
	}
	if description == "" {
		description = title
	}
	// Each language's pages have their own URLs: Portuguese under /pt.
	page := "/producto/" + strconv.FormatInt(p.ID, 10)
	if lang == "pt" {
		page = "/pt" + page
	}
	it := Item{
		ID: strconv.FormatInt(p.ID, 10), Title: title, Description: description,
		Link: base + page, ImageLink: absolute(base, p.ImageURL),
		Availability: "out_of_stock", Price: Price(p.PriceCents), Brand: p.Brand, Condition: "new",
		ProductType: p.Category,
	}
	if it.ImageLink == "" {
		it.ImageLink = absolute(base, productimage.ProductURL(p.Category, p.Name))
	}
	if p.Stock > 0 {
		it.Availability = "in_stock"
	}
	if p.Ean != "" && gtin.Check(p.Ean) == nil {
		it.GTIN = p.Ean
	} else {
		it.IdentifierExists = "no"
	}
	sale := p.PriceCents
	if promo, ok := pricing.Running(candidates, p.PriceCents, now); ok {
		if d, ok := pricing.Apply(p.PriceCents, promo); ok {
			sale = d.PriceCents
			it.SalePrice = Price(d.PriceCents)
			it.SalePriceEffectiveDate = EffectiveDates(promo, now)
		}
	}
	for _, s := range QuotesOf(r, p, sale, now) {
		it.Shipping = append(it.Shipping, Shipping{Country: "ES", Service: s.Service, Price: Price(s.PriceCents)})
	}
	return it
}

// Quote is one way a product ordered alone ships in Spain.
type Quote struct {
	Service    string
	PriceCents int64
}

// QuotesOf is how a product ordered alone ships in Spain: each active home
// delivery that takes it, at the price of its cheapest zone (what the cart
// quotes before a postal code is known), free once its goods reach a
// method's threshold. A frozen or perishable product goes only by the cold
// chain, as the cart sends it.
func QuotesOf(r shipping.Rates, p db.Product, goodsCents int64, now time.Time) []Quote {
	weight := r.DefaultWeightGrams
	if p.ShippingWeightGrams != nil && *p.ShippingWeightGrams > 0 {
		weight = *p.ShippingWeightGrams
	}
	parcel := shipping.Parcel{WeightGrams: int64(weight), ColdChain: p.Frozen || p.Perishable, GoodsCents: goodsCents}
	var out []Quote
	for _, o := range shipping.Quote(r, parcel, "", now).Options {
		if !o.Available() || o.Method.Kind == shipping.Pickup {
			continue
		}
		out = append(out, Quote{Service: o.Method.NameES, PriceCents: o.PriceCents})
	}
	return out
}

// ProductQuotes quotes one product sold online at goodsCents, for its
// page's structured data; an unknown product has none.
func ProductQuotes(ctx context.Context, q *db.Queries, rates shipping.Source, productID, goodsCents int64, now time.Time) ([]Quote, error) {
	p, err := q.MerchantFeedProduct(ctx, productID)
	if err != nil {
		return nil, fmt.Errorf("merchantfeed: read product %d: %w", productID, err)
	}
	r, err := rates.Rates(ctx)
	if err != nil {
		return nil, fmt.Errorf("merchantfeed: read shipping rates: %w", err)
	}
	return QuotesOf(r, p, goodsCents, now), nil
}

// Price writes cents as Google reads a price: "12.50 EUR".
func Price(cents int64) string {
	return fmt.Sprintf("%d.%02d EUR", cents/100, cents%100)
}

// EffectiveDates is a promotion's sale_price_effective_date: an ISO 8601
// interval. An open start reads as now (the sale runs already); an open
// end has no interval at all, so the sale price applies while the feed
// carries it.
func EffectiveDates(p pricing.Promotion, now time.Time) string {
	if p.EndsAt == nil {
		return ""
	}
	start := now
	if p.StartsAt != nil {
		start = *p.StartsAt
	}
	return start.UTC().Format(time.RFC3339) + "/" + p.EndsAt.UTC().Format(time.RFC3339)
}

func absolute(base, url string) string {
	if strings.HasPrefix(url, "/") {
		return base + url
	}
	return url
}
