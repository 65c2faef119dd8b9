package catalogueapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestCategoriesLeadToWhatTheyName lists the sample catalogue's categories,
// in the whole shop and per country, in both languages: each is named in the
// language asked for, and its listing holds exactly as many products as it
// says, all of that category (and country).
func TestCategoriesLeadToWhatTheyName(t *testing.T) {
	t.Parallel()
	svc := catalogueapi.New(dbtest.NewSeeded(t), nil)
	ctx := context.Background()
	categories := func(req *saboresv1.ListCategoriesRequest) []*saboresv1.Category {
		t.Helper()
		res, err := svc.ListCategories(ctx, connect.NewRequest(req))
		if err != nil {
			t.Fatalf("ListCategories(%v): %v", req, err)
		}
		return res.Msg.GetCategories()
	}
	slugs := func(cs []*saboresv1.Category) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.GetSlug())
		}
		return out
	}

	t.Run("the whole shop, sweets and frozen goods included, in both languages", func(t *testing.T) {
		es := categories(&saboresv1.ListCategoriesRequest{})
		if want := []string{"bebidas", "alimentos", "doces", "congelados", "beleza", "perfumes"}; !slices.Equal(slugs(es), want) {
			t.Fatalf("categories = %v, want %v", slugs(es), want)
		}
		pt := categories(&saboresv1.ListCategoriesRequest{Language: saboresv1.Language_LANGUAGE_PT})
		if es[2].GetName() != "Dulces" || pt[2].GetName() != "Doces" || es[4].GetName() != "Belleza" || pt[4].GetName() != "Beleza" {
			t.Errorf("names: es %v, pt %v", es, pt)
		}
		var sum int32
		for _, c := range es {
			sum += c.GetProductCount()
		}
		if all := list(t, svc, &saboresv1.ListProductsRequest{}); sum != all.GetTotalSize() {
			t.Errorf("the categories hold %d products, the shop %d: some product is on no category page", sum, all.GetTotalSize())
		}
	})

	for _, country := range []string{"", "brasil", "argentina", "colombia"} {
		t.Run("each category of "+country+" lists only its own products", func(t *testing.T) {
			cs := categories(&saboresv1.ListCategoriesRequest{Country: country})
			if len(cs) < 2 {
				t.Fatalf("%q has categories %v", country, slugs(cs))
			}
			for _, c := range cs {
				got := list(t, svc, &saboresv1.ListProductsRequest{Country: country, Category: c.GetSlug(), PageSize: 100})
				if got.GetTotalSize() != c.GetProductCount() || c.GetProductCount() == 0 {
					t.Errorf("%s/%s: says %d, lists %d", country, c.GetSlug(), c.GetProductCount(), got.GetTotalSize())
				}
				for _, p := range got.GetProducts() {
					if p.GetCategory() != c.GetSlug() {
						t.Errorf("%s/%s lists %s of category %s", country, c.GetSlug(), p.GetName(), p.GetCategory())
					}
				}
			}
		})
	}

	t.Run("Brazil's sweets have a tile, its physical-only cheese does not make one", func(t *testing.T) {
		got := slugs(categories(&saboresv1.ListCategoriesRequest{Country: "brasil"}))
		if want := []string{"bebidas", "alimentos", "doces", "congelados"}; !slices.Equal(got, want) {
			t.Errorf("brasil = %v, want %v", got, want)
		}
	})

	t.Run("an unknown country has none; include_empty names every category for the back office", func(t *testing.T) {
		if got := categories(&saboresv1.ListCategoriesRequest{Country: "narnia"}); len(got) != 0 {
			t.Errorf("narnia = %v", slugs(got))
		}
		all := categories(&saboresv1.ListCategoriesRequest{Country: "senegal", IncludeEmpty: true, Language: saboresv1.Language_LANGUAGE_PT})
		if len(all) != 6 || all[2].GetName() != "Doces" || all[2].GetProductCount() != 0 || all[0].GetProductCount() != 2 {
			t.Errorf("senegal with empty ones = %v", all)
		}
	})
}

// TestCountriesAreNamedInTheLanguageAsked checks the tiles' names come
// translated from the server.
func TestCountriesAreNamedInTheLanguageAsked(t *testing.T) {
	t.Parallel()
	svc := catalogueapi.New(dbtest.NewSeeded(t), nil)
	names := func(lang saboresv1.Language) map[string]string {
		res, err := svc.ListCountries(context.Background(), connect.NewRequest(&saboresv1.ListCountriesRequest{Language: lang}))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, c := range res.Msg.GetCountries() {
			out[c.GetSlug()] = c.GetName()
			if c.GetNamePt() != "" {
				t.Errorf("%s carries the back office's second name %q", c.GetSlug(), c.GetNamePt())
			}
		}
		return out
	}
	es, pt := names(saboresv1.Language_LANGUAGE_UNSPECIFIED), names(saboresv1.Language_LANGUAGE_PT)
	for slug, want := range map[string][2]string{
		"colombia": {"Colombia", "Colômbia"}, "peru": {"Perú", "Peru"}, "uruguai": {"Uruguay", "Uruguai"}, "brasil": {"Brasil", "Brasil"},
	} {
		if es[slug] != want[0] || pt[slug] != want[1] {
			t.Errorf("%s: es %q pt %q, want %q", slug, es[slug], pt[slug], want)
		}
	}
}
