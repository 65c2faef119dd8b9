// Package visibility serves VisibilityService: which product is sold in which
// country, and through which channel, as the back office manages it.
package visibility

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// pageSizes are the country products screen's page sizes.
var pageSizes = paging.Sizes{Default: 20, Max: 100}

// minQueryLen is where the add-products search starts (spec §5).
const minQueryLen = 2

// Service implements VisibilityService.
type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

var _ saboresv1connect.VisibilityServiceHandler = (*Service)(nil)

// New returns the service.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: db.New(pool)}
}

// ListCountryProducts pages the products with a visibility record in a
// country, filtered by name, code or SKU regardless of accents and case.
func (s *Service) ListCountryProducts(ctx context.Context, req *connect.Request[saboresv1.ListCountryProductsRequest]) (*connect.Response[saboresv1.ListCountryProductsResponse], error) {
	m := req.Msg
	country, err := s.q.CountryConfigBySlug(ctx, m.Country)
	if err != nil {
		return nil, countryError(err, m.Country, -1)
	}
	window, err := paging.Page(m.Page, m.PageSize, pageSizes)
	if err != nil {
		return nil, err
	}
	filter := shop.EscapeLike(strings.TrimSpace(m.Filter))
	rows, err := s.q.VisibilityListCountryProducts(ctx, db.VisibilityListCountryProductsParams{
		Country: country.Slug, Filter: filter, PageLimit: window.Size, PageOffset: window.Offset,
	})
	if err != nil {
		return nil, fmt.Errorf("visibility: list %s: %w", country.Slug, err)
	}
	total, err := s.q.VisibilityCountCountryProducts(ctx, db.VisibilityCountCountryProductsParams{Country: country.Slug, Filter: filter})
	if err != nil {
		return nil, fmt.Errorf("visibility: count %s: %w", country.Slug, err)
	}
	out, err := apimap.AdminProductsOf(ctx, s.q, rows, func(r db.VisibilityListCountryProductsRow) db.Product { return r.Product })
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListCountryProductsResponse{TotalSize: int32(total), Country: apimap.CountryToProto(country)}
	for i, r := range rows {
		res.Products = append(res.Products, &saboresv1.CountryProduct{
			Product: out[i],
			Visible: r.IsVisible,
			Channel: apimap.Channel(r.SalesChannel),
		})
	}
	return connect.NewResponse(res), nil
}

// SearchAddableProducts finds at most 50 products, not yet visible in the
// country, whose name, code or SKU contains the query.
func (s *Service) SearchAddableProducts(ctx context.Context, req *connect.Request[saboresv1.SearchAddableProductsRequest]) (*connect.Response[saboresv1.SearchAddableProductsResponse], error) {
	m := req.Msg
	// Validation counts characters as sent; blanks around them match nothing.
	query := strings.TrimSpace(m.Query)
	if utf8.RuneCountInString(query) < minQueryLen {
		return nil, fault.InvalidField("query", "must have at least 2 characters")
	}
	if _, err := s.q.CountryConfigBySlug(ctx, m.Country); err != nil {
		return nil, countryError(err, m.Country, -1)
	}
	rows, err := s.q.VisibilitySearchAddable(ctx, db.VisibilitySearchAddableParams{
		Query: shop.EscapeLike(query), Country: m.Country,
	})
	if err != nil {
		return nil, fmt.Errorf("visibility: search addable for %s: %w", m.Country, err)
	}
	out, err := apimap.AdminProductsOf(ctx, s.q, rows, func(r db.VisibilitySearchAddableRow) db.Product { return r.Product })
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SearchAddableProductsResponse{Products: out}), nil
}

// SetProductChannel sets one product's channel in one country and says what
// happened, for the screen's toast.
func (s *Service) SetProductChannel(ctx context.Context, req *connect.Request[saboresv1.SetProductChannelRequest]) (*connect.Response[saboresv1.SetProductChannelResponse], error) {
	m := req.Msg
	res := &saboresv1.SetProductChannelResponse{}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		outcome, err := apply(ctx, q, m.ProductId, m.Country, m.Channel, -1, nil)
		if err != nil {
			return err
		}
		res.Outcome = outcome
		product, err := countryProduct(ctx, q, m.ProductId, m.Country)
		if err != nil {
			return err
		}
		res.Product = product
		return nil
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// BatchSetVisibility applies the pending changes in one transaction: one bad
// change (an unknown product or country) undoes them all, and the error
// names the change.
func (s *Service) BatchSetVisibility(ctx context.Context, req *connect.Request[saboresv1.BatchSetVisibilityRequest]) (*connect.Response[saboresv1.BatchSetVisibilityResponse], error) {
	res := &saboresv1.BatchSetVisibilityResponse{}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		ids := make([]int64, len(req.Msg.Changes))
		for i, c := range req.Msg.Changes {
			ids[i] = c.ProductId
		}
		if err := q.VisibilityLockProducts(ctx, ids); err != nil {
			return fmt.Errorf("visibility: lock the batch's products: %w", err)
		}
		// A batch usually edits one country's screen: look each country up once.
		countries := make(map[string]bool)
		for i, c := range req.Msg.Changes {
			outcome, err := apply(ctx, q, c.ProductId, c.Country, c.Channel, i, countries)
			if err != nil {
				return err
			}
			res.Outcomes = append(res.Outcomes, outcome)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// visibilityValue is a visibility record as the audit trail keeps it.
type visibilityValue struct {
	Visible bool   `json:"visible"`
	Channel string `json:"channel"`
}

// apply makes one change inside the caller's transaction (the spec's
// "Channel of a product in a country"): none deletes the record; a channel
// makes an existing record visible with it, or inserts one. index is the
// change's position in a batch, -1 for a single change, to name it in errors;
// known, when not nil, holds the countries the batch has already found.
func apply(ctx context.Context, q *db.Queries, productID int64, country string, channel saboresv1.SalesChannel, index int, known map[string]bool) (saboresv1.VisibilityOutcome, error) {
	// Locking the product serialises concurrent changes to it and tells an
	// unknown product apart from a missing record.
	if _, err := q.VisibilityLockProduct(ctx, productID); err != nil {
		return 0, productError(err, productID, index)
	}
	if !known[country] {
		if _, err := q.CountryConfigBySlug(ctx, country); err != nil {
			return 0, countryError(err, country, index)
		}
		if known != nil {
			known[country] = true
		}
	}
	cur, err := q.VisibilityGet(ctx, db.VisibilityGetParams{ProductID: productID, Country: country})
	exists := err == nil
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("visibility: read %d in %s: %w", productID, country, err)
	}
	entity := fmt.Sprintf("product:%d@%s", productID, country)
	var before *visibilityValue
	if exists {
		before = &visibilityValue{Visible: cur.IsVisible, Channel: cur.SalesChannel}
	}

	if channel == saboresv1.SalesChannel_SALES_CHANNEL_NONE {
		if !exists {
			return saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_UNCHANGED, nil
		}
		if err := q.VisibilityDelete(ctx, db.VisibilityDeleteParams{ProductID: productID, Country: country}); err != nil {
			return 0, fmt.Errorf("visibility: remove %s: %w", entity, err)
		}
		if err := shop.Audit(ctx, q, auth.Caller(ctx), "visibility.remove", entity, before, nil); err != nil {
			return 0, err
		}
		return saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_REMOVED, nil
	}

	stored, ok := apimap.StoredChannel(channel)
	if !ok {
		return 0, fault.InvalidField(field(index, "channel"), "must be online, physical, both or none")
	}
	after := &visibilityValue{Visible: true, Channel: stored}
	switch {
	case exists && *before == *after:
		return saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_UNCHANGED, nil
	case exists:
		if err := q.VisibilityUpdate(ctx, db.VisibilityUpdateParams{
			SalesChannel: stored, UpdatedBy: auth.ActorUserID(ctx), ProductID: productID, Country: country,
		}); err != nil {
			return 0, fmt.Errorf("visibility: update %s: %w", entity, err)
		}
		if err := shop.Audit(ctx, q, auth.Caller(ctx), "visibility.set", entity, before, after); err != nil {
			return 0, err
		}
		return saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_UPDATED, nil
	default:
		if err := q.VisibilityInsert(ctx, db.VisibilityInsertParams{
			ProductID: productID, Country: country, SalesChannel: stored,
			Company: auth.Company, UpdatedBy: auth.ActorUserID(ctx),
		}); err != nil {
			return 0, fmt.Errorf("visibility: insert %s: %w", entity, err)
		}
		if err := shop.Audit(ctx, q, auth.Caller(ctx), "visibility.set", entity, nil, after); err != nil {
			return 0, err
		}
		return saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_ADDED, nil
	}
}

// countryProduct is the product as seen in country after a change; nil when
// it has no record there.
func countryProduct(ctx context.Context, q *db.Queries, productID int64, country string) (*saboresv1.CountryProduct, error) {
	row, err := q.AdminGetProduct(ctx, productID)
	if err != nil {
		return nil, fmt.Errorf("visibility: read product %d: %w", productID, err)
	}
	product, err := apimap.AdminProduct(ctx, q, row.Product)
	if err != nil {
		return nil, err
	}
	for _, v := range product.Visibility {
		if v.Country == country {
			return &saboresv1.CountryProduct{Product: product, Visible: v.Visible, Channel: v.Channel}, nil
		}
	}
	return nil, nil
}

// field names a request field, inside the batch's list when index >= 0.
func field(index int, name string) string {
	if index < 0 {
		return name
	}
	return fmt.Sprintf("changes[%d].%s", index, name)
}

// productError turns a failed product lookup into NotFound naming the
// product (and the change of a batch).
func productError(err error, id int64, index int) error {
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("visibility: lock product %d: %w", id, err)
	}
	meta := map[string]string{"product_id": strconv.FormatInt(id, 10)}
	msg := fmt.Sprintf("product %d does not exist", id)
	if index >= 0 {
		meta["change_index"] = strconv.Itoa(index)
		msg = fmt.Sprintf("%s: %s", field(index, "product_id"), msg)
	}
	return &fault.Error{Kind: fault.NotFound, Reason: "PRODUCT_NOT_FOUND", Message: msg, Metadata: meta}
}

// countryError turns a failed country lookup into NotFound naming the
// country (and the change of a batch).
func countryError(err error, slug string, index int) error {
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("visibility: read country %s: %w", slug, err)
	}
	meta := map[string]string{"country": slug}
	msg := fmt.Sprintf("country %q does not exist", slug)
	if index >= 0 {
		meta["change_index"] = strconv.Itoa(index)
		msg = fmt.Sprintf("%s: %s", field(index, "country"), msg)
	}
	return &fault.Error{Kind: fault.NotFound, Reason: "COUNTRY_NOT_FOUND", Message: msg, Metadata: meta}
}
