package catalogue

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/foodinfo"
)

// Content is what a product says in both languages, its legal flags and
// its food information, as the back office edits it whole, a CSV row sets
// it and the audit trail records it (the keys are the contract's).
type Content struct {
	ProductID     int64     `json:"product_id,omitempty"`
	NameEs        string    `json:"name_es,omitempty"`
	NamePt        string    `json:"name_pt,omitempty"`
	DescriptionEs string    `json:"description_es,omitempty"`
	DescriptionPt string    `json:"description_pt,omitempty"`
	IsFood        bool      `json:"is_food,omitempty"`
	Flags         Flags     `json:"flags"`
	Food          *FoodInfo `json:"food_info,omitempty"`
	// Safety is a non-food product's safety information (GPSR).
	Safety *Safety `json:"safety,omitempty"`
}

// Flags are what the law asks of a product beyond its food information.
type Flags struct {
	Frozen        bool `json:"frozen,omitempty"`
	Perishable    bool `json:"perishable,omitempty"`
	SealedHygiene bool `json:"sealed_hygiene,omitempty"`
	AgeRestricted bool `json:"age_restricted,omitempty"`
}

// FoodInfo is a product's food information (Regulation 1169/2011), every
// text in both languages; zero numbers are none.
type FoodInfo struct {
	IngredientsEs   string              `json:"ingredients_es,omitempty"`
	IngredientsPt   string              `json:"ingredients_pt,omitempty"`
	Contains        []foodinfo.Allergen `json:"contains,omitempty"`
	MayContain      []foodinfo.Allergen `json:"may_contain,omitempty"`
	NetQuantity     int64               `json:"net_quantity,omitempty"`
	NetUnit         foodinfo.Unit       `json:"net_unit,omitempty"`
	DrainedWeightG  int64               `json:"drained_weight_g,omitempty"`
	StorageEs       string              `json:"storage_es,omitempty"`
	StoragePt       string              `json:"storage_pt,omitempty"`
	Nutrition       *Nutrition          `json:"nutrition,omitempty"`
	AbvBasisPoints  int32               `json:"abv_basis_points,omitempty"`
	OperatorName    string              `json:"operator_name,omitempty"`
	OperatorAddress string              `json:"operator_address,omitempty"`
}

// Nutrition is the declaration per 100 g or 100 ml, masses in mg.
type Nutrition struct {
	EnergyKj       int32 `json:"energy_kj,omitempty"`
	EnergyKcal     int32 `json:"energy_kcal,omitempty"`
	FatMg          int32 `json:"fat_mg,omitempty"`
	SaturatesMg    int32 `json:"saturates_mg,omitempty"`
	CarbohydrateMg int32 `json:"carbohydrate_mg,omitempty"`
	SugarsMg       int32 `json:"sugars_mg,omitempty"`
	ProteinMg      int32 `json:"protein_mg,omitempty"`
	SaltMg         int32 `json:"salt_mg,omitempty"`
}

// contentOf is product p's content as stored, with its food information f
// and its safety information sf (nil for none).
func contentOf(p db.Product, f *db.ProductFoodInfo, sf *db.ProductSafety) Content {
	c := Content{
		ProductID: p.ID, NameEs: p.Name, NamePt: p.NamePt, DescriptionEs: p.Description,
		DescriptionPt: p.DescriptionPt, IsFood: p.IsFood,
		Flags:  Flags{Frozen: p.Frozen, Perishable: p.Perishable, SealedHygiene: p.SealedHygiene, AgeRestricted: p.AgeRestricted},
		Safety: safetyOf(sf),
	}
	if f == nil {
		return c
	}
	c.Food = &FoodInfo{
		IngredientsEs: f.IngredientsEs, IngredientsPt: f.IngredientsPt,
		Contains: allergens(f.Contains), MayContain: allergens(f.MayContain),
		NetQuantity: f.NetQuantity, NetUnit: foodinfo.Unit(f.NetUnit), StorageEs: f.StorageEs, StoragePt: f.StoragePt,
		OperatorName: f.OperatorName, OperatorAddress: f.OperatorAddress,
	}
	if f.DrainedWeightG != nil {
		c.Food.DrainedWeightG = *f.DrainedWeightG
	}
	if f.AbvBasisPoints != nil {
		c.Food.AbvBasisPoints = *f.AbvBasisPoints
	}
	if f.EnergyKj != nil {
		v := func(p *int32) int32 {
			if p == nil {
				return 0
			}
			return *p
		}
		c.Food.Nutrition = &Nutrition{
			EnergyKj: v(f.EnergyKj), EnergyKcal: v(f.EnergyKcal), FatMg: v(f.FatMg), SaturatesMg: v(f.SaturatesMg),
			CarbohydrateMg: v(f.CarbohydrateMg), SugarsMg: v(f.SugarsMg), ProteinMg: v(f.ProteinMg), SaltMg: v(f.SaltMg),
		}
	}
	return c
}

// allergens are stored codes as allergens, in Annex order.
func allergens(stored []string) []foodinfo.Allergen {
	out := []foodinfo.Allergen{}
	for _, a := range foodinfo.Allergens {
		for _, c := range stored {
			if c == string(a) {
				out = append(out, a)
				break
			}
		}
	}
	return out
}

// FoodParams checks c's food information and returns it ready to store,
// or nil when the product has none. A non-food product may not carry any;
// the ingredient texts must emphasise exactly the flagged allergens, in
// both languages.
func FoodParams(c Content) (*db.UpsertFoodInfoParams, error) {
	f := c.Food
	if f == nil {
		return nil, nil
	}
	if !c.IsFood {
		return nil, invalid("content.food_info", "FOOD_INFO_ON_NON_FOOD", "a non-food product carries no food information")
	}
	for _, text := range []struct{ lang, field, value string }{
		{"es", "content.food_info.ingredients_es", f.IngredientsEs},
		{"pt", "content.food_info.ingredients_pt", f.IngredientsPt},
	} {
		if problems := foodinfo.Check(text.value, f.Contains); len(problems) > 0 {
			return nil, allergenProblem(text.lang, text.field, problems[0])
		}
	}
	p := &db.UpsertFoodInfoParams{
		IngredientsEs: strings.TrimSpace(f.IngredientsEs), IngredientsPt: strings.TrimSpace(f.IngredientsPt),
		Contains: foodinfo.Stored(f.Contains), MayContain: foodinfo.Stored(f.MayContain),
		NetQuantity: f.NetQuantity, NetUnit: string(f.NetUnit),
		StorageEs: strings.TrimSpace(f.StorageEs), StoragePt: strings.TrimSpace(f.StoragePt),
		OperatorName: strings.TrimSpace(f.OperatorName), OperatorAddress: strings.TrimSpace(f.OperatorAddress),
	}
	if p.OperatorName == "" || p.OperatorAddress == "" {
		return nil, invalid("content.food_info.operator_name", "OPERATOR_REQUIRED", "the food business operator's name and address are required")
	}
	if d := f.DrainedWeightG; d > 0 {
		p.DrainedWeightG = &d
	}
	if a := f.AbvBasisPoints; a > 0 {
		p.AbvBasisPoints = &a
	}
	if n := f.Nutrition; n != nil {
		p.EnergyKj, p.EnergyKcal, p.FatMg, p.SaturatesMg = ptr(n.EnergyKj), ptr(n.EnergyKcal), ptr(n.FatMg), ptr(n.SaturatesMg)
		p.CarbohydrateMg, p.SugarsMg, p.ProteinMg, p.SaltMg = ptr(n.CarbohydrateMg), ptr(n.SugarsMg), ptr(n.ProteinMg), ptr(n.SaltMg)
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

// readContent is product p's content as stored, read through q.
func readContent(ctx context.Context, q *db.Queries, p db.Product) (Content, error) {
	var food *db.ProductFoodInfo
	f, err := q.GetFoodInfo(ctx, p.ID)
	switch {
	case err == nil:
		food = &f
	case !errors.Is(err, pgx.ErrNoRows):
		return Content{}, fmt.Errorf("catalogue: read food information of product %d: %w", p.ID, err)
	}
	var safety *db.ProductSafety
	sf, err := q.GetProductSafety(ctx, p.ID)
	switch {
	case err == nil:
		safety = &sf
	case !errors.Is(err, pgx.ErrNoRows):
		return Content{}, fmt.Errorf("catalogue: read safety information of product %d: %w", p.ID, err)
	}
	return contentOf(p, food, safety), nil
}

// Content is product id's content as stored: both languages' texts, its
// legal flags, its food or safety information.
func (s *Service) Content(ctx context.Context, id int64) (Content, error) {
	q := db.New(s.pool)
	row, err := q.AdminGetProduct(ctx, id)
	if err != nil {
		return Content{}, ProductNotFound(err, id)
	}
	return readContent(ctx, q, row.Product)
}

// UpdateContent replaces product id's content as a whole, in its own
// transaction under the product's row lock, its food or safety information
// included. The ingredient texts are
// checked against the "contains" flags in both languages before anything
// is written; the change is audited (product.content) as done by by, with
// the content before and after. It returns the content as stored.
func (s *Service) UpdateContent(ctx context.Context, by audit.Caller, id int64, in Content) (Content, error) {
	food, err := FoodParams(in)
	if err != nil {
		return Content{}, err
	}
	safety, err := SafetyParams(in)
	if err != nil {
		return Content{}, err
	}
	var out Content
	err = s.withProduct(ctx, id, func(q *db.Queries, p db.Product) error {
		before, err := readContent(ctx, q, p)
		if err != nil {
			return err
		}
		product, err := q.UpdateProductContent(ctx, db.UpdateProductContentParams{
			ID: id, Name: strings.TrimSpace(in.NameEs), NamePt: strings.TrimSpace(in.NamePt),
			Description: strings.TrimSpace(in.DescriptionEs), DescriptionPt: strings.TrimSpace(in.DescriptionPt),
			IsFood: in.IsFood, Frozen: in.Flags.Frozen, Perishable: in.Flags.Perishable,
			SealedHygiene: in.Flags.SealedHygiene, AgeRestricted: in.Flags.AgeRestricted,
			UpdatedBy: userOf(by),
		})
		if err != nil {
			return fmt.Errorf("catalogue: update content of product %d: %w", id, err)
		}
		if food == nil {
			if err := q.DeleteFoodInfo(ctx, id); err != nil {
				return fmt.Errorf("catalogue: delete food information of product %d: %w", id, err)
			}
		} else {
			food.ProductID = id
			food.UpdatedBy = userOf(by)
			if _, err := q.UpsertFoodInfo(ctx, *food); err != nil {
				return fmt.Errorf("catalogue: save food information of product %d: %w", id, err)
			}
		}
		if safety == nil {
			if err := q.DeleteProductSafety(ctx, id); err != nil {
				return fmt.Errorf("catalogue: delete safety information of product %d: %w", id, err)
			}
		} else {
			safety.ProductID = id
			safety.UpdatedBy = userOf(by)
			if err := q.UpsertProductSafety(ctx, *safety); err != nil {
				return fmt.Errorf("catalogue: save safety information of product %d: %w", id, err)
			}
		}
		if out, err = readContent(ctx, q, product); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "product.content", "product:"+strconv.FormatInt(id, 10), before, out)
	})
	return out, err
}
