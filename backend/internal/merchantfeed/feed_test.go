package merchantfeed_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/gtin"
	"github.com/sabores/sabores/backend/internal/merchantfeed"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shipping"
)

// feed is the document as a namespace-aware reader sees it: the g: fields
// only match when they are in Google's namespace, as Merchant Center reads
// them.
type feed struct {
	XMLName xml.Name `xml:"rss"`
	Version string   `xml:"version,attr"`
	Channel struct {
		Title string `xml:"title"`
		Link  string `xml:"link"`
		Items []item `xml:"item"`
	} `xml:"channel"`
}

type item struct {
	ID               string `xml:"http://base.google.com/ns/1.0 id"`
	Title            string `xml:"http://base.google.com/ns/1.0 title"`
	Description      string `xml:"http://base.google.com/ns/1.0 description"`
	Link             string `xml:"http://base.google.com/ns/1.0 link"`
	ImageLink        string `xml:"http://base.google.com/ns/1.0 image_link"`
	Availability     string `xml:"http://base.google.com/ns/1.0 availability"`
	Price            string `xml:"http://base.google.com/ns/1.0 price"`
	SalePrice        string `xml:"http://base.google.com/ns/1.0 sale_price"`
	SaleDates        string `xml:"http://base.google.com/ns/1.0 sale_price_effective_date"`
	Brand            string `xml:"http://base.google.com/ns/1.0 brand"`
	GTIN             string `xml:"http://base.google.com/ns/1.0 gtin"`
	IdentifierExists string `xml:"http://base.google.com/ns/1.0 identifier_exists"`
	Condition        string `xml:"http://base.google.com/ns/1.0 condition"`
	Shipping         []struct {
		Country string `xml:"http://base.google.com/ns/1.0 country"`
		Service string `xml:"http://base.google.com/ns/1.0 service"`
		Price   string `xml:"http://base.google.com/ns/1.0 price"`
	} `xml:"http://base.google.com/ns/1.0 shipping"`
}

var (
	price     = regexp.MustCompile(`^[0-9]+\.[0-9]{2} EUR$`)
	interval  = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$`)
	available = map[string]bool{"in_stock": true, "out_of_stock": true, "preorder": true, "backorder": true}
)

const (
	guarana     = "1001" // 15 % off until 5 days from now
	paoDeQueijo = "1002"
	brigadeiro  = "1005" // sold out
	acai        = "1003" // fixed price, open end
)

func fetch(t *testing.T, srv *httptest.Server, lang string) feed {
	t.Helper()
	res, err := http.Get(srv.URL + merchantfeed.Path(lang))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/rss+xml") {
		t.Fatalf("GET %s: %s %s", merchantfeed.Path(lang), res.Status, res.Header.Get("Content-Type"))
	}
	if !bytes.Contains(body, []byte(`xmlns:g="http://base.google.com/ns/1.0"`)) {
		t.Fatalf("the feed does not declare the g: namespace:\n%.400s", body)
	}
	var f feed
	if err := xml.Unmarshal(body, &f); err != nil {
		t.Fatalf("the feed does not parse: %v", err)
	}
	return f
}

func TestTheFeedCarriesWhatGoogleRequiresForEachProductSoldOnline(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	ctx := context.Background()
	// A barcode on one product, a Portuguese name on another, and one
	// product taken off the web: the feed follows the catalogue.
	for _, stmt := range []string{
		"UPDATE products SET ean = '7891991000833' WHERE id = 1001",
		"UPDATE products SET name_pt = 'Pão de Queijo congelado (1 kg)' WHERE id = 1002",
		"UPDATE products SET published_at = NULL WHERE id = 1004",
	} {
		if _, err := pool.Exec(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	var online int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM products WHERE sold_online").Scan(&online); err != nil {
		t.Fatal(err)
	}
	if online < 10 {
		t.Fatalf("%d products sold online: the seeded shop should have dozens", online)
	}
	mux := http.NewServeMux()
	rates := shipping.Stored{Queries: db.New(pool)}
	for pattern, h := range merchantfeed.Routes(db.New(pool), rates, "https://sabores.example/") {
		mux.Handle(pattern, h)
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	for _, lang := range merchantfeed.Languages {
		f := fetch(t, srv, lang)
		pages := "https://sabores.example/producto/"
		if lang == "pt" {
			pages = "https://sabores.example/pt/producto/"
		}
		if f.Version != "2.0" || f.Channel.Title == "" || f.Channel.Link != "https://sabores.example/" {
			t.Errorf("%s: channel = %+v %q", lang, f.Channel.Title, f.Channel.Link)
		}
		if len(f.Channel.Items) != online {
			t.Errorf("%s: %d items, want the %d products sold online", lang, len(f.Channel.Items), online)
		}
		byID := map[string]item{}
		for _, it := range f.Channel.Items {
			byID[it.ID] = it
			if it.ID == "" || it.Title == "" || it.Description == "" || it.Condition != "new" ||
				it.Link != pages+it.ID || !strings.HasPrefix(it.ImageLink, "https://sabores.example/") ||
				!available[it.Availability] || !price.MatchString(it.Price) {
				t.Errorf("%s: item %s lacks a required field: %+v", lang, it.ID, it)
			}
			if it.GTIN == "" && it.IdentifierExists != "no" {
				t.Errorf("%s: item %s has no gtin and does not say so", lang, it.ID)
			}
			if it.GTIN != "" && gtin.Check(it.GTIN) != nil {
				t.Errorf("%s: item %s: gtin %q fails its check digit", lang, it.ID, it.GTIN)
			}
			if len(it.Shipping) == 0 {
				t.Errorf("%s: item %s has no shipping", lang, it.ID)
			}
			for _, s := range it.Shipping {
				if s.Country != "ES" || s.Service == "" || !price.MatchString(s.Price) {
					t.Errorf("%s: item %s: shipping %+v", lang, it.ID, s)
				}
			}
			if it.SalePrice != "" && !price.MatchString(it.SalePrice) || it.SaleDates != "" && !interval.MatchString(it.SaleDates) {
				t.Errorf("%s: item %s: sale %q from %q", lang, it.ID, it.SalePrice, it.SaleDates)
			}
		}
		if _, ok := byID["1004"]; ok {
			t.Errorf("%s: an unpublished product is in the feed", lang)
		}
		g := byID[guarana]
		if g.GTIN != "7891991000833" || g.Price != "2.79 EUR" || g.SalePrice != "2.37 EUR" || g.SaleDates == "" || g.Availability != "in_stock" {
			t.Errorf("%s: Guaraná = %+v, want its EAN, 2.79 EUR on sale at 2.37 EUR with its dates, in stock", lang, g)
		}
		if a := byID[acai]; a.SalePrice != "5.99 EUR" || a.SaleDates != "" {
			t.Errorf("%s: Açaí's open-ended fixed price = %q from %q", lang, a.SalePrice, a.SaleDates)
		}
		if b := byID[brigadeiro]; b.Availability != "out_of_stock" {
			t.Errorf("%s: sold-out Brigadeiro is %q", lang, b.Availability)
		}
		wantName := map[string]string{"es": "Pão de Queijo congelado 1 kg", "pt": "Pão de Queijo congelado (1 kg)"}[lang]
		if p := byID[paoDeQueijo]; p.Title != wantName {
			t.Errorf("%s: title %q, want %q", lang, p.Title, wantName)
		}
	}
	// The product page's structured data quotes one product as the feed does.
	quotes, err := merchantfeed.ProductQuotes(ctx, db.New(pool), rates, 1001, 237, time.Now())
	if err != nil || len(quotes) == 0 || quotes[0].Service == "" {
		t.Errorf("ProductQuotes(Guaraná) = %v, %v", quotes, err)
	}
	if _, err := merchantfeed.ProductQuotes(ctx, db.New(pool), rates, 1004, 349, time.Now()); err == nil {
		t.Error("an unpublished product was quoted")
	}
}

func TestEffectiveDates(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	start, end := now.AddDate(0, 0, -2), now.AddDate(0, 0, 5)
	for _, c := range []struct {
		name       string
		start, end *time.Time
		want       string
	}{
		{"both dates", &start, &end, "2026-11-27T10:00:00Z/2026-12-04T10:00:00Z"},
		{"open start", nil, &end, "2026-11-29T10:00:00Z/2026-12-04T10:00:00Z"},
		{"open end", &start, nil, ""},
	} {
		if got := merchantfeed.EffectiveDates(pricingPromotion(c.start, c.end), now); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func pricingPromotion(start, end *time.Time) pricing.Promotion {
	return pricing.Promotion{Type: pricing.Percentage, DiscountBasisPoints: 1000, StartsAt: start, EndsAt: end}
}
