package seed

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/foodinfo"
)

// TestSampleFoodInformationIsConsistent holds the sample catalogue to the
// rules the back office applies: every product has its Portuguese name,
// non-food products carry no food information, and each ingredient text
// emphasises exactly the allergens flagged as contained.
func TestSampleFoodInformationIsConsistent(t *testing.T) {
	t.Parallel()
	for id, p := range catalogueByID() {
		c, ok := sampleContent[id]
		if !ok || c.namePT == "" || c.descPT == "" {
			t.Errorf("product %d (%s) has no Portuguese name or description", id, p.name)
			continue
		}
		nonFood := p.category == "beleza" || p.category == "perfumes"
		if c.flags.nonFood != nonFood {
			t.Errorf("product %d: non-food flag %v for category %s", id, c.flags.nonFood, p.category)
		}
		if c.food == nil {
			continue
		}
		if nonFood {
			t.Errorf("product %d is not food but has food information", id)
		}
		var contains []foodinfo.Allergen
		for _, a := range c.food.contains {
			contains = append(contains, foodinfo.Allergen(a))
		}
		for _, a := range append(append([]string{}, c.food.contains...), c.food.traces...) {
			if !foodinfo.Valid(foodinfo.Allergen(a)) {
				t.Errorf("product %d: unknown allergen %q", id, a)
			}
		}
		for lang, text := range map[string]string{"es": c.food.ingES, "pt": c.food.ingPT} {
			if problems := foodinfo.Check(text, contains); len(problems) > 0 {
				t.Errorf("product %d, ingredients in %s: %+v", id, lang, problems)
			}
		}
		if c.food.quantity <= 0 || c.food.operator == "" || c.food.address == "" {
			t.Errorf("product %d: quantity or food business operator missing", id)
		}
	}
	if len(sampleContent) != len(catalogueByID()) {
		t.Errorf("%d contents for %d sample products", len(sampleContent), len(catalogueByID()))
	}
}
