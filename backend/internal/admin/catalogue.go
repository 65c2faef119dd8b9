package admin

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/gtin"
	"github.com/sabores/sabores/backend/internal/productimage"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// nonFoodCategories carry no food information (Regulation 1169/2011 is
// about food): a product created in one starts as non-food.
var nonFoodCategories = []string{"beleza", "perfumes"}

// details are a product's fields as checked and stored, and as audited.
type details struct {
	Name             string   `json:"name"`
	Code             string   `json:"code"`
	SKU              string   `json:"sku"`
	EAN              string   `json:"ean"`
	Brand            string   `json:"brand"`
	Description      string   `json:"description"`
	Category         string   `json:"category"`
	Country          string   `json:"country"`
	PriceCents       int64    `json:"price_cents"`
	VatBasisPoints   int32    `json:"vat_basis_points"`
	OnlineCategories []string `json:"online_categories"`
}

// detailsOf reads a stored product's details, for the audit trail.
func detailsOf(p db.Product) details {
	d := details{
		Name: p.Name, Code: p.Code, SKU: p.SKU, EAN: p.Ean, Brand: p.Brand, Description: p.Description,
		Category: p.Category, PriceCents: p.PriceCents, VatBasisPoints: p.VatBasisPoints,
		OnlineCategories: p.OnlineCategories,
	}
	if p.CountrySlug != nil {
		d.Country = *p.CountrySlug
	}
	return d
}

// parseDetails checks the form's fields beyond what the contract's rules
// say: prices and rates as typed, the barcode's check digit, the country.
func parseDetails(ctx context.Context, q *db.Queries, in *saboresv1.ProductDetails) (details, error) {
	d := details{
		Name: strings.TrimSpace(in.GetName()), Code: strings.TrimSpace(in.GetCode()),
		SKU: strings.TrimSpace(in.GetSku()), EAN: strings.TrimSpace(in.GetEan()),
		Brand: strings.TrimSpace(in.GetBrand()), Description: strings.TrimSpace(in.GetDescription()),
		Category: in.GetCategory(), Country: in.GetCountry(),
	}
	if d.Name == "" {
		return d, apperr.Invalid("details.name", "is required")
	}
	var err error
	if d.PriceCents, err = ParsePriceCents(in.GetPrice()); err != nil {
		return d, apperr.Invalid("details.price", err.Error())
	}
	if d.VatBasisPoints, err = ParseVATBasisPoints(in.GetVatRate()); err != nil {
		return d, apperr.Invalid("details.vat_rate", err.Error())
	}
	if d.EAN != "" {
		if err := gtin.Check(d.EAN); err != nil {
			return d, &apperr.Business{Code: connect.CodeInvalidArgument, Reason: "EAN_CHECK_DIGIT",
				Message: "details.ean: " + err.Error(), Metadata: map[string]string{"field": "details.ean"}}
		}
	}
	d.OnlineCategories = []string{}
	for _, c := range in.GetOnlineCategories() {
		if !slices.Contains(OnlineCategories, c) {
			return d, apperr.Invalid("details.online_categories", fmt.Sprintf("%q is not an online category", c))
		}
		if !slices.Contains(d.OnlineCategories, c) {
			d.OnlineCategories = append(d.OnlineCategories, c)
		}
	}
	if d.Country != "" {
		ok, err := q.CountryExists(ctx, d.Country)
		if err != nil {
			return d, fmt.Errorf("admin: read country %q: %w", d.Country, err)
		}
		if !ok {
			return d, apperr.Invalid("details.country", "is not a country of the shop")
		}
	}
	return d, nil
}

// codesTaken refuses codes another product than id already holds, naming
// the field so the form can show it there.
func codesTaken(ctx context.Context, q *db.Queries, id int64, d details) error {
	taken, err := q.ProductCodesTaken(ctx, db.ProductCodesTakenParams{Code: d.Code, SKU: d.SKU, Ean: d.EAN, ID: id})
	if err != nil {
		return fmt.Errorf("admin: check product codes: %w", err)
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
			return &apperr.Business{Code: connect.CodeAlreadyExists, Reason: c.reason,
				Message: c.field + ": another product has it", Metadata: map[string]string{"field": c.field}}
		}
	}
	return nil
}

// isPlaceholder reports whether url is a generated picture, which follows
// the product's name and category rather than an upload.
func isPlaceholder(url string) bool {
	return url == "" || strings.HasPrefix(url, productimage.Prefix+"products/") ||
		strings.HasPrefix(url, productimage.Prefix+"categories/")
}

func countryParam(slug string) *string {
	if slug == "" {
		return nil
	}
	return &slug
}

// CreateProduct adds a product: its details, its initial stock booked in
// the ledger as a receipt, its first price in the price history (the 30-day
// reference of later promotions) and the generated placeholder picture.
func (s *Service) CreateProduct(ctx context.Context, req *connect.Request[saboresv1.CreateProductRequest]) (*connect.Response[saboresv1.CreateProductResponse], error) {
	var out *saboresv1.AdminProduct
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		d, err := parseDetails(ctx, q, req.Msg.GetDetails())
		if err != nil {
			return err
		}
		if err := codesTaken(ctx, q, 0, d); err != nil {
			return err
		}
		actor := shop.ActorUserID(ctx)
		actorText := ""
		if actor != nil {
			actorText = strconv.FormatInt(*actor, 10)
		}
		if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
			Kind: "adjustment", Reason: "receipt", ActorUserID: actorText, Note: "initial stock",
		}); err != nil {
			return fmt.Errorf("admin: book initial stock: %w", err)
		}
		p, err := q.CreateProduct(ctx, db.CreateProductParams{
			Name: d.Name, Code: d.Code, SKU: d.SKU, Ean: d.EAN, Brand: d.Brand, Description: d.Description,
			Category: d.Category, OnlineCategories: d.OnlineCategories, PriceCents: d.PriceCents,
			VatBasisPoints: d.VatBasisPoints, Stock: req.Msg.GetInitialStock(),
			ImageURL: productimage.ProductURL(d.Category, d.Name), CountrySlug: countryParam(d.Country),
			IsFood: !slices.Contains(nonFoodCategories, d.Category), Actor: actor,
		})
		if err != nil {
			return fmt.Errorf("admin: create product: %w", err)
		}
		if err := recordPrice(ctx, q, p); err != nil {
			return err
		}
		if err := shop.Audit(ctx, q, "product.create", "product:"+strconv.FormatInt(p.ID, 10), nil,
			struct {
				details
				Stock int32 `json:"stock"`
			}{d, p.Stock}); err != nil {
			return err
		}
		products, err := shop.AdminProducts(ctx, q, []db.Product{p})
		if err != nil {
			return err
		}
		out = products[0]
		return nil
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CreateProductResponse{Product: out}), nil
}

// UpdateProductDetails replaces every detail of a product. A generated
// picture follows the new name and category; an uploaded one stays.
func (s *Service) UpdateProductDetails(ctx context.Context, req *connect.Request[saboresv1.UpdateProductDetailsRequest]) (*connect.Response[saboresv1.UpdateProductDetailsResponse], error) {
	id := req.Msg.GetId()
	var out *saboresv1.AdminProduct
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.AdminGetProductForUpdate(ctx, id)
		if err != nil {
			return productNotFound(err, id)
		}
		before := row.Product
		d, err := parseDetails(ctx, q, req.Msg.GetDetails())
		if err != nil {
			return err
		}
		if err := codesTaken(ctx, q, id, d); err != nil {
			return err
		}
		image := before.ImageURL
		if isPlaceholder(image) {
			image = productimage.ProductURL(d.Category, d.Name)
		}
		after := before
		if old := detailsOf(before); !sameDetails(old, d) || image != before.ImageURL {
			if after, err = q.UpdateProductDetails(ctx, db.UpdateProductDetailsParams{
				Name: d.Name, Code: d.Code, SKU: d.SKU, Ean: d.EAN, Brand: d.Brand, Description: d.Description,
				Category: d.Category, OnlineCategories: d.OnlineCategories, PriceCents: d.PriceCents,
				VatBasisPoints: d.VatBasisPoints, ImageURL: image, CountrySlug: countryParam(d.Country),
				UpdatedBy: shop.ActorUserID(ctx), ID: id,
			}); err != nil {
				return fmt.Errorf("admin: update product %d: %w", id, err)
			}
			if before.PriceCents != after.PriceCents {
				if err := recordPrice(ctx, q, after); err != nil {
					return err
				}
			}
			if err := shop.Audit(ctx, q, "product.details", "product:"+strconv.FormatInt(id, 10), old, d); err != nil {
				return err
			}
		}
		products, err := shop.AdminProducts(ctx, q, []db.Product{after})
		if err != nil {
			return err
		}
		out = products[0]
		return nil
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateProductDetailsResponse{Product: out}), nil
}

func sameDetails(a, b details) bool {
	return slices.Equal(a.OnlineCategories, b.OnlineCategories) &&
		a.Name == b.Name && a.Code == b.Code && a.SKU == b.SKU && a.EAN == b.EAN && a.Brand == b.Brand &&
		a.Description == b.Description && a.Category == b.Category && a.Country == b.Country &&
		a.PriceCents == b.PriceCents && a.VatBasisPoints == b.VatBasisPoints
}

// ArchiveProduct takes a product off the storefront (the archive trigger
// of migration 00180 clears its sold_online flag), or brings it back.
// Nothing is deleted: orders and invoices keep pointing at it.
func (s *Service) ArchiveProduct(ctx context.Context, req *connect.Request[saboresv1.ArchiveProductRequest]) (*connect.Response[saboresv1.ArchiveProductResponse], error) {
	id, archive := req.Msg.GetId(), req.Msg.GetArchived()
	var out *saboresv1.AdminProduct
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.AdminGetProductForUpdate(ctx, id)
		if err != nil {
			return productNotFound(err, id)
		}
		p := row.Product
		if (p.ArchivedAt != nil) != archive {
			if p, err = q.SetProductArchived(ctx, db.SetProductArchivedParams{
				Archived: archive, UpdatedBy: shop.ActorUserID(ctx), ID: id,
			}); err != nil {
				return fmt.Errorf("admin: archive product %d: %w", id, err)
			}
			action := "product.restore"
			if archive {
				action = "product.archive"
			}
			type state struct {
				Archived bool `json:"archived"`
			}
			if err := shop.Audit(ctx, q, action, "product:"+strconv.FormatInt(id, 10),
				state{!archive}, state{archive}); err != nil {
				return err
			}
		}
		products, err := shop.AdminProducts(ctx, q, []db.Product{p})
		if err != nil {
			return err
		}
		out = products[0]
		return nil
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ArchiveProductResponse{Product: out}), nil
}
