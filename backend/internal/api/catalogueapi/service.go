// Package catalogueapi serves CatalogService, the public storefront
// catalogue: product listings by category, section and country, the product
// page, the header search and the home page's country tiles. Only products
// sold online ever appear.
package catalogueapi

import (
	"context"
	"errors"
	"fmt"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/foodinfo"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/productcontent"
	"github.com/sabores/sabores/backend/internal/productimage"
	"github.com/sabores/sabores/backend/internal/promotion"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Listing and search limits from the storefront's design (spec §9).
const (
	DefaultPageSize    = 20
	MaxPageSize        = 100
	DefaultSearchLimit = 10
	MaxSearchLimit     = 30
)

// pageSizes are ListProducts' page sizes.
var pageSizes = paging.Sizes{Default: DefaultPageSize, Max: MaxPageSize}

// allCategories is the storefront's "every category" filter value.
const allCategories = "todos"

// Handler implements CatalogService over the shop's database.
type Handler struct {
	queries *db.Queries
	promos  promotion.Source
}

var _ saboresv1connect.CatalogServiceHandler = (*Handler)(nil)

// New returns the catalogue handler reading from pool, and the promotions
// from promos (nil reads them from pool too).
func New(pool db.DBTX, promos promotion.Source) *Handler {
	q := db.New(pool)
	return &Handler{queries: q, promos: promotion.OrStored(promos, q)}
}

// ListProducts lists one page of the products sold online that match the
// filters, with the total across pages for the storefront's page numbers.
// An unknown country or category simply matches nothing.
func (s *Handler) ListProducts(ctx context.Context, req *connect.Request[saboresv1.ListProductsRequest]) (*connect.Response[saboresv1.ListProductsResponse], error) {
	msg := req.Msg
	window, err := paging.Page(msg.GetPage(), msg.GetPageSize(), pageSizes)
	if err != nil {
		return nil, err
	}
	filter := listFilter{
		category:       msg.GetCategory(),
		onlineCategory: msg.GetOnlineCategory(),
		sort:           msg.GetSort(),
		allergens:      foodinfo.Stored(productcontent.AllergenCodes(msg.GetWithoutAllergens())),
		limit:          window.Size,
		offset:         window.Offset,
	}
	if filter.category == allCategories {
		filter.category = ""
	}
	res := &saboresv1.ListProductsResponse{Page: window.Page, PageSize: window.Size, Products: []*saboresv1.Product{}}
	if country := msg.GetCountry(); country != "" {
		slug, err := s.queries.ResolveCountry(ctx, country)
		if errors.Is(err, pgx.ErrNoRows) {
			return connect.NewResponse(res), nil
		}
		if err != nil {
			return nil, fmt.Errorf("catalogueapi: resolve country %q: %w", country, err)
		}
		filter.country = slug
	}
	total, err := s.count(ctx, filter)
	if err != nil {
		return nil, fmt.Errorf("catalogueapi: count products: %w", err)
	}
	res.TotalSize = int32(total)
	if int64(filter.offset) >= total {
		return connect.NewResponse(res), nil
	}
	rows, err := s.list(ctx, filter)
	if err != nil {
		return nil, fmt.Errorf("catalogueapi: list products: %w", err)
	}
	now := time.Now()
	if res.Products, err = apimap.WithPromotions(ctx, s.promos, rows, now); err != nil {
		return nil, err
	}
	if err := apimap.ProductsPastBestBefore(ctx, s.queries, res.Products, now); err != nil {
		return nil, err
	}
	if err := productcontent.Localize(ctx, s.queries, rows, res.Products, msg.GetLanguage(), false); err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// GetProduct returns a product sold online with its running promotion. A
// product that exists but is not sold online is NotFound too: the online
// shop must not reveal it.
func (s *Handler) GetProduct(ctx context.Context, req *connect.Request[saboresv1.GetProductRequest]) (*connect.Response[saboresv1.GetProductResponse], error) {
	row, err := s.queries.GetOnlineProductPage(ctx, req.Msg.GetId())
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("catalogueapi: product %d: %w", req.Msg.GetId(), fault.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("catalogueapi: get product %d: %w", req.Msg.GetId(), err)
	}
	products, err := apimap.WithPromotions(ctx, s.promos, []db.Product{row.Product}, time.Now())
	if err != nil {
		return nil, err
	}
	productcontent.LocalizePage(row, products[0], req.Msg.GetLanguage())
	if row.PastBestBefore.Valid {
		products[0].PastBestBefore = row.PastBestBefore.Time.Format(time.DateOnly)
	}
	// Only a product whose picture is an upload has uploaded pictures.
	if products[0].GetImageSrcset() != "" {
		images, err := productimage.ProductImages(ctx, s.queries, row.Product.ID)
		if err != nil {
			return nil, err
		}
		products[0].Images = apimap.ProductImages(images)
	}
	return connect.NewResponse(&saboresv1.GetProductResponse{Product: products[0]}), nil
}

// ListCountries lists the home page's country tiles in their order, named
// in the language asked for.
func (s *Handler) ListCountries(ctx context.Context, req *connect.Request[saboresv1.ListCountriesRequest]) (*connect.Response[saboresv1.ListCountriesResponse], error) {
	rows, err := s.queries.ListHomeCountries(ctx)
	if err != nil {
		return nil, fmt.Errorf("catalogueapi: list countries: %w", err)
	}
	res := &saboresv1.ListCountriesResponse{Countries: make([]*saboresv1.Country, 0, len(rows))}
	for _, row := range rows {
		res.Countries = append(res.Countries, apimap.LocalizedCountry(row, req.Msg.GetLanguage()))
	}
	return connect.NewResponse(res), nil
}

type listFilter struct {
	category, onlineCategory, country string
	sort                              saboresv1.ProductSort
	limit, offset                     int32
	// allergens are the stored codes of "without allergen X"; empty for none.
	allergens []string
}

// count counts the products matching the filter, all pages.
func (s *Handler) count(ctx context.Context, f listFilter) (int64, error) {
	switch {
	case f.country != "" && f.category == "" && f.onlineCategory == "" && len(f.allergens) == 0:
		return s.queries.CountCountryProducts(ctx, f.country)
	case f.country != "":
		return s.queries.CountCountryProductsFiltered(ctx, db.CountCountryProductsFilteredParams{
			Country: f.country, Category: f.category, OnlineCategory: f.onlineCategory, WithoutAllergens: f.allergens,
		})
	case len(f.allergens) > 0:
		return s.queries.CountProductsWithoutAllergens(ctx, db.CountProductsWithoutAllergensParams{
			Category: f.category, OnlineCategory: f.onlineCategory, WithoutAllergens: f.allergens,
		})
	}
	return s.queries.CountProducts(ctx, db.CountProductsParams{Category: f.category, OnlineCategory: f.onlineCategory})
}

// list runs the listing query for the filter's country and sort order.
// Sections (lanzamientos, populares) show newest first unless a sort is
// asked for.
func (s *Handler) list(ctx context.Context, f listFilter) ([]db.Product, error) {
	sort := f.sort
	if sort == saboresv1.ProductSort_PRODUCT_SORT_UNSPECIFIED {
		sort = saboresv1.ProductSort_PRODUCT_SORT_NAME
		if f.onlineCategory != "" {
			sort = saboresv1.ProductSort_PRODUCT_SORT_NEWEST
		}
	}
	switch sort {
	case saboresv1.ProductSort_PRODUCT_SORT_PRICE_ASC, saboresv1.ProductSort_PRODUCT_SORT_PRICE_DESC:
		return s.byShownPrice(ctx, f, sort == saboresv1.ProductSort_PRODUCT_SORT_PRICE_DESC)
	}
	if f.country != "" {
		return s.queries.ListCountryProducts(ctx, db.ListCountryProductsParams{
			Country: f.country, Category: f.category, OnlineCategory: f.onlineCategory,
			Excluded: []int64{}, WithoutAllergens: f.allergens, Sort: sortKeys[sort], PageLimit: f.limit, PageOffset: f.offset,
		})
	}
	switch sort {
	case saboresv1.ProductSort_PRODUCT_SORT_NEWEST:
		return s.queries.ListProductsByNewest(ctx, db.ListProductsByNewestParams(f.params()))
	default:
		return s.queries.ListProductsByName(ctx, f.params())
	}
}

// sortKeys name the sort orders for ListCountryProducts.
var sortKeys = map[saboresv1.ProductSort]string{
	saboresv1.ProductSort_PRODUCT_SORT_NAME:       "name",
	saboresv1.ProductSort_PRODUCT_SORT_PRICE_ASC:  "price_asc",
	saboresv1.ProductSort_PRODUCT_SORT_PRICE_DESC: "price_desc",
	saboresv1.ProductSort_PRODUCT_SORT_NEWEST:     "newest",
}

// params is the filter in the shape the name and newest listing queries
// share.
func (f listFilter) params() db.ListProductsByNameParams {
	return db.ListProductsByNameParams{
		Category: f.category, OnlineCategory: f.onlineCategory, WithoutAllergens: f.allergens,
		PageLimit: f.limit, PageOffset: f.offset,
	}
}
