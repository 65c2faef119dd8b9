package catalogue

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// Gap is one thing a product lacks before it may go on sale.
type Gap string

// The gaps of a food (EU Regulation 1169/2011 art. 9 and the unit price of
// RD 3423/2000), in the order the back office lists them.
const (
	GapIngredients    Gap = "INGREDIENTS"
	GapAllergens      Gap = "ALLERGENS"
	GapNetQuantity    Gap = "NET_QUANTITY"
	GapFoodOperator   Gap = "FOOD_OPERATOR"
	GapUnitPriceBasis Gap = "UNIT_PRICE_BASIS"
)

// FoodFacts is what publishing reads of a product's food information.
type FoodFacts struct {
	Ingredients     string
	NetQuantity     int64
	NetUnit         string
	OperatorName    string
	OperatorAddress string
}

// unitBases are the stored net units a unit price can be per.
var unitBases = map[string]bool{"g": true, "kg": true, "ml": true, "l": true, "units": true}

// PublishGaps is what a product lacks before it may be published. For a
// food, each mandatory particular of its food information missing, every
// one when it has none (food nil); the allergens count as declared once
// food information is saved, as saving checks them against the
// ingredients. For any other product, the manufacturer and, outside the EU,
// the responsible person its safety information must name (safetyGaps).
func PublishGaps(isFood bool, food *FoodFacts, safety *Safety) []Gap {
	if !isFood {
		return safetyGaps(safety)
	}
	if food == nil {
		return []Gap{GapIngredients, GapAllergens, GapNetQuantity, GapFoodOperator, GapUnitPriceBasis}
	}
	var gaps []Gap
	if strings.TrimSpace(food.Ingredients) == "" {
		gaps = append(gaps, GapIngredients)
	}
	if food.NetQuantity <= 0 {
		gaps = append(gaps, GapNetQuantity)
	}
	if strings.TrimSpace(food.OperatorName) == "" || strings.TrimSpace(food.OperatorAddress) == "" {
		gaps = append(gaps, GapFoodOperator)
	}
	if food.NetQuantity <= 0 || !unitBases[food.NetUnit] {
		gaps = append(gaps, GapUnitPriceBasis)
	}
	return gaps
}

// GapsOf reads the food and safety information of products with q, one
// query each, and returns each product's PublishGaps by id (no entry when
// it lacks nothing).
func GapsOf(ctx context.Context, q *db.Queries, products []db.Product) (map[int64][]Gap, error) {
	var foods, others []int64
	for _, p := range products {
		if p.IsFood {
			foods = append(foods, p.ID)
		} else {
			others = append(others, p.ID)
		}
	}
	out := map[int64][]Gap{}
	if len(products) == 0 {
		return out, nil
	}
	facts := map[int64]*FoodFacts{}
	if len(foods) > 0 {
		rows, err := q.ProductFoodFacts(ctx, foods)
		if err != nil {
			return nil, fmt.Errorf("catalogue: read food information: %w", err)
		}
		for _, r := range rows {
			facts[r.ProductID] = &FoodFacts{Ingredients: r.IngredientsEs, NetQuantity: r.NetQuantity, NetUnit: r.NetUnit,
				OperatorName: r.OperatorName, OperatorAddress: r.OperatorAddress}
		}
	}
	safety := map[int64]*Safety{}
	if len(others) > 0 {
		rows, err := q.ProductSafetyByIDs(ctx, others)
		if err != nil {
			return nil, fmt.Errorf("catalogue: read safety information: %w", err)
		}
		for i := range rows {
			safety[rows[i].ProductID] = safetyOf(&rows[i])
		}
	}
	for _, p := range products {
		if gaps := PublishGaps(p.IsFood, facts[p.ID], safety[p.ID]); len(gaps) > 0 {
			out[p.ID] = gaps
		}
	}
	return out, nil
}

// SetPublished puts product id on sale (publish; the trigger of migration
// 00450 sets its sold_online flag, and catalog_changed tells the caches) or
// takes it back to draft, in its own transaction with the audit row by by.
// A product lacking what PublishGaps names is refused with
// PRODUCT_INCOMPLETE, the gaps in its metadata and causes. Asking for the
// state it is in changes nothing. It returns the product as stored.
func (s *Service) SetPublished(ctx context.Context, by audit.Caller, id int64, publish bool) (db.Product, error) {
	var p db.Product
	err := s.withProduct(ctx, id, func(q *db.Queries, before db.Product) error {
		p = before
		if (p.PublishedAt != nil) == publish {
			return nil
		}
		if publish {
			gaps, err := GapsOf(ctx, q, []db.Product{before})
			if err != nil {
				return err
			}
			if missing := gaps[id]; len(missing) > 0 {
				return incomplete(id, missing)
			}
		}
		var err error
		if p, err = q.SetProductPublished(ctx, db.SetProductPublishedParams{Published: publish, UpdatedBy: userOf(by), ID: id}); err != nil {
			return fmt.Errorf("catalogue: publish product %d: %w", id, err)
		}
		action := "product.unpublish"
		if publish {
			action = "product.publish"
		}
		type state struct {
			Published bool `json:"published"`
		}
		return audit.Record(ctx, q, by, action, "product:"+strconv.FormatInt(id, 10), state{!publish}, state{publish})
	})
	return p, err
}

// incomplete is the refusal to publish product id lacking missing.
func incomplete(id int64, missing []Gap) error {
	names := make([]string, len(missing))
	causes := make([]fault.Cause, len(missing))
	for i, g := range missing {
		names[i] = string(g)
		causes[i] = fault.Cause{Reason: "MISSING_" + string(g)}
	}
	return &fault.Error{Kind: fault.Refused, Reason: "PRODUCT_INCOMPLETE",
		Message:  fmt.Sprintf("product %d cannot be published: it lacks %s", id, strings.Join(names, ", ")),
		Metadata: map[string]string{"product_id": strconv.FormatInt(id, 10), "missing": strings.Join(names, ",")},
		Causes:   causes}
}
