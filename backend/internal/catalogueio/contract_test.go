package catalogueio

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"buf.build/go/protovalidate"
	"google.golang.org/protobuf/proto"

	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/foodinfo"
	"github.com/sabores/sabores/backend/internal/productcontent"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// protoBreaches are the first breach of each column protovalidate finds on
// the form's messages carrying d and c, as the API's interceptor would.
func protoBreaches(t *testing.T, d catalogue.DetailsForm, c catalogue.Content) []breach {
	t.Helper()
	details := &saboresv1.ProductDetails{
		Name: d.Name, Code: d.Code, Sku: d.SKU, Ean: d.EAN, Brand: d.Brand, Description: d.Description,
		Category: d.Category, Country: d.Country, Price: d.Price, VatRate: d.VatRate, OnlineCategories: d.OnlineCategories,
		ShippingWeightGrams: d.ShippingWeight,
	}
	content := &saboresv1.ProductContent{
		ProductId: 1, NameEs: c.NameEs, NamePt: c.NamePt, DescriptionEs: c.DescriptionEs,
		DescriptionPt: c.DescriptionPt, IsFood: c.IsFood,
	}
	if f := c.Food; f != nil {
		codes := func(as []foodinfo.Allergen) []saboresv1.Allergen {
			out := []saboresv1.Allergen{}
			for _, a := range as {
				out = append(out, productcontent.AllergensToProto([]string{string(a)})...)
			}
			return out
		}
		content.FoodInfo = &saboresv1.AdminFoodInfo{
			IngredientsEs: f.IngredientsEs, IngredientsPt: f.IngredientsPt, Contains: codes(f.Contains),
			MayContain: codes(f.MayContain), NetQuantity: f.NetQuantity, NetUnit: productcontent.UnitToProto(string(f.NetUnit)),
			DrainedWeightG: f.DrainedWeightG, StorageEs: f.StorageEs, StoragePt: f.StoragePt,
			AbvBasisPoints: f.AbvBasisPoints, OperatorName: f.OperatorName, OperatorAddress: f.OperatorAddress,
		}
		if n := f.Nutrition; n != nil {
			content.FoodInfo.Nutrition = &saboresv1.Nutrition{
				EnergyKj: n.EnergyKj, EnergyKcal: n.EnergyKcal, FatMg: n.FatMg, SaturatesMg: n.SaturatesMg,
				CarbohydrateMg: n.CarbohydrateMg, SugarsMg: n.SugarsMg, ProteinMg: n.ProteinMg, SaltMg: n.SaltMg,
			}
		}
	}
	if s := c.Safety; s != nil {
		content.Safety = &saboresv1.AdminProductSafety{
			ManufacturerName: s.ManufacturerName, ManufacturerAddress: s.ManufacturerAddress,
			ManufacturerContact: s.ManufacturerContact, ManufacturerCountry: s.ManufacturerCountry,
			ResponsibleName: s.ResponsibleName, ResponsibleAddress: s.ResponsibleAddress,
			ResponsibleContact: s.ResponsibleContact, WarningsEs: s.WarningsEs, WarningsPt: s.WarningsPt,
		}
	}
	var out []breach
	for _, m := range []struct {
		prefix string
		msg    proto.Message
	}{{"details.", details}, {"content.", content}} {
		err := protovalidate.Validate(m.msg)
		var ve *protovalidate.ValidationError
		if err != nil && !errors.As(err, &ve) {
			t.Fatal(err)
		}
		if ve == nil {
			continue
		}
		for _, v := range ve.Violations {
			field := m.prefix + protovalidate.FieldPathString(v.Proto.GetField())
			if i := strings.IndexByte(field, '['); i >= 0 {
				field = field[:i]
			}
			out = append(out, breach{column: columnOf(field), rule: v.Proto.GetRuleId(), message: v.Proto.GetMessage()})
		}
	}
	return firstOfEach(out)
}

// firstOfEach keeps the first breach of each column, as a row reports them.
func firstOfEach(all []breach) []breach {
	var out []breach
	for _, b := range all {
		if !slices.ContainsFunc(out, func(o breach) bool { return o.column == b.column }) {
			out = append(out, b)
		}
	}
	return out
}

// TestContractRulesMatchTheProto: the contract's rules as a row is checked
// break where protovalidate breaks on the form's messages, with its rule
// and its words, the first of each column in the same order.
func TestContractRulesMatchTheProto(t *testing.T) {
	t.Parallel()
	valid := func() (catalogue.DetailsForm, catalogue.Content) {
		d := catalogue.DetailsForm{Name: "Guaraná", Code: "C-1", SKU: "S.1_a", EAN: "7891234567895", Brand: "Antarctica",
			Description: "Refresco", Category: "bebidas", Country: "brasil", Price: "1,50", VatRate: "10",
			OnlineCategories: []string{"bebidas", "populares"}}
		c := catalogue.Content{NameEs: d.Name, NamePt: "Guaraná", DescriptionEs: d.Description, IsFood: true,
			Food: &catalogue.FoodInfo{IngredientsEs: "Agua", Contains: []foodinfo.Allergen{foodinfo.Gluten, foodinfo.Milk},
				MayContain: []foodinfo.Allergen{foodinfo.Nuts}, NetQuantity: 350, NetUnit: foodinfo.Millilitre,
				OperatorName: "Sabores", OperatorAddress: "Calle Mayor 1",
				Nutrition: &catalogue.Nutrition{EnergyKj: 4000, EnergyKcal: 1000, SaltMg: 100_000}}}
		return d, c
	}
	long := func(n int) string { return strings.Repeat("ñ", n) }
	cases := map[string]func(d *catalogue.DetailsForm, c *catalogue.Content){
		"valid": func(*catalogue.DetailsForm, *catalogue.Content) {},
		"empty": func(d *catalogue.DetailsForm, c *catalogue.Content) {
			*d, *c = catalogue.DetailsForm{}, catalogue.Content{}
		},
		"at the caps": func(d *catalogue.DetailsForm, c *catalogue.Content) {
			d.Name, d.Brand, c.NameEs = long(200), long(100), long(200)
		},
		"past the caps": func(d *catalogue.DetailsForm, c *catalogue.Content) {
			d.Name, d.Code, d.SKU, d.Brand, d.Description = long(201), strings.Repeat("a", 41), strings.Repeat("b", 41), long(101), long(4001)
			d.Country, d.Price, d.VatRate = strings.Repeat("a", 61), strings.Repeat("1", 21), strings.Repeat("2", 21)
			d.ShippingWeight = strings.Repeat("3", 21)
			c.NameEs, c.NamePt, c.DescriptionEs, c.DescriptionPt = d.Name, long(201), d.Description, long(4001)
		},
		"patterns": func(d *catalogue.DetailsForm, _ *catalogue.Content) {
			d.Code, d.SKU, d.EAN, d.Country, d.Category = "-x", "a b", "123", "Bad_Slug", "x"
		},
		"sections": func(d *catalogue.DetailsForm, _ *catalogue.Content) {
			d.OnlineCategories = []string{"bebidas", "bebidas", "nada", "alimentos", "belleza", "perfumes", "lanzamientos", "populares", "a", "b", "c"}
		},
		"unknown section": func(d *catalogue.DetailsForm, _ *catalogue.Content) {
			d.OnlineCategories = []string{"populares", "nada"}
		},
		"food text caps": func(_ *catalogue.DetailsForm, c *catalogue.Content) {
			c.Food.IngredientsEs, c.Food.IngredientsPt, c.Food.StorageEs, c.Food.StoragePt = long(4001), long(4001), long(1001), long(1001)
			c.Food.OperatorName, c.Food.OperatorAddress = long(201), long(401)
		},
		"food empty": func(_ *catalogue.DetailsForm, c *catalogue.Content) {
			c.Food = &catalogue.FoodInfo{NetUnit: foodinfo.Gram}
		},
		"allergens repeated": func(_ *catalogue.DetailsForm, c *catalogue.Content) {
			c.Food.Contains = []foodinfo.Allergen{foodinfo.Gluten, foodinfo.Gluten}
			c.Food.MayContain = append(slices.Clone(foodinfo.Allergens), foodinfo.Lupin)
		},
		"numbers below": func(_ *catalogue.DetailsForm, c *catalogue.Content) {
			c.Food.NetQuantity, c.Food.DrainedWeightG, c.Food.AbvBasisPoints = -1, -1, -1
			c.Food.Nutrition = &catalogue.Nutrition{EnergyKj: -1, EnergyKcal: -1, FatMg: -1, SaturatesMg: -1,
				CarbohydrateMg: -1, SugarsMg: -1, ProteinMg: -1, SaltMg: -1}
		},
		"numbers above": func(_ *catalogue.DetailsForm, c *catalogue.Content) {
			c.Food.NetQuantity, c.Food.DrainedWeightG, c.Food.AbvBasisPoints = 100_000_001, 100_000_001, 10_001
			c.Food.Nutrition = &catalogue.Nutrition{EnergyKj: 4001, EnergyKcal: 1001, FatMg: 100_001, SaturatesMg: 100_001,
				CarbohydrateMg: 100_001, SugarsMg: 100_001, ProteinMg: 100_001, SaltMg: 100_001}
		},
		"numbers at the bounds": func(_ *catalogue.DetailsForm, c *catalogue.Content) {
			c.Food.NetQuantity, c.Food.DrainedWeightG, c.Food.AbvBasisPoints = 100_000_000, 100_000_000, 10_000
		},
		"safety past the caps": func(_ *catalogue.DetailsForm, c *catalogue.Content) {
			c.IsFood, c.Food = false, nil
			c.Safety = &catalogue.Safety{ManufacturerName: long(201), ManufacturerAddress: long(501), ManufacturerContact: long(201),
				ManufacturerCountry: "Brasil", ResponsibleName: long(201), ResponsibleAddress: long(501), ResponsibleContact: long(201),
				WarningsEs: long(2001), WarningsPt: long(2001)}
		},
		"safety at the caps": func(_ *catalogue.DetailsForm, c *catalogue.Content) {
			c.IsFood, c.Food = false, nil
			c.Safety = &catalogue.Safety{ManufacturerName: long(200), ManufacturerAddress: long(500), ManufacturerContact: long(200),
				ManufacturerCountry: "BR", ResponsibleName: long(200), ResponsibleAddress: long(500), ResponsibleContact: long(200),
				WarningsEs: long(2000), WarningsPt: long(2000)}
		},
	}
	for name, change := range cases {
		d, c := valid()
		change(&d, &c)
		// The bounds the back office words a breach with are not protovalidate's.
		got, want := firstOfEach(contractBreaches(d, c)), protoBreaches(t, d, c)
		for i := range got {
			got[i].meta = nil
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s:\n got %v\nwant %v", name, got, want)
		}
		if !strings.Contains(name, "at the") && name != "valid" && len(want) == 0 {
			t.Errorf("%s breaks no rule: the case checks nothing", name)
		}
	}
}

// TestBreachesCarryTheirBounds: each broken rule carries what the back
// office needs to say it in words ("Categoría no válida: «x»; use una de
// …", "Como máximo 200 caracteres") instead of the rule's id.
func TestBreachesCarryTheirBounds(t *testing.T) {
	t.Parallel()
	d := catalogue.DetailsForm{Name: strings.Repeat("a", 201), Code: "C", SKU: "S", Category: "bebida", Price: "1", VatRate: "10",
		OnlineCategories: []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}}
	c := catalogue.Content{NameEs: "x", IsFood: true, Food: &catalogue.FoodInfo{NetQuantity: -5, OperatorName: "O", OperatorAddress: "A"}}
	want := map[string]map[string]string{
		"name_es":           {"max": "200"},
		"category":          {"value": "bebida", "allowed": strings.Join(categories, ", ")},
		"online_categories": {"max": "10"},
		"net_quantity":      {"min": "0", "max": "100000000"},
	}
	got := map[string]map[string]string{}
	for _, b := range firstOfEach(contractBreaches(d, c)) {
		got[b.column] = b.meta
	}
	for column, meta := range want {
		if fmt.Sprint(got[column]) != fmt.Sprint(meta) {
			t.Errorf("%s: bounds %v, want %v", column, got[column], meta)
		}
	}
}
