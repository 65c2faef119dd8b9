package catalogue

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/productimage"
)

// NewProduct is a product to create: its details, checked by the caller
// (CheckDetails), and what it starts with. The tagged fields are what the
// audit trail records of a product created in the back office.
type NewProduct struct {
	Details
	// Stock is the opening stock, booked in the ledger as a receipt.
	Stock int32 `json:"stock"`
	// ImageURL is the picture; "" for the one generated from the name and
	// category.
	ImageURL string `json:"-"`
	// IsFood is whether the product is food; nil for its category's
	// default (IsFoodCategory).
	IsFood                                           *bool  `json:"-"`
	NamePt, DescriptionPt                            string `json:"-"`
	Frozen, Perishable, SealedHygiene, AgeRestricted bool   `json:"-"`
	// HasFood says food information follows in the same transaction (an
	// import adds it after the batch); its allergens make the product's
	// allergen risk, stored at once.
	HasFood bool `json:"-"`
	// Contains and MayContain are the food information's allergen codes.
	Contains, MayContain []string `json:"-"`
}

// nonFoodCategories carry no food information (Regulation 1169/2011 is
// about food): a product created in one starts as non-food.
var nonFoodCategories = []string{"beleza", "perfumes"}

// IsFoodCategory reports whether a new product of category starts as food.
func IsFoodCategory(category string) bool { return !slices.Contains(nonFoodCategories, category) }

// stored is one product of a batch as CreateProducts' statement reads it.
type stored struct {
	Details
	Stock         int32    `json:"stock"`
	ImageURL      string   `json:"image_url"`
	NamePt        string   `json:"name_pt"`
	DescriptionPt string   `json:"description_pt"`
	IsFood        bool     `json:"is_food"`
	Frozen        bool     `json:"frozen"`
	Perishable    bool     `json:"perishable"`
	SealedHygiene bool     `json:"sealed_hygiene"`
	AgeRestricted bool     `json:"age_restricted"`
	HasFood       bool     `json:"has_food"`
	Contains      []string `json:"contains"`
	MayContain    []string `json:"may_contain"`
}

func storedOf(p NewProduct) stored {
	s := stored{
		Details: p.Details, Stock: p.Stock, ImageURL: p.ImageURL, NamePt: p.NamePt,
		DescriptionPt: p.DescriptionPt, IsFood: IsFoodCategory(p.Category), Frozen: p.Frozen,
		Perishable: p.Perishable, SealedHygiene: p.SealedHygiene, AgeRestricted: p.AgeRestricted,
		HasFood: p.HasFood, Contains: p.Contains, MayContain: p.MayContain,
	}
	if s.OnlineCategories == nil {
		s.OnlineCategories = []string{}
	}
	if s.ImageURL == "" {
		s.ImageURL = productimage.ProductURL(p.Category, p.Name)
	}
	if p.IsFood != nil {
		s.IsFood = *p.IsFood
	}
	return s
}

// CreateProducts is the one way a product is created. It inserts batch
// through q, which runs in the caller's transaction (the form's, or a CSV
// import's for the whole file, so the import stays all or nothing), in one
// statement: their opening stock booked in the ledger as receipts with
// note, by actor, and their first prices entered in the price history.
// The triggers on products notify the change feed at commit. The caller
// has checked the fields and that no other product holds the codes
// (CodesTaken, or the import's check of the whole file). It returns the
// stored products in batch's order.
func CreateProducts(ctx context.Context, q *db.Queries, actor *int64, note string, batch []NewProduct) ([]db.Product, error) {
	if len(batch) == 0 {
		return nil, nil
	}
	rows := make([]stored, len(batch))
	for i, p := range batch {
		rows[i] = storedOf(p)
	}
	raw, err := json.Marshal(rows)
	if err != nil {
		return nil, fmt.Errorf("catalogue: encode %d products: %w", len(batch), err)
	}
	actorText := ""
	if actor != nil {
		actorText = strconv.FormatInt(*actor, 10)
	}
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: "adjustment", Reason: "receipt", ActorUserID: actorText, Note: note,
	}); err != nil {
		return nil, fmt.Errorf("catalogue: book opening stock: %w", err)
	}
	created, err := q.CreateProducts(ctx, db.CreateProductsParams{Actor: actor, Products: raw})
	if err != nil {
		return nil, fmt.Errorf("catalogue: create %d products: %w", len(batch), err)
	}
	if len(created) != len(batch) {
		return nil, fmt.Errorf("catalogue: created %d products of %d", len(created), len(batch))
	}
	// RETURNING gives no order: put the products back in the batch's by
	// their SKU, unique to each.
	bySKU := make(map[string]db.Product, len(created))
	for _, p := range created {
		bySKU[p.SKU] = p
	}
	ids, cents := make([]int64, len(batch)), make([]int64, len(batch))
	for i, p := range batch {
		created[i] = bySKU[p.SKU]
		ids[i], cents[i] = created[i].ID, created[i].PriceCents
	}
	if err := RecordPrices(ctx, q, actor, ids, cents); err != nil {
		return nil, err
	}
	return created, nil
}

// Create adds one product from the back office's form, in its own
// transaction: its fields checked (CheckDetails), its codes against the
// other products, then CreateProducts (its details, its initial stock
// booked in the ledger as a receipt, its first price in the price
// history, the generated placeholder picture) and the audit row naming by.
func (s *Service) Create(ctx context.Context, by audit.Caller, form DetailsForm, stock int32) (db.Product, error) {
	var out db.Product
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		d, err := checkDetails(ctx, q, form)
		if err != nil {
			return err
		}
		if err := CodesTaken(ctx, q, 0, d.Code, d.SKU, d.EAN); err != nil {
			return err
		}
		p := NewProduct{Details: d, Stock: stock}
		created, err := CreateProducts(ctx, q, userOf(by), "initial stock", []NewProduct{p})
		if err != nil {
			return err
		}
		out = created[0]
		p.Stock = out.Stock
		return audit.Record(ctx, q, by, "product.create", "product:"+strconv.FormatInt(out.ID, 10), nil, p)
	})
	return out, err
}

// CodesTaken refuses the code, SKU or barcode another product than id (0
// for a new one) already holds, naming the form's field so it can show it
// there.
func CodesTaken(ctx context.Context, q *db.Queries, id int64, code, sku, ean string) error {
	taken, err := q.ProductCodesTaken(ctx, db.ProductCodesTakenParams{Code: code, SKU: sku, Ean: ean, ID: id})
	if err != nil {
		return fmt.Errorf("catalogue: check product codes: %w", err)
	}
	for _, c := range []struct {
		taken         bool
		reason, field string
	}{
		{taken.CodeTaken, "PRODUCT_CODE_TAKEN", "details.code"},
		{taken.SkuTaken, "PRODUCT_SKU_TAKEN", "details.sku"},
		{taken.EanTaken, "PRODUCT_EAN_TAKEN", "details.ean"},
	} {
		if c.taken {
			return &fault.Error{Kind: fault.Conflict, Reason: c.reason, Field: c.field,
				Message: c.field + ": another product has it", Metadata: map[string]string{"field": c.field}}
		}
	}
	return nil
}
