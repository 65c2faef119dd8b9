package admin

import (
	"context"
	"fmt"
	"strconv"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/productform"
	"github.com/sabores/sabores/backend/internal/productimage"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// detailsOf reads a stored product's details, for the audit trail.
func detailsOf(p db.Product) productform.Details {
	d := productform.Details{
		Name: p.Name, Code: p.Code, SKU: p.SKU, EAN: p.Ean, Brand: p.Brand, Description: p.Description,
		Category: p.Category, PriceCents: p.PriceCents, VatBasisPoints: p.VatBasisPoints,
		OnlineCategories: p.OnlineCategories,
	}
	if p.CountrySlug != nil {
		d.Country = *p.CountrySlug
	}
	return d
}

// parseDetails checks the form's fields with productform's rules, asking
// the database whether the country exists.
func parseDetails(ctx context.Context, q *db.Queries, in *saboresv1.ProductDetails) (productform.Details, error) {
	d, err := productform.CheckDetails(in, func(slug string) (bool, error) { return q.CountryExists(ctx, slug) })
	return d, formError(err)
}

func countryParam(slug string) *string {
	if slug == "" {
		return nil
	}
	return &slug
}

// CreateProduct adds a product through the catalogue module, which
// checks its codes, stores it with its opening stock and first price and
// audits it; the form's fields are checked here first.
func (s *Service) CreateProduct(ctx context.Context, req *connect.Request[saboresv1.CreateProductRequest]) (*connect.Response[saboresv1.CreateProductResponse], error) {
	d, err := parseDetails(ctx, s.q, req.Msg.GetDetails())
	if err != nil {
		return nil, err
	}
	p, err := s.products.Create(ctx, auth.Caller(ctx),
		catalogue.NewProduct{
			Name: d.Name, Code: d.Code, SKU: d.SKU, EAN: d.EAN, Brand: d.Brand, Description: d.Description,
			Category: d.Category, Country: d.Country, PriceCents: d.PriceCents, VatBasisPoints: d.VatBasisPoints,
			OnlineCategories: d.OnlineCategories, Stock: req.Msg.GetInitialStock(),
		})
	if err != nil {
		return nil, err
	}
	out, err := apimap.AdminProduct(ctx, s.q, p)
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
			return catalogue.ProductNotFound(err, id)
		}
		before := row.Product
		d, err := parseDetails(ctx, q, req.Msg.GetDetails())
		if err != nil {
			return err
		}
		if err := catalogue.CodesTaken(ctx, q, id, d.Code, d.SKU, d.EAN); err != nil {
			return err
		}
		image := before.ImageURL
		if productimage.IsGenerated(image) {
			image = productimage.ProductURL(d.Category, d.Name)
		}
		after := before
		if old := detailsOf(before); !old.Same(d) || image != before.ImageURL {
			if after, err = q.UpdateProductDetails(ctx, db.UpdateProductDetailsParams{
				Name: d.Name, Code: d.Code, SKU: d.SKU, Ean: d.EAN, Brand: d.Brand, Description: d.Description,
				Category: d.Category, OnlineCategories: d.OnlineCategories, PriceCents: d.PriceCents,
				VatBasisPoints: d.VatBasisPoints, ImageURL: image, CountrySlug: countryParam(d.Country),
				UpdatedBy: auth.ActorUserID(ctx), ID: id,
			}); err != nil {
				return fmt.Errorf("admin: update product %d: %w", id, err)
			}
			if before.PriceCents != after.PriceCents {
				if err := recordPrice(ctx, q, after); err != nil {
					return err
				}
			}
			if err := audit.Record(ctx, q, auth.Caller(ctx), "product.details", "product:"+strconv.FormatInt(id, 10), old, d); err != nil {
				return err
			}
		}
		out, err = apimap.AdminProduct(ctx, q, after)
		return err
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateProductDetailsResponse{Product: out}), nil
}

// ArchiveProduct takes a product off the storefront, or brings it back
// (catalogue.Service.SetArchived).
func (s *Service) ArchiveProduct(ctx context.Context, req *connect.Request[saboresv1.ArchiveProductRequest]) (*connect.Response[saboresv1.ArchiveProductResponse], error) {
	p, err := s.products.SetArchived(ctx, auth.Caller(ctx), req.Msg.GetId(), req.Msg.GetArchived())
	if err != nil {
		return nil, err
	}
	out, err := apimap.AdminProduct(ctx, s.q, p)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ArchiveProductResponse{Product: out}), nil
}
