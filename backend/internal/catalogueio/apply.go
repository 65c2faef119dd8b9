package catalogueio

import (
	"context"
	"fmt"
	"strconv"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/productform"
)

// Result is what an import wrote.
type Result struct {
	Created int64 `json:"created"`
	Updated int64 `json:"updated"`
}

// stage copies a batch of checked rows into catalogue_import_rows, in the
// import's transaction.
func stage(ctx context.Context, q *db.Queries, importID int64, rows []Row) error {
	if _, err := q.CopyCatalogueImportRows(ctx, stagingRows(importID, rows)); err != nil {
		return fmt.Errorf("catalogueio: copy import %d: %w", importID, err)
	}
	return nil
}

// Apply writes a checked plan without problems through q, which must be
// the import's transaction, where the check (with lock) copied the rows
// into catalogue_import_rows: the new products in one INSERT (their
// opening stock booked in the ledger as receipts), the changed ones in one
// UPDATE (stock differences booked as counts), their food information, and
// every new price through productform.RecordPrices. The triggers on
// products notify the change feed at commit. step reports each stage done,
// 1 to 5.
func Apply(ctx context.Context, q *db.Queries, importID int64, plan *Plan, actor *int64, note string, step func(int)) (Result, error) {
	var res Result
	if plan.ProblemCount > 0 {
		return res, fmt.Errorf("catalogueio: import %d has %d problems", importID, plan.ProblemCount)
	}
	if err := q.AnalyzeCatalogueImportRows(ctx); err != nil {
		return res, fmt.Errorf("catalogueio: analyze import %d: %w", importID, err)
	}
	step(1)
	actorText := ""
	if actor != nil {
		actorText = strconv.FormatInt(*actor, 10)
	}
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: "adjustment", Reason: "receipt", ActorUserID: actorText, Note: note,
	}); err != nil {
		return res, fmt.Errorf("catalogueio: book opening stock: %w", err)
	}
	var err error
	if res.Created, err = q.ImportInsertProducts(ctx, db.ImportInsertProductsParams{ImportID: importID, Actor: actor}); err != nil {
		return res, fmt.Errorf("catalogueio: create products: %w", err)
	}
	if err := q.ImportLinkNewProducts(ctx, importID); err != nil {
		return res, fmt.Errorf("catalogueio: link new products: %w", err)
	}
	if res.Created > 0 {
		if err := q.AnalyzeProducts(ctx); err != nil {
			return res, fmt.Errorf("catalogueio: analyze products: %w", err)
		}
	}
	step(2)
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: "adjustment", Reason: "count", ActorUserID: actorText, Note: note,
	}); err != nil {
		return res, fmt.Errorf("catalogueio: book stock counts: %w", err)
	}
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
	step(4)
	prices, err := q.ImportNewPrices(ctx, importID)
	if err != nil {
		return res, fmt.Errorf("catalogueio: read new prices: %w", err)
	}
	ids, cents := make([]int64, len(prices)), make([]int64, len(prices))
	for i, p := range prices {
		ids[i], cents[i] = p.ID, p.PriceCents
	}
	if err := productform.RecordPrices(ctx, q, actor, ids, cents); err != nil {
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
			Contains: []string{}, MayContain: []string{},
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
		out[i] = p
	}
	return out
}
