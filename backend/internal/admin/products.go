package admin

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/productform"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListAdminProducts pages every product by name, with an exact total.
func (s *Service) ListAdminProducts(ctx context.Context, req *connect.Request[saboresv1.ListAdminProductsRequest]) (*connect.Response[saboresv1.ListAdminProductsResponse], error) {
	window, err := paging.Page(req.Msg.Page, req.Msg.PageSize, productPageSizes)
	if err != nil {
		return nil, err
	}
	query := shop.EscapeLike(strings.TrimSpace(req.Msg.Query))
	rows, err := s.q.AdminListProducts(ctx, db.AdminListProductsParams{Query: query, PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, fmt.Errorf("admin: list products: %w", err)
	}
	total, err := s.q.AdminCountProducts(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("admin: count products: %w", err)
	}
	out, err := apimap.AdminProductsOf(ctx, s.q, rows, func(r db.AdminListProductsRow) db.Product { return r.Product })
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ListAdminProductsResponse{Products: out, TotalSize: int32(total)}), nil
}

// GetAdminProduct returns one product with its visibility records.
func (s *Service) GetAdminProduct(ctx context.Context, req *connect.Request[saboresv1.GetAdminProductRequest]) (*connect.Response[saboresv1.GetAdminProductResponse], error) {
	row, err := s.q.AdminGetProduct(ctx, req.Msg.Id)
	if err != nil {
		return nil, productNotFound(err, req.Msg.Id)
	}
	out, err := apimap.AdminProducts(ctx, s.q, []db.Product{row.Product})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetAdminProductResponse{Product: out[0]}), nil
}

// UpdateProduct saves the edit dialog: price, VAT and online categories.
// Every field is checked before anything is written; price changes enter
// the price history, and each changed field its audit row.
func (s *Service) UpdateProduct(ctx context.Context, req *connect.Request[saboresv1.UpdateProductRequest]) (*connect.Response[saboresv1.UpdateProductResponse], error) {
	m := req.Msg
	price, err := productform.ParsePriceCents(m.Price)
	if err != nil {
		return nil, fault.InvalidField("price", err.Error())
	}
	vat, err := productform.ParseVATBasisPoints(m.VatRate)
	if err != nil {
		return nil, fault.InvalidField("vat_rate", err.Error())
	}
	categories := make([]string, 0, len(m.OnlineCategories))
	for _, c := range m.OnlineCategories {
		if !slices.Contains(productform.OnlineCategories, c) {
			return nil, fault.InvalidField("online_categories", fmt.Sprintf("%q is not an online category", c))
		}
		if !slices.Contains(categories, c) {
			categories = append(categories, c)
		}
	}

	var out *saboresv1.AdminProduct
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.AdminGetProductForUpdate(ctx, m.Id)
		if err != nil {
			return productNotFound(err, m.Id)
		}
		before := row.Product
		product := before
		if before.PriceCents != price || before.VatBasisPoints != vat || !slices.Equal(before.OnlineCategories, categories) {
			if product, err = q.AdminUpdateProduct(ctx, db.AdminUpdateProductParams{
				PriceCents: price, VatBasisPoints: vat, OnlineCategories: categories,
				UpdatedBy: auth.ActorUserID(ctx), ID: m.Id,
			}); err != nil {
				return fmt.Errorf("admin: update product %d: %w", m.Id, err)
			}
			if err := auditProduct(ctx, q, before, product); err != nil {
				return err
			}
		}
		out, err = apimap.AdminProduct(ctx, q, product)
		return err
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateProductResponse{Product: out}), nil
}

// auditProduct records each field that changed between before and after,
// and a new price in the price history.
func auditProduct(ctx context.Context, q *db.Queries, before, after db.Product) error {
	entity := "product:" + strconv.FormatInt(after.ID, 10)
	if before.PriceCents != after.PriceCents {
		if err := recordPrice(ctx, q, after); err != nil {
			return err
		}
		if err := audit.Record(ctx, q, auth.Caller(ctx), "product.price", entity,
			map[string]int64{"price_cents": before.PriceCents}, map[string]int64{"price_cents": after.PriceCents}); err != nil {
			return err
		}
	}
	if before.VatBasisPoints != after.VatBasisPoints {
		if err := audit.Record(ctx, q, auth.Caller(ctx), "product.vat", entity,
			map[string]int32{"vat_basis_points": before.VatBasisPoints}, map[string]int32{"vat_basis_points": after.VatBasisPoints}); err != nil {
			return err
		}
	}
	if !slices.Equal(before.OnlineCategories, after.OnlineCategories) {
		if err := audit.Record(ctx, q, auth.Caller(ctx), "product.online_categories", entity,
			map[string][]string{"online_categories": before.OnlineCategories},
			map[string][]string{"online_categories": after.OnlineCategories}); err != nil {
			return err
		}
	}
	return nil
}

// recordPrice enters p's price in the price history, through the one
// writer of it (catalogue.RecordPrices).
func recordPrice(ctx context.Context, q *db.Queries, p db.Product) error {
	return catalogue.RecordPrices(ctx, q, auth.ActorUserID(ctx), []int64{p.ID}, []int64{p.PriceCents})
}

// productNotFound turns a failed product lookup into NotFound naming it.
func productNotFound(err error, id int64) error {
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("admin: read product %d: %w", id, err)
	}
	return &fault.Error{Kind: fault.NotFound, Reason: "PRODUCT_NOT_FOUND",
		Message: fmt.Sprintf("product %d does not exist", id), Metadata: map[string]string{"product_id": strconv.FormatInt(id, 10)}}
}
