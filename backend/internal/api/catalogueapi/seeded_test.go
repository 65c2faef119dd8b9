package catalogueapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// Seeded products these tests single out (backend/internal/seed/data.go).
const (
	requeijao = 1010 // physical store only
	farofa    = 1004 // hidden in Cabo Verde, visible in Brasil
	cocosette = 8005 // its only row is hidden
	grogue    = 3002 // physical in Cabo Verde, online in Angola
	harinaPan = 8001 // Venezuelan, also visible in Colombia
)

// TestSeededCatalogue runs the catalogue over the spec's sample catalogue.
func TestSeededCatalogue(t *testing.T) {
	t.Parallel()
	svc := catalogueapi.New(dbtest.NewSeeded(t), nil)
	ctx := context.Background()

	country := func(slug string) []int64 {
		t.Helper()
		return ids(list(t, svc, &saboresv1.ListProductsRequest{Country: slug, PageSize: 100}).GetProducts())
	}

	t.Run("senegal page lists its products", func(t *testing.T) {
		got := list(t, svc, &saboresv1.ListProductsRequest{Country: "senegal"})
		var names []string
		for _, p := range got.GetProducts() {
			names = append(names, p.GetName())
		}
		want := []string{"Bissap (flor de hibisco) 200 g", "Sazonador Thieboudienne 100 g", "Zumo de Baobab (Bouye) 1 L"}
		if !slices.Equal(names, want) || got.GetTotalSize() != 3 {
			t.Errorf("senegal = %v (total %d), want %v", names, got.GetTotalSize(), want)
		}
	})

	t.Run("physical-only and hidden products are absent everywhere online", func(t *testing.T) {
		everything := ids(list(t, svc, &saboresv1.ListProductsRequest{PageSize: 100}).GetProducts())
		for _, id := range []int64{requeijao, cocosette} {
			if slices.Contains(everything, id) || slices.Contains(country("brasil"), id) || slices.Contains(country("venezuela"), id) {
				t.Errorf("product %d is listed online", id)
			}
			_, err := svc.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: id}))
			if connecttest.Code(err) != connect.CodeNotFound {
				t.Errorf("GetProduct(%d) = %v, want NotFound", id, err)
			}
		}
		for _, q := range []string{"requeijao", "cocosette", "SAB-01010"} {
			res, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: q}))
			if err != nil || len(res.Msg.GetProducts()) != 0 {
				t.Errorf("SearchProducts(%q) = %v, %v; want nothing", q, res, err)
			}
		}
	})

	t.Run("a hidden or physical country row hides the product from that country only", func(t *testing.T) {
		if slices.Contains(country("cabo-verde"), farofa) || !slices.Contains(country("brasil"), farofa) {
			t.Errorf("farofa: cabo-verde %v, brasil %v", country("cabo-verde"), country("brasil"))
		}
		if slices.Contains(country("cabo-verde"), grogue) || !slices.Contains(country("angola"), grogue) {
			t.Errorf("grogue: cabo-verde %v, angola %v", country("cabo-verde"), country("angola"))
		}
		if !slices.Contains(country("colombia"), harinaPan) || !slices.Contains(country("venezuela"), harinaPan) {
			t.Errorf("harina P.A.N. should be on both pages: colombia %v, venezuela %v", country("colombia"), country("venezuela"))
		}
	})

	t.Run("dominican spellings are one country", func(t *testing.T) {
		want := []int64{7003, 7002, 7001} // Café, Habichuelas, Mamajuana
		for _, slug := range []string{"republica-dominicana", "rep-dominicana"} {
			if got := country(slug); !slices.Equal(got, want) {
				t.Errorf("%s = %v, want %v", slug, got, want)
			}
		}
	})

	t.Run("pages cover the catalogue once with its total", func(t *testing.T) {
		var seen []int64
		var names []string
		for page := int32(1); page <= 3; page++ {
			got := list(t, svc, &saboresv1.ListProductsRequest{Page: page})
			if got.GetTotalSize() != 48 || got.GetPageSize() != 20 {
				t.Errorf("page %d: total %d size %d, want 48 and 20", page, got.GetTotalSize(), got.GetPageSize())
			}
			for _, p := range got.GetProducts() {
				seen = append(seen, p.GetId())
				names = append(names, p.GetName())
			}
		}
		unique := slices.Clone(seen)
		slices.Sort(unique)
		if len(seen) != 48 || len(slices.Compact(unique)) != 48 {
			t.Errorf("pages listed %d products, %d distinct; want 48", len(seen), len(unique))
		}
		if names[0] != "Açaí congelado 400 g" || names[47] != "Zumo de Baobab (Bouye) 1 L" {
			t.Errorf("A–Z runs from %q to %q", names[0], names[47])
		}
		all := list(t, svc, &saboresv1.ListProductsRequest{PageSize: 1000})
		if all.GetPageSize() != 100 || len(all.GetProducts()) != 48 {
			t.Errorf("page_size 1000: size %d, %d products", all.GetPageSize(), len(all.GetProducts()))
		}
	})

	t.Run("launches newest first", func(t *testing.T) {
		got := ids(list(t, svc, &saboresv1.ListProductsRequest{OnlineCategory: "lanzamientos", PageSize: 4}).GetProducts())
		if want := []int64{1003, 1005, 2005, 4003}; !slices.Equal(got, want) {
			t.Errorf("lanzamientos = %v, want %v", got, want)
		}
	})

	t.Run("accent- and case-insensitive search", func(t *testing.T) {
		for _, tt := range []struct {
			query string
			want  int64
		}{{"acai", 1003}, {"ACAÍ", 1003}, {"pao de queijo", 1002}, {"PÃO DE QUEIJO", 1002}, {"guarana", 1001}, {"sab-11001", 11001}, {"co-002", 2002}} {
			res, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: tt.query}))
			if err != nil {
				t.Fatalf("SearchProducts(%q): %v", tt.query, err)
			}
			if got := ids(res.Msg.GetProducts()); !slices.Contains(got, tt.want) {
				t.Errorf("SearchProducts(%q) = %v, want %d among them", tt.query, got, tt.want)
			}
		}
	})

	t.Run("product page", func(t *testing.T) {
		res, err := svc.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: 1001}))
		if err != nil {
			t.Fatalf("GetProduct: %v", err)
		}
		p := res.Msg.GetProduct()
		if p.GetName() != "Guaraná Antarctica 350 ml" || p.GetBrand() != "Antarctica" || p.GetCategory() != "bebidas" ||
			p.GetDescription() == "" || p.GetPriceCents() != 279 || p.GetStock() != 48 || p.GetRating() != 5 || p.GetReviewCount() != 1 ||
			p.GetImageUrl() == "" || p.GetCountry() != "brasil" {
			t.Errorf("guaraná = %v (rated 5 by the one seeded published review)", p)
		}
		if promo := p.GetPromotion(); promo.GetPriceCents() != 237 || promo.GetLabel() != "-5%" || promo.GetLowestPrice_30DCents() != 249 {
			t.Errorf("guaraná promotion = %v, want 2,37 € announced as -5%% against the 30-day low of 2,49 € (C-330/23)", promo)
		}
		// Inca Kola's promotion expired ten days ago.
		res, err = svc.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: 5001}))
		if err != nil || res.Msg.GetProduct().GetPromotion() != nil {
			t.Errorf("inca kola = %v, %v; want no promotion", res, err)
		}
	})

	t.Run("home tiles", func(t *testing.T) {
		res, err := svc.ListCountries(ctx, connect.NewRequest(&saboresv1.ListCountriesRequest{}))
		if err != nil {
			t.Fatalf("ListCountries: %v", err)
		}
		var slugs []string
		for _, c := range res.Msg.GetCountries() {
			slugs = append(slugs, c.GetSlug())
		}
		want := []string{"brasil", "colombia", "cabo-verde", "peru", "argentina", "republica-dominicana", "venezuela", "uruguai", "cuba", "senegal"}
		if !slices.Equal(slugs, want) {
			t.Errorf("tiles = %v, want %v", slugs, want)
		}
	})
}
