package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/fault"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// hostileName tries to close the JSON-LD script and the title, and to break
// out of an attribute.
const hostileName = `Guaraná </script><script>alert(1)</script> "x" & <b>`

// metaCatalog answers the two reads the metadata needs, as the cached
// catalogue would.
type metaCatalog struct {
	saboresv1connect.UnimplementedCatalogServiceHandler
}

func (metaCatalog) GetProduct(_ context.Context, req *connect.Request[saboresv1.GetProductRequest]) (*connect.Response[saboresv1.GetProductResponse], error) {
	if req.Msg.GetId() != 1001 {
		return nil, fault.ErrNotFound
	}
	return connect.NewResponse(&saboresv1.GetProductResponse{Product: &saboresv1.Product{
		Id: 1001, Name: hostileName, Sku: "BR-1", Brand: "Antarctica", Category: "bebidas",
		Description: "Refresco </script> de guaraná", PriceCents: 250, Stock: 0,
		ImageUrl:  "/images/products/1001.webp",
		Promotion: &saboresv1.Promotion{OriginalPriceCents: 250, PriceCents: 199, EndTime: timestamppb.New(time.Date(2026, 12, 24, 23, 0, 0, 0, time.UTC))},
		Rating:    4.5, ReviewCount: 2, Gtin: "7891991000833",
	}}), nil
}

func (metaCatalog) ListCountries(context.Context, *connect.Request[saboresv1.ListCountriesRequest]) (*connect.Response[saboresv1.ListCountriesResponse], error) {
	return connect.NewResponse(&saboresv1.ListCountriesResponse{Countries: []*saboresv1.Country{
		{Slug: "republica-dominicana", Name: "República Dominicana"},
	}}), nil
}

var ldBlock = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)

func TestPagesCarryTheirMetadata(t *testing.T) {
	t.Parallel()
	index := "<!doctype html>\n<html>\n  <head>\n    <title>Sabores</title>\n  </head>\n  <body><div id=root></div></body>\n</html>\n"
	b := setup(t, Options{
		Services:  Services{Catalog: metaCatalog{}},
		PublicURL: "https://sabores.example",
		// The product ships as the shop's rates say at the price it sells
		// at now, the promotion's.
		ProductShipping: func(_ context.Context, id, goodsCents int64) ([]ShippingQuote, error) {
			if id != 1001 || goodsCents != 199 {
				return nil, fault.ErrNotFound
			}
			return []ShippingQuote{{Service: "Envío estándar", PriceCents: 495}}, nil
		},
		Frontend: fstest.MapFS{"index.html": {Data: []byte(index)}},
	})
	get := func(t *testing.T, path string) (string, []map[string]any) {
		t.Helper()
		res, err := b.h1.Get(b.url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		page := string(body)
		var blocks []map[string]any
		for _, m := range ldBlock.FindAllStringSubmatch(page, -1) {
			var v map[string]any
			if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
				t.Fatalf("GET %s: JSON-LD %q does not parse: %v", path, m[1], err)
			}
			blocks = append(blocks, v)
		}
		return page, blocks
	}

	t.Run("unknown product", func(t *testing.T) {
		t.Parallel()
		// A product the catalogue does not sell is a page not found
		// (issue 38: it answered 200 with a red error).
		for path, want := range map[string]int{"/producto/1001": http.StatusOK, "/producto/999": http.StatusNotFound, "/pt/producto/999": http.StatusNotFound} {
			res, err := b.h1.Get(b.url + path)
			if err != nil {
				t.Fatal(err)
			}
			_ = res.Body.Close()
			if res.StatusCode != want {
				t.Errorf("GET %s = %d, want %d", path, res.StatusCode, want)
			}
		}
	})

	t.Run("product", func(t *testing.T) {
		t.Parallel()
		page, blocks := get(t, "/producto/1001")
		// The only </script> are the ones closing the two JSON-LD blocks.
		if n := strings.Count(page, "</script>"); n != 2 {
			t.Errorf("page has %d </script>, want 2 (the product text must not close one):\n%s", n, page)
		}
		if strings.Contains(page, "<script>alert") || strings.Contains(page, "<b>") {
			t.Errorf("product text reached the HTML unescaped:\n%s", page)
		}
		wantTitle := "<title>Guaraná &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &#34;x&#34; &amp; &lt;b&gt; | Sabores</title>"
		if !strings.Contains(page, wantTitle) || strings.Count(page, "<title>") != 1 {
			t.Errorf("page lacks exactly one %s:\n%s", wantTitle, page)
		}
		for _, want := range []string{
			`<meta name="description" content="Refresco &lt;/script&gt; de guaraná">`,
			`<link rel="canonical" href="https://sabores.example/producto/1001">`,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("page lacks %s:\n%s", want, page)
			}
		}
		if len(blocks) != 2 {
			t.Fatalf("got %d JSON-LD blocks, want Product and BreadcrumbList", len(blocks))
		}
		product, crumbs := blocks[0], blocks[1]
		offers, _ := product["offers"].(map[string]any)
		if product["@type"] != "Product" || product["name"] != hostileName ||
			product["image"] != "https://sabores.example/images/products/1001.webp" ||
			offers["price"] != "1.99" || offers["priceCurrency"] != "EUR" ||
			offers["availability"] != "https://schema.org/OutOfStock" {
			t.Errorf("Product = %v", product)
		}
		rating, _ := product["aggregateRating"].(map[string]any)
		if product["gtin"] != "7891991000833" || offers["priceValidUntil"] != "2026-12-24" ||
			rating["ratingValue"] != "4.5" || rating["reviewCount"] != float64(2) {
			t.Errorf("Product lacks its gtin, the promotion's end or the published reviews' rating: %v", product)
		}
		details, _ := offers["shippingDetails"].([]any)
		if len(details) != 1 {
			t.Fatalf("offer's shippingDetails = %v, want the one quote", offers["shippingDetails"])
		}
		if d, _ := details[0].(map[string]any); d["shippingLabel"] != "Envío estándar" ||
			d["shippingRate"].(map[string]any)["value"] != "4.95" ||
			d["shippingDestination"].(map[string]any)["addressCountry"] != "ES" {
			t.Errorf("shippingDetails[0] = %v", d)
		}
		if policy, _ := offers["hasMerchantReturnPolicy"].(map[string]any); policy["merchantReturnDays"] != float64(14) {
			t.Errorf("offer's return policy = %v, want 14 days", offers["hasMerchantReturnPolicy"])
		}
		items, _ := crumbs["itemListElement"].([]any)
		if crumbs["@type"] != "BreadcrumbList" || len(items) != 3 {
			t.Fatalf("BreadcrumbList = %v, want Inicio › Bebidas › product", crumbs)
		}
		if last, _ := items[2].(map[string]any); last["name"] != hostileName || last["item"] != "https://sabores.example/producto/1001" {
			t.Errorf("last crumb = %v", last)
		}
	})

	t.Run("home, category and country", func(t *testing.T) {
		t.Parallel()
		for _, tc := range []struct{ path, ldType, title string }{
			{"/", "Organization", "<title>Sabores | Tienda de productos latinos, brasileños y africanos</title>"},
			{"/bebidas", "BreadcrumbList", "<title>Bebidas | Sabores</title>"},
			{"/republica-dominicana", "BreadcrumbList", "<title>República Dominicana | Sabores</title>"},
		} {
			page, blocks := get(t, tc.path)
			if !strings.Contains(page, tc.title) || len(blocks) != 1 || blocks[0]["@type"] != tc.ldType {
				t.Errorf("GET %s: want %s and one %s block:\n%s", tc.path, tc.title, tc.ldType, page)
			}
			canonical := `<link rel="canonical" href="https://sabores.example` + strings.TrimSuffix(tc.path, "/") + `/"`
			if tc.path != "/" {
				canonical = `<link rel="canonical" href="https://sabores.example` + tc.path + `"`
			}
			if !strings.Contains(page, canonical) {
				t.Errorf("GET %s lacks %s", tc.path, canonical)
			}
		}
	})

	t.Run("unknown pages keep the plain head", func(t *testing.T) {
		t.Parallel()
		for _, path := range []string{"/producto/404", "/no-such-page", "/cart"} {
			page, blocks := get(t, path)
			if len(blocks) != 0 || !strings.Contains(page, "<title>Sabores</title>") || strings.Contains(page, "canonical") {
				t.Errorf("GET %s has metadata it cannot know:\n%s", path, page)
			}
		}
	})
}
