package productform

import (
	"strings"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/foodinfo"
	"github.com/sabores/sabores/backend/internal/productcontent"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// FoodParams checks in's food information and returns it ready to store,
// or nil when the product has none. A non-food product may not carry any;
// the ingredient texts must emphasise exactly the flagged allergens, in
// both languages.
func FoodParams(in *saboresv1.ProductContent) (*db.UpsertFoodInfoParams, error) {
	f := in.GetFoodInfo()
	if f == nil {
		return nil, nil
	}
	if !in.GetIsFood() {
		return nil, invalid("content.food_info", "FOOD_INFO_ON_NON_FOOD", "a non-food product carries no food information")
	}
	contains := productcontent.AllergenCodes(f.GetContains())
	for _, text := range []struct{ lang, field, value string }{
		{"es", "content.food_info.ingredients_es", f.GetIngredientsEs()},
		{"pt", "content.food_info.ingredients_pt", f.GetIngredientsPt()},
	} {
		if problems := foodinfo.Check(text.value, contains); len(problems) > 0 {
			return nil, allergenProblem(text.lang, text.field, problems[0])
		}
	}
	p := &db.UpsertFoodInfoParams{
		IngredientsEs: strings.TrimSpace(f.GetIngredientsEs()), IngredientsPt: strings.TrimSpace(f.GetIngredientsPt()),
		Contains:    productcontent.Strings(contains),
		MayContain:  productcontent.Strings(productcontent.AllergenCodes(f.GetMayContain())),
		NetQuantity: f.GetNetQuantity(), NetUnit: string(productcontent.UnitFromProto(f.GetNetUnit())),
		StorageEs: strings.TrimSpace(f.GetStorageEs()), StoragePt: strings.TrimSpace(f.GetStoragePt()),
		OperatorName: strings.TrimSpace(f.GetOperatorName()), OperatorAddress: strings.TrimSpace(f.GetOperatorAddress()),
	}
	if p.OperatorName == "" || p.OperatorAddress == "" {
		return nil, invalid("content.food_info.operator_name", "OPERATOR_REQUIRED", "the food business operator's name and address are required")
	}
	if d := f.GetDrainedWeightG(); d > 0 {
		p.DrainedWeightG = &d
	}
	if a := f.GetAbvBasisPoints(); a > 0 {
		p.AbvBasisPoints = &a
	}
	if n := f.GetNutrition(); n != nil {
		p.EnergyKj, p.EnergyKcal, p.FatMg, p.SaturatesMg = ptr(n.GetEnergyKj()), ptr(n.GetEnergyKcal()), ptr(n.GetFatMg()), ptr(n.GetSaturatesMg())
		p.CarbohydrateMg, p.SugarsMg, p.ProteinMg, p.SaltMg = ptr(n.GetCarbohydrateMg()), ptr(n.GetSugarsMg()), ptr(n.GetProteinMg()), ptr(n.GetSaltMg())
	}
	return p, nil
}

func ptr[T any](v T) *T { return &v }

// allergenProblem is the refusal of an ingredient text, with a reason the
// back office words in its language.
func allergenProblem(lang, field string, p foodinfo.Problem) error {
	meta := map[string]string{"language": lang}
	if p.Allergen != "" {
		meta["allergen"] = string(p.Allergen)
	}
	if p.Text != "" {
		meta["text"] = p.Text
	}
	detail := strings.ToLower(strings.ReplaceAll(p.Reason, "_", " "))
	if p.Allergen != "" {
		detail += " (" + string(p.Allergen) + ")"
	}
	return &FieldError{Field: field, Reason: p.Reason, Detail: detail, Meta: meta, Kind: Refused}
}
