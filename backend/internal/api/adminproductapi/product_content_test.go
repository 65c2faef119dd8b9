package adminproductapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	"github.com/sabores/sabores/backend/internal/connecttest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// validContent is content for the fixture's product 1002 (açaí) that
// passes every check.
func validContent() *saboresv1.ProductContent {
	return &saboresv1.ProductContent{
		ProductId: 1002, NameEs: "Açaí congelado 400 g", NamePt: "Açaí congelado 400 g",
		DescriptionEs: "Pulpa de açaí.", DescriptionPt: "Polpa de açaí.", IsFood: true,
		Flags: &saboresv1.ProductFlags{Frozen: true, Perishable: true},
		FoodInfo: &saboresv1.AdminFoodInfo{
			IngredientsEs: "Pulpa de açaí, azúcar, **leche** en polvo.",
			IngredientsPt: "Polpa de açaí, açúcar, **leite** em pó.",
			Contains:      []saboresv1.Allergen{saboresv1.Allergen_ALLERGEN_MILK},
			MayContain:    []saboresv1.Allergen{saboresv1.Allergen_ALLERGEN_NUTS},
			NetQuantity:   400, NetUnit: saboresv1.QuantityUnit_QUANTITY_UNIT_G,
			StorageEs: "Congelado a -18 °C.", StoragePt: "Congelado a -18 °C.",
			Nutrition:    &saboresv1.Nutrition{EnergyKj: 410, EnergyKcal: 98, FatMg: 4100, SaturatesMg: 900, CarbohydrateMg: 14000, SugarsMg: 11000, ProteinMg: 900, SaltMg: 20},
			OperatorName: "Frooty Ltda.", OperatorAddress: "São Paulo (Brasil)",
		},
	}
}

func TestUpdateProductContentRefusesAllergenMismatches(t *testing.T) {
	t.Parallel()
	f := setup(t)
	tests := []struct {
		name   string
		change func(c *saboresv1.ProductContent)
		reason string
	}{
		{"flagged, not emphasised in Portuguese", func(c *saboresv1.ProductContent) {
			c.FoodInfo.IngredientsPt = "Polpa de açaí, açúcar, leite em pó."
		}, "ALLERGEN_NOT_EMPHASISED"},
		{"emphasised, not flagged", func(c *saboresv1.ProductContent) {
			c.FoodInfo.IngredientsEs += " **Soja**."
		}, "ALLERGEN_NOT_FLAGGED"},
		{"emphasis naming no allergen", func(c *saboresv1.ProductContent) {
			c.FoodInfo.IngredientsEs = "Pulpa de **açaí**, **leche**."
		}, "EMPHASIS_NAMES_NO_ALLERGEN"},
		{"unclosed emphasis", func(c *saboresv1.ProductContent) {
			c.FoodInfo.IngredientsEs = "Pulpa de açaí, **leche en polvo."
		}, "EMPHASIS_UNBALANCED"},
		{"food information on a non-food product", func(c *saboresv1.ProductContent) {
			c.IsFood = false
		}, "content.food_info"},
	}
	for _, tt := range tests {
		c := validContent()
		tt.change(c)
		_, err := f.svc.UpdateProductContent(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductContentRequest{Content: c}))
		if code, reason := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || reason != tt.reason {
			t.Errorf("%s: %v %q, want InvalidArgument %q", tt.name, code, reason, tt.reason)
		}
	}
	if n := f.Count(t, `SELECT count(*) FROM product_food_info`) + f.Count(t, `SELECT count(*) FROM audit_events`) +
		f.Count(t, `SELECT count(*) FROM products WHERE name_pt <> ''`); n != 0 {
		t.Errorf("refused updates left %d rows behind", n)
	}
}

func TestUpdateProductContentSavesAndAudits(t *testing.T) {
	t.Parallel()
	f := setup(t)
	want := validContent()
	res, err := f.svc.UpdateProductContent(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductContentRequest{Content: want}))
	if err != nil {
		t.Fatalf("UpdateProductContent: %v", err)
	}
	if !proto.Equal(res.Msg.GetContent(), want) {
		t.Errorf("saved\n%v\nwant\n%v", res.Msg.GetContent(), want)
	}
	got, err := f.svc.GetProductContent(f.Ctx, connect.NewRequest(&saboresv1.GetProductContentRequest{Id: 1002}))
	if err != nil || !proto.Equal(got.Msg.GetContent(), want) {
		t.Errorf("GetProductContent = %v, %v", got.Msg.GetContent(), err)
	}
	var risk []string
	if err := f.Pool.QueryRow(context.Background(), `SELECT allergen_risk FROM products WHERE id = 1002`).Scan(&risk); err != nil ||
		len(risk) != 2 || risk[0] != "milk" || risk[1] != "nuts" {
		t.Errorf("allergen_risk = %v (%v), want [milk nuts]", risk, err)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action = 'product.content' AND entity = 'product:1002'
		AND actor_user_id = $1 AND new_value->'food_info' IS NOT NULL AND old_value->'food_info' IS NULL`, f.Admin); n != 1 {
		t.Errorf("%d audit rows of the content change, want 1", n)
	}

	// Without food information, the row and the allergen risk go.
	want.FoodInfo = nil
	if _, err := f.svc.UpdateProductContent(f.Ctx, connect.NewRequest(&saboresv1.UpdateProductContentRequest{Content: want})); err != nil {
		t.Fatal(err)
	}
	if n := f.Count(t, `SELECT count(*) FROM products WHERE id = 1002 AND allergen_risk IS NULL`) +
		f.Count(t, `SELECT count(*) FROM product_food_info`); n != 1 {
		t.Errorf("removing the food information left it behind")
	}
}
