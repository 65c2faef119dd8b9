package catalogueio

import (
	"context"
	"fmt"
	"strconv"

	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
)

// Result is what an import wrote.
type Result struct {
	Created int64 `json:"created"`
	Updated int64 `json:"updated"`
}

// stage creates a batch of checked rows' new products through
// catalogue.CreateProducts, their opening stock booked as receipts with
// note by actor, and copies the batch into catalogue_import_rows (the new
// rows with their product), in the import's transaction. The check has
// refused every row whose codes another line or product holds, so the
// products created here change nothing the later batches' check reads.
func stage(ctx context.Context, q *db.Queries, importID int64, actor *int64, note string, rows []Row) error {
	var news []catalogue.NewProduct
	var at []int
	for i, r := range rows {
		if r.ID == 0 {
			news, at = append(news, newProduct(r)), append(at, i)
		}
	}
	created, err := catalogue.CreateProducts(ctx, q, actor, note, news)
	if err != nil {
		return fmt.Errorf("catalogueio: create the products of import %d: %w", importID, err)
	}
	staged := stagingRows(importID, rows)
	for i, p := range created {
		staged[at[i]].ID = &p.ID
	}
	if _, err := q.CopyCatalogueImportRows(ctx, staged); err != nil {
		return fmt.Errorf("catalogueio: copy import %d: %w", importID, err)
	}
	return nil
}

// newProduct is a checked row of a product the shop does not have yet.
func newProduct(r Row) catalogue.NewProduct {
	p := catalogue.NewProduct{
		Details: r.Details, Stock: r.Stock, ImageURL: r.ImageURL, IsFood: &r.IsFood,
		NamePt: r.NamePt, DescriptionPt: r.DescriptionPt, Frozen: r.Frozen, Perishable: r.Perishable,
		SealedHygiene: r.SealedHygiene, AgeRestricted: r.AgeRest, HasFood: r.Food != nil,
	}
	if r.Food != nil {
		p.Contains, p.MayContain = r.Food.Contains, r.Food.MayContain
	}
	return p
}

// Apply writes the rest of a checked plan without problems through q,
// which must be the import's transaction, where the check (with lock)
// created the new products (stage) and copied the rows into
// catalogue_import_rows: the changed products in one UPDATE (stock
// differences booked as counts), their food and safety information, and every
// changed price through catalogue.RecordPrices. The triggers on products
// notify the change feed at commit. step reports each stage done, 1 to 5.
func Apply(ctx context.Context, q *db.Queries, importID int64, plan *Plan, actor *int64, note string, step func(int)) (Result, error) {
	var res Result
	if plan.ProblemCount > 0 {
		return res, fmt.Errorf("catalogueio: import %d has %d problems", importID, plan.ProblemCount)
	}
	if err := q.AnalyzeCatalogueImportRows(ctx); err != nil {
		return res, fmt.Errorf("catalogueio: analyze import %d: %w", importID, err)
	}
	step(1)
	if res.Created = int64(plan.Creates); res.Created > 0 {
		if err := q.AnalyzeProducts(ctx); err != nil {
			return res, fmt.Errorf("catalogueio: analyze products: %w", err)
		}
	}
	step(2)
	actorText := ""
	if actor != nil {
		actorText = strconv.FormatInt(*actor, 10)
	}
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: "adjustment", Reason: "count", ActorUserID: actorText, Note: note,
	}); err != nil {
		return res, fmt.Errorf("catalogueio: book stock counts: %w", err)
	}
	var err error
	if res.Updated, err = q.ImportUpdateProducts(ctx, db.ImportUpdateProductsParams{ImportID: importID, Actor: actor}); err != nil {
		return res, fmt.Errorf("catalogueio: update products: %w", err)
	}
	step(3)
	if err := q.ImportDeleteFoodInfo(ctx, importID); err != nil {
		return res, fmt.Errorf("catalogueio: delete food information: %w", err)
	}
	if err := q.ImportUpsertFoodInfo(ctx, db.ImportUpsertFoodInfoParams{ImportID: importID, Actor: actor}); err != nil {
		return res, fmt.Errorf("catalogueio: save food information: %w", err)
	}
	if err := q.ImportDeleteSafety(ctx, importID); err != nil {
		return res, fmt.Errorf("catalogueio: delete safety information: %w", err)
	}
	if err := q.ImportUpsertSafety(ctx, db.ImportUpsertSafetyParams{ImportID: importID, Actor: actor}); err != nil {
		return res, fmt.Errorf("catalogueio: save safety information: %w", err)
	}
	step(4)
	prices, err := q.ImportNewPrices(ctx, importID)
	if err != nil {
		return res, fmt.Errorf("catalogueio: read new prices: %w", err)
	}
	ids, cents := make([]int64, len(prices)), make([]int64, len(prices))
	for i, p := range prices {
		ids[i], cents[i] = p.ID, p.PriceCents
	}
	if err := catalogue.RecordPrices(ctx, q, actor, ids, cents); err != nil {
		return res, err
	}
	if err := q.ImportDeleteRows(ctx, importID); err != nil {
		return res, fmt.Errorf("catalogueio: clear import %d's rows: %w", importID, err)
	}
	step(5)
	return res, nil
}

// stagingRows are plan's rows as COPY sends them.
func stagingRows(importID int64, rows []Row) []db.CopyCatalogueImportRowsParams {
	out := make([]db.CopyCatalogueImportRowsParams, len(rows))
	for i, r := range rows {
		d := r.Details
		p := db.CopyCatalogueImportRowsParams{
			ImportID: importID, Line: int32(r.Line), Name: d.Name, Code: d.Code, SKU: d.SKU, Ean: d.EAN,
			Brand: d.Brand, Description: d.Description, Category: d.Category, PriceCents: d.PriceCents,
			VatBasisPoints: d.VatBasisPoints, Stock: r.Stock, OnlineCategories: d.OnlineCategories,
			ImageURL: r.ImageURL, NamePt: r.NamePt, DescriptionPt: r.DescriptionPt, IsFood: r.IsFood,
			Frozen: r.Frozen, Perishable: r.Perishable, SealedHygiene: r.SealedHygiene, AgeRestricted: r.AgeRest,
			Contains: []string{}, MayContain: []string{}, ShippingWeightGrams: d.ShippingWeightGrams,
		}
		if d.Country != "" {
			p.CountrySlug = &d.Country
		}
		if r.ID != 0 {
			p.ID, p.OldPriceCents = &r.ID, &r.OldPriceCents
		}
		if f := r.Food; f != nil {
			p.HasFood = true
			p.IngredientsEs, p.IngredientsPt, p.Contains, p.MayContain = f.IngredientsEs, f.IngredientsPt, f.Contains, f.MayContain
			p.NetQuantity, p.NetUnit, p.DrainedWeightG = f.NetQuantity, f.NetUnit, f.DrainedWeightG
			p.StorageEs, p.StoragePt = f.StorageEs, f.StoragePt
			p.EnergyKj, p.EnergyKcal, p.FatMg, p.SaturatesMg = f.EnergyKj, f.EnergyKcal, f.FatMg, f.SaturatesMg
			p.CarbohydrateMg, p.SugarsMg, p.ProteinMg, p.SaltMg = f.CarbohydrateMg, f.SugarsMg, f.ProteinMg, f.SaltMg
			p.AbvBasisPoints, p.OperatorName, p.OperatorAddress = f.AbvBasisPoints, f.OperatorName, f.OperatorAddress
		}
		p.SafetyColumns = r.SafetyColumns
		if s := r.Safety; s != nil {
			p.HasSafety = true
			p.ManufacturerName, p.ManufacturerAddress, p.ManufacturerContact = s.ManufacturerName, s.ManufacturerAddress, s.ManufacturerContact
			p.ManufacturerCountry, p.ResponsibleName, p.ResponsibleAddress = s.ManufacturerCountry, s.ResponsibleName, s.ResponsibleAddress
			p.ResponsibleContact, p.WarningsEs, p.WarningsPt = s.ResponsibleContact, s.WarningsEs, s.WarningsPt
		}
		out[i] = p
	}
	return out
}
