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

// TestContentLanguagesAndFoodInformation reads the sample catalogue in
// both languages: names and descriptions follow the request's language,
// the product page carries the food information and every price its unit
// price, search finds Portuguese names without accents, and "without
// allergen" filters drop products that contain or may contain it, and those
// without food information.
func TestContentLanguagesAndFoodInformation(t *testing.T) {
	t.Parallel()
	svc := catalogueapi.New(dbtest.NewSeeded(t), nil)
	ctx := context.Background()
	pt := saboresv1.Language_LANGUAGE_PT
	get := func(id int64, lang saboresv1.Language) *saboresv1.Product {
		t.Helper()
		res, err := svc.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: id, Language: lang}))
		if err != nil {
			t.Fatalf("GetProduct(%d): %v", id, err)
		}
		return res.Msg.GetProduct()
	}

	t.Run("product page in each language", func(t *testing.T) {
		es, ptp := get(6001, saboresv1.Language_LANGUAGE_UNSPECIFIED), get(6001, pt)
		if es.GetName() != "Yerba Mate Taragüí 1 kg" || ptp.GetName() != "Erva-Mate Taragüí 1 kg" {
			t.Errorf("names %q / %q", es.GetName(), ptp.GetName())
		}
		if ptp.GetDescription() == es.GetDescription() || ptp.GetFoodInfo().GetStorage() != "Conservar em local fresco e seco, ao abrigo da luz." {
			t.Errorf("Portuguese texts not used: %q, %q", ptp.GetDescription(), ptp.GetFoodInfo().GetStorage())
		}
	})

	t.Run("food information and unit price", func(t *testing.T) {
		alfajores := get(6003, saboresv1.Language_LANGUAGE_ES)
		f := alfajores.GetFoodInfo()
		wantContains := []saboresv1.Allergen{saboresv1.Allergen_ALLERGEN_GLUTEN, saboresv1.Allergen_ALLERGEN_EGGS,
			saboresv1.Allergen_ALLERGEN_SOYBEANS, saboresv1.Allergen_ALLERGEN_MILK}
		if !slices.Equal(f.GetContains(), wantContains) || len(f.GetMayContain()) != 2 || f.GetNutrition().GetEnergyKcal() != 441 {
			t.Errorf("alfajores food information = %v", f)
		}
		// Guaraná: 279 cents, 15 % off = 237 cents for 350 ml: 677.14 → 677 cents per litre.
		guarana := get(1001, saboresv1.Language_LANGUAGE_ES)
		if u := guarana.GetUnitPrice(); u.GetCents() != 677 || u.GetBasis() != saboresv1.UnitPriceBasis_UNIT_PRICE_BASIS_L {
			t.Errorf("guaraná unit price = %v (price %d, promotion %v)", u, guarana.GetPriceCents(), guarana.GetPromotion().GetPriceCents())
		}
		grogue := list(t, svc, &saboresv1.ListProductsRequest{Country: "angola", PageSize: 100})
		for _, p := range grogue.GetProducts() {
			if p.GetId() == 3002 && (!p.GetFlags().GetAgeRestricted() || p.GetUnitPrice().GetCents() != 2713 || p.GetFoodInfo() != nil) {
				t.Errorf("grogue in a listing: flags %v, unit price %v, food info %v", p.GetFlags(), p.GetUnitPrice(), p.GetFoodInfo())
			}
		}
		kaiak := get(12002, saboresv1.Language_LANGUAGE_ES)
		if kaiak.GetIsFood() || kaiak.GetFoodInfo() != nil || !kaiak.GetFlags().GetSealedHygiene() {
			t.Errorf("perfume: food %v, info %v, flags %v", kaiak.GetIsFood(), kaiak.GetFoodInfo(), kaiak.GetFlags())
		}
	})

	t.Run("search finds Portuguese names, accents ignored", func(t *testing.T) {
		res, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "doce de leite", Language: pt}))
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(res.Msg.GetProducts()); !slices.Contains(got, 6002) || res.Msg.GetProducts()[0].GetName() != "Doce de Leite Clássico 400 g" {
			t.Errorf("search 'doce de leite' = %v", got)
		}
		res, err = svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "FÁRINHA"}))
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(res.Msg.GetProducts()); !slices.Contains(got, 8001) {
			t.Errorf("search FÁRINHA = %v, want Harina P.A.N. (8001)", got)
		}
	})

	t.Run("without allergens", func(t *testing.T) {
		all := list(t, svc, &saboresv1.ListProductsRequest{Category: "doces", PageSize: 100})
		noMilk := list(t, svc, &saboresv1.ListProductsRequest{Category: "doces", PageSize: 100,
			WithoutAllergens: []saboresv1.Allergen{saboresv1.Allergen_ALLERGEN_MILK}})
		got := ids(noMilk.GetProducts())
		// Goiabada (1009), paçoca (1008), doce de papaia (3003), membrillo (9002):
		// bocadillo (2004) has no food information, brigadeiro and the rest have milk.
		want := []int64{1009, 1008, 3003, 9002}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) || noMilk.GetTotalSize() != int32(len(want)) || all.GetTotalSize() <= noMilk.GetTotalSize() {
			t.Errorf("doces without milk = %v (total %d), want %v", got, noMilk.GetTotalSize(), want)
		}
		noNuts := list(t, svc, &saboresv1.ListProductsRequest{Country: "brasil", PageSize: 100,
			WithoutAllergens: []saboresv1.Allergen{saboresv1.Allergen_ALLERGEN_NUTS}})
		for _, id := range ids(noNuts.GetProducts()) {
			if id == 1005 || id == 1008 { // brigadeiro and paçoca may contain nuts
				t.Errorf("brasil without nuts lists %d", id)
			}
		}
		if int(noNuts.GetTotalSize()) != len(noNuts.GetProducts()) {
			t.Errorf("brasil without nuts: total %d for %d products", noNuts.GetTotalSize(), len(noNuts.GetProducts()))
		}
		res, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "alfajores",
			WithoutAllergens: []saboresv1.Allergen{saboresv1.Allergen_ALLERGEN_GLUTEN}}))
		if err != nil || len(res.Msg.GetProducts()) != 0 {
			t.Errorf("search alfajores without gluten = %v, %v", res.Msg.GetProducts(), err)
		}
	})
}
