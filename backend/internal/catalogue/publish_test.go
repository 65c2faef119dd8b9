package catalogue

import (
	"slices"
	"testing"
)

func TestPublishGaps(t *testing.T) {
	t.Parallel()
	complete := FoodFacts{Ingredients: "Harina de **trigo**.", NetQuantity: 250, NetUnit: "g", OperatorName: "Yoki", OperatorAddress: "São Paulo"}
	for _, tc := range []struct {
		name   string
		isFood bool
		food   *FoodFacts
		want   []Gap
	}{
		{"not food", false, nil, nil},
		{"food without information", true, nil, []Gap{GapIngredients, GapAllergens, GapNetQuantity, GapFoodOperator, GapUnitPriceBasis}},
		{"complete food", true, &complete, nil},
		{"sold by the piece", true, &FoodFacts{Ingredients: "Maíz.", NetQuantity: 6, NetUnit: "units", OperatorName: "A", OperatorAddress: "B"}, nil},
		{"blank ingredients", true, &FoodFacts{Ingredients: "  ", NetQuantity: 250, NetUnit: "g", OperatorName: "A", OperatorAddress: "B"}, []Gap{GapIngredients}},
		{"no operator address", true, &FoodFacts{Ingredients: "Maíz.", NetQuantity: 250, NetUnit: "g", OperatorName: "A"}, []Gap{GapFoodOperator}},
		{"no net quantity", true, &FoodFacts{Ingredients: "Maíz.", NetUnit: "g", OperatorName: "A", OperatorAddress: "B"}, []Gap{GapNetQuantity, GapUnitPriceBasis}},
		{"unknown unit", true, &FoodFacts{Ingredients: "Maíz.", NetQuantity: 250, NetUnit: "oz", OperatorName: "A", OperatorAddress: "B"}, []Gap{GapUnitPriceBasis}},
	} {
		if got := PublishGaps(tc.isFood, tc.food); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
