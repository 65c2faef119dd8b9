// Package productcontent maps what a product says (names and descriptions
// in Spanish and Portuguese, its legal flags and its food information)
// between the database and the contract, for the storefront and the back
// office alike. The rules themselves live in foodinfo.
package productcontent

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/foodinfo"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// Text picks the text of lang: the Portuguese when asked and written, else
// the Spanish, which is always there.
func Text(lang saboresv1.Language, es, pt string) string {
	if lang == saboresv1.Language_LANGUAGE_PT && pt != "" {
		return pt
	}
	return es
}

// allergenCodes are the stored codes of the contract's allergens.
var allergenCodes = map[saboresv1.Allergen]foodinfo.Allergen{
	saboresv1.Allergen_ALLERGEN_GLUTEN:      foodinfo.Gluten,
	saboresv1.Allergen_ALLERGEN_CRUSTACEANS: foodinfo.Crustaceans,
	saboresv1.Allergen_ALLERGEN_EGGS:        foodinfo.Eggs,
	saboresv1.Allergen_ALLERGEN_FISH:        foodinfo.Fish,
	saboresv1.Allergen_ALLERGEN_PEANUTS:     foodinfo.Peanuts,
	saboresv1.Allergen_ALLERGEN_SOYBEANS:    foodinfo.Soybeans,
	saboresv1.Allergen_ALLERGEN_MILK:        foodinfo.Milk,
	saboresv1.Allergen_ALLERGEN_NUTS:        foodinfo.Nuts,
	saboresv1.Allergen_ALLERGEN_CELERY:      foodinfo.Celery,
	saboresv1.Allergen_ALLERGEN_MUSTARD:     foodinfo.Mustard,
	saboresv1.Allergen_ALLERGEN_SESAME:      foodinfo.Sesame,
	saboresv1.Allergen_ALLERGEN_SULPHITES:   foodinfo.Sulphites,
	saboresv1.Allergen_ALLERGEN_LUPIN:       foodinfo.Lupin,
	saboresv1.Allergen_ALLERGEN_MOLLUSCS:    foodinfo.Molluscs,
}

// AllergenCodes maps the contract's allergens to their stored codes, in
// the given order; unknown values (which validation refuses) are dropped.
func AllergenCodes(in []saboresv1.Allergen) []foodinfo.Allergen {
	out := make([]foodinfo.Allergen, 0, len(in))
	for _, a := range in {
		if code, ok := allergenCodes[a]; ok {
			out = append(out, code)
		}
	}
	return out
}

// AllergensToProto maps stored codes to the contract, in Annex order.
func AllergensToProto(codes []string) []saboresv1.Allergen {
	out := []saboresv1.Allergen{}
	for _, a := range foodinfo.Allergens {
		for _, c := range codes {
			if c != string(a) {
				continue
			}
			for p, code := range allergenCodes {
				if code == a {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// units maps the contract's quantity units to the stored ones.
var units = map[saboresv1.QuantityUnit]foodinfo.Unit{
	saboresv1.QuantityUnit_QUANTITY_UNIT_G:     foodinfo.Gram,
	saboresv1.QuantityUnit_QUANTITY_UNIT_KG:    foodinfo.Kilogram,
	saboresv1.QuantityUnit_QUANTITY_UNIT_ML:    foodinfo.Millilitre,
	saboresv1.QuantityUnit_QUANTITY_UNIT_L:     foodinfo.Litre,
	saboresv1.QuantityUnit_QUANTITY_UNIT_UNITS: foodinfo.Piece,
}

// UnitFromProto is the stored unit of u ("" for none).
func UnitFromProto(u saboresv1.QuantityUnit) foodinfo.Unit { return units[u] }

// UnitToProto is the contract's unit of a stored one.
func UnitToProto(u string) saboresv1.QuantityUnit {
	for p, stored := range units {
		if string(stored) == u {
			return p
		}
	}
	return saboresv1.QuantityUnit_QUANTITY_UNIT_UNSPECIFIED
}

// Flags are the product's legal flags.
func Flags(p db.Product) *saboresv1.ProductFlags {
	return &saboresv1.ProductFlags{
		Frozen: p.Frozen, Perishable: p.Perishable, SealedHygiene: p.SealedHygiene, AgeRestricted: p.AgeRestricted,
	}
}

// NutritionToProto is f's nutrition declaration, nil when it has none.
func NutritionToProto(f db.ProductFoodInfo) *saboresv1.Nutrition {
	if f.EnergyKj == nil {
		return nil
	}
	v := func(p *int32) int32 {
		if p == nil {
			return 0
		}
		return *p
	}
	return &saboresv1.Nutrition{
		EnergyKj: v(f.EnergyKj), EnergyKcal: v(f.EnergyKcal), FatMg: v(f.FatMg), SaturatesMg: v(f.SaturatesMg),
		CarbohydrateMg: v(f.CarbohydrateMg), SugarsMg: v(f.SugarsMg), ProteinMg: v(f.ProteinMg), SaltMg: v(f.SaltMg),
	}
}

// FoodInfoToProto is f as the storefront shows it, in lang.
func FoodInfoToProto(f db.ProductFoodInfo, lang saboresv1.Language) *saboresv1.FoodInfo {
	out := &saboresv1.FoodInfo{
		Ingredients:     Text(lang, f.IngredientsEs, f.IngredientsPt),
		Contains:        AllergensToProto(f.Contains),
		MayContain:      AllergensToProto(f.MayContain),
		NetQuantity:     f.NetQuantity,
		NetUnit:         UnitToProto(f.NetUnit),
		Storage:         Text(lang, f.StorageEs, f.StoragePt),
		Nutrition:       NutritionToProto(f),
		OperatorName:    f.OperatorName,
		OperatorAddress: f.OperatorAddress,
	}
	if f.DrainedWeightG != nil {
		out.DrainedWeightG = *f.DrainedWeightG
	}
	if f.AbvBasisPoints != nil {
		out.AbvBasisPoints = *f.AbvBasisPoints
	}
	return out
}

// bases maps the rule's unit price bases to the contract.
var bases = map[foodinfo.Basis]saboresv1.UnitPriceBasis{
	foodinfo.PerKilogram: saboresv1.UnitPriceBasis_UNIT_PRICE_BASIS_KG,
	foodinfo.PerLitre:    saboresv1.UnitPriceBasis_UNIT_PRICE_BASIS_L,
	foodinfo.PerPiece:    saboresv1.UnitPriceBasis_UNIT_PRICE_BASIS_UNIT,
}

// UnitPrice is the unit price of a product with food information f selling
// at priceCents; nil when exempt.
func UnitPrice(priceCents int64, f db.ProductFoodInfo) *saboresv1.UnitPrice {
	var drained int64
	if f.DrainedWeightG != nil {
		drained = *f.DrainedWeightG
	}
	cents, basis := foodinfo.UnitPrice(priceCents, f.NetQuantity, foodinfo.Unit(f.NetUnit), drained)
	if basis == foodinfo.NoUnitPrice {
		return nil
	}
	return &saboresv1.UnitPrice{Cents: cents, Basis: bases[basis]}
}

// Localize puts the texts of lang into products (mapped from rows, in the
// same order), their flags and their unit price from the price a shopper
// pays; with full, also their food information (the product page).
func Localize(ctx context.Context, q *db.Queries, rows []db.Product, products []*saboresv1.Product,
	lang saboresv1.Language, full bool,
) error {
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		if r.IsFood {
			ids = append(ids, r.ID)
		}
	}
	food := map[int64]db.ProductFoodInfo{}
	if len(ids) > 0 {
		infos, err := q.GetFoodInfoByIDs(ctx, ids)
		if err != nil {
			return fmt.Errorf("productcontent: food information: %w", err)
		}
		for _, f := range infos {
			food[f.ProductID] = f
		}
	}
	localize(rows, products, food, lang, full)
	return nil
}

// LocalizePage is Localize for the product page, whose row brings the food
// information along (GetOnlineProductPage), so it needs no query of its
// own, and a non-food product's safety information (GPSR art. 19).
func LocalizePage(row db.GetOnlineProductPageRow, p *saboresv1.Product, lang saboresv1.Language) {
	food := map[int64]db.ProductFoodInfo{}
	if row.Product.IsFood && row.FoodProductID != nil {
		food[row.Product.ID] = pageFood(row)
	}
	localize([]db.Product{row.Product}, []*saboresv1.Product{p}, food, lang, true)
	if !row.Product.IsFood && row.SafetyManufacturerName != "" {
		p.Safety = &saboresv1.ProductSafety{
			ManufacturerName: row.SafetyManufacturerName, ManufacturerAddress: row.SafetyManufacturerAddress,
			ManufacturerContact: row.SafetyManufacturerContact, ResponsibleName: row.SafetyResponsibleName,
			ResponsibleAddress: row.SafetyResponsibleAddress, ResponsibleContact: row.SafetyResponsibleContact,
			Warnings: Text(lang, row.SafetyWarningsEs, row.SafetyWarningsPt),
		}
	}
}

// pageFood is the food information of a product page's row; the columns of
// the left join are NULL only when the product has none.
func pageFood(r db.GetOnlineProductPageRow) db.ProductFoodInfo {
	return db.ProductFoodInfo{
		ProductID: *r.FoodProductID, IngredientsEs: deref(r.IngredientsEs), IngredientsPt: deref(r.IngredientsPt),
		Contains: r.Contains, MayContain: r.MayContain, NetQuantity: deref(r.NetQuantity), NetUnit: deref(r.NetUnit),
		DrainedWeightG: r.DrainedWeightG, StorageEs: deref(r.StorageEs), StoragePt: deref(r.StoragePt),
		EnergyKj: r.EnergyKj, EnergyKcal: r.EnergyKcal, FatMg: r.FatMg, SaturatesMg: r.SaturatesMg,
		CarbohydrateMg: r.CarbohydrateMg, SugarsMg: r.SugarsMg, ProteinMg: r.ProteinMg, SaltMg: r.SaltMg,
		AbvBasisPoints: r.AbvBasisPoints, OperatorName: deref(r.OperatorName), OperatorAddress: deref(r.OperatorAddress),
		UpdatedAt: deref(r.FoodUpdatedAt), UpdatedBy: r.FoodUpdatedBy,
	}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// localize is Localize with the food information already read, by product id.
func localize(rows []db.Product, products []*saboresv1.Product, food map[int64]db.ProductFoodInfo,
	lang saboresv1.Language, full bool,
) {
	for i, r := range rows {
		p := products[i]
		p.Name = Text(lang, r.Name, r.NamePt)
		p.Description = Text(lang, r.Description, r.DescriptionPt)
		p.Flags = Flags(r)
		p.IsFood = r.IsFood
		f, ok := food[r.ID]
		if !ok {
			continue
		}
		price := r.PriceCents
		if p.Promotion != nil {
			price = p.Promotion.PriceCents
		}
		p.UnitPrice = UnitPrice(price, f)
		if full {
			p.FoodInfo = FoodInfoToProto(f, lang)
		}
	}
}
