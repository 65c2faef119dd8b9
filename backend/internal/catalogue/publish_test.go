package catalogue

import (
	"slices"
	"testing"
)

func TestPublishGaps(t *testing.T) {
	t.Parallel()
	natura := Safety{ManufacturerName: "Natura Cosméticos S.A.", ManufacturerAddress: "Av. Alexandre Colares 1188, São Paulo",
		ManufacturerContact: "sac@natura.net", ManufacturerCountry: "BR",
		ResponsibleName: "Natura Cosméticos España S.L.", ResponsibleAddress: "Calle Mayor 1, Madrid", ResponsibleContact: "ue@natura.es"}
	outsideAlone := natura
	outsideAlone.ResponsibleName, outsideAlone.ResponsibleAddress, outsideAlone.ResponsibleContact = "", "", ""
	noEmail := natura
	noEmail.ResponsibleContact = " "
	inEU := Safety{ManufacturerName: "Perfumes Puig", ManufacturerAddress: "Plaza Europa 46, L'Hospitalet", ManufacturerContact: "https://puig.com", ManufacturerCountry: "ES"}
	unknownCountry := inEU
	unknownCountry.ManufacturerCountry = ""
	complete := FoodFacts{Ingredients: "Harina de **trigo**.", NetQuantity: 250, NetUnit: "g", OperatorName: "Yoki", OperatorAddress: "São Paulo"}
	for _, tc := range []struct {
		name   string
		isFood bool
		food   *FoodFacts
		safety *Safety
		want   []Gap
	}{
		{"not food, nothing said", false, nil, nil, []Gap{GapManufacturer, GapResponsiblePerson}},
		{"made outside the EU, with its responsible person", false, nil, &natura, nil},
		{"made outside the EU, alone", false, nil, &outsideAlone, []Gap{GapResponsiblePerson}},
		{"responsible person without an electronic address", false, nil, &noEmail, []Gap{GapResponsiblePerson}},
		{"made in the EU", false, nil, &inEU, nil},
		{"maker's country unknown", false, nil, &unknownCountry, []Gap{GapManufacturer, GapResponsiblePerson}},
		{"food: safety information is not asked", true, &FoodFacts{Ingredients: "Maíz.", NetQuantity: 6, NetUnit: "units", OperatorName: "A", OperatorAddress: "B"}, nil, nil},
		{"food without information", true, nil, nil, []Gap{GapIngredients, GapAllergens, GapNetQuantity, GapFoodOperator, GapUnitPriceBasis}},
		{"complete food", true, &complete, nil, nil},
		{"sold by the piece", true, &FoodFacts{Ingredients: "Maíz.", NetQuantity: 6, NetUnit: "units", OperatorName: "A", OperatorAddress: "B"}, nil, nil},
		{"blank ingredients", true, &FoodFacts{Ingredients: "  ", NetQuantity: 250, NetUnit: "g", OperatorName: "A", OperatorAddress: "B"}, nil, []Gap{GapIngredients}},
		{"no operator address", true, &FoodFacts{Ingredients: "Maíz.", NetQuantity: 250, NetUnit: "g", OperatorName: "A"}, nil, []Gap{GapFoodOperator}},
		{"no net quantity", true, &FoodFacts{Ingredients: "Maíz.", NetUnit: "g", OperatorName: "A", OperatorAddress: "B"}, nil, []Gap{GapNetQuantity, GapUnitPriceBasis}},
		{"unknown unit", true, &FoodFacts{Ingredients: "Maíz.", NetQuantity: 250, NetUnit: "oz", OperatorName: "A", OperatorAddress: "B"}, nil, []Gap{GapUnitPriceBasis}},
	} {
		if got := PublishGaps(tc.isFood, tc.food, tc.safety); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
