// Package visibility is the business module of which product is sold in
// which country, and through which channel, as the back office manages it:
// each change is audited in its transaction, and a batch is all or nothing.
package visibility

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// pageSizes are the country products screen's page sizes.
var pageSizes = paging.Sizes{Default: 20, Max: 100}

// minQueryLen is where the add-products search starts (spec §5).
const minQueryLen = 2

// None is the channel that takes a product out of a country: its record is
// deleted. Any other value than None and pricing's three channels is
// refused as an invalid channel.
const None pricing.Channel = "none"

// Outcome is what one change did, for the screen's toast.
type Outcome int

// The outcomes of a change.
const (
	Unchanged Outcome = iota
	Added
	Updated
	Removed
)

// Change sets one product's channel in one country.
type Change struct {
	ProductID int64
	Country   string
	Channel   pricing.Channel
}

// Service holds the visibility use cases.
type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

// New returns the module.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: db.New(pool)}
}

// CountryPage is one page of the products with a record in a country.
type CountryPage struct {
	Country db.Country
	Rows    []db.VisibilityListCountryProductsRow
	Total   int64
}

// ListCountry pages the products with a visibility record in a country,
// filtered by name, code or SKU regardless of accents and case.
func (s *Service) ListCountry(ctx context.Context, slug string, page, pageSize int32, filter string) (CountryPage, error) {
	country, err := s.q.CountryConfigBySlug(ctx, slug)
	if err != nil {
		return CountryPage{}, countryError(err, slug, -1)
	}
	window, err := paging.Page(page, pageSize, pageSizes)
	if err != nil {
		return CountryPage{}, err
	}
	like := paging.EscapeLike(strings.TrimSpace(filter))
	rows, err := s.q.VisibilityListCountryProducts(ctx, db.VisibilityListCountryProductsParams{
		Country: country.Slug, Filter: like, PageLimit: window.Size, PageOffset: window.Offset,
	})
	if err != nil {
		return CountryPage{}, fmt.Errorf("visibility: list %s: %w", country.Slug, err)
	}
	total, err := s.q.VisibilityCountCountryProducts(ctx, db.VisibilityCountCountryProductsParams{Country: country.Slug, Filter: like})
	if err != nil {
		return CountryPage{}, fmt.Errorf("visibility: count %s: %w", country.Slug, err)
	}
	return CountryPage{Country: country, Rows: rows, Total: total}, nil
}

// SearchAddable finds at most 50 products, not yet visible in the country,
// whose name, code or SKU contains the query.
func (s *Service) SearchAddable(ctx context.Context, country, query string) ([]db.VisibilitySearchAddableRow, error) {
	// Validation counts characters as sent; blanks around them match nothing.
	query = strings.TrimSpace(query)
	if utf8.RuneCountInString(query) < minQueryLen {
		return nil, fault.InvalidField("query", "must have at least 2 characters")
	}
	if _, err := s.q.CountryConfigBySlug(ctx, country); err != nil {
		return nil, countryError(err, country, -1)
	}
	rows, err := s.q.VisibilitySearchAddable(ctx, db.VisibilitySearchAddableParams{
		Query: paging.EscapeLike(query), Country: country,
	})
	if err != nil {
		return nil, fmt.Errorf("visibility: search addable for %s: %w", country, err)
	}
	return rows, nil
}

// Set sets one product's channel in one country in one transaction and
// returns what happened and the product as it is after the change.
func (s *Service) Set(ctx context.Context, c Change) (Outcome, db.Product, error) {
	var (
		outcome Outcome
		product db.Product
	)
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var err error
		if outcome, err = apply(ctx, q, c, -1, nil); err != nil {
			return err
		}
		row, err := q.AdminGetProduct(ctx, c.ProductID)
		if err != nil {
			return fmt.Errorf("visibility: read product %d: %w", c.ProductID, err)
		}
		product = row.Product
		return nil
	})
	if err != nil {
		return 0, db.Product{}, err
	}
	return outcome, product, nil
}

// SetBatch applies the pending changes in one transaction: one bad change
// (an unknown product or country) undoes them all, and the error names the
// change.
func (s *Service) SetBatch(ctx context.Context, changes []Change) ([]Outcome, error) {
	var outcomes []Outcome
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		ids := make([]int64, len(changes))
		for i, c := range changes {
			ids[i] = c.ProductID
		}
		if err := q.VisibilityLockProducts(ctx, ids); err != nil {
			return fmt.Errorf("visibility: lock the batch's products: %w", err)
		}
		// A batch usually edits one country's screen: look each country up once.
		countries := make(map[string]bool)
		for i, c := range changes {
			outcome, err := apply(ctx, q, c, i, countries)
			if err != nil {
				return err
			}
			outcomes = append(outcomes, outcome)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return outcomes, nil
}

// visibilityValue is a visibility record as the audit trail keeps it.
type visibilityValue struct {
	Visible bool   `json:"visible"`
	Channel string `json:"channel"`
}

// apply makes one change inside the caller's transaction (the spec's
// "Channel of a product in a country"): None deletes the record; a channel
// makes an existing record visible with it, or inserts one. index is the
// change's position in a batch, -1 for a single change, to name it in errors;
// known, when not nil, holds the countries the batch has already found.
func apply(ctx context.Context, q *db.Queries, c Change, index int, known map[string]bool) (Outcome, error) {
	productID, country := c.ProductID, c.Country
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

	if c.Channel == None {
		if !exists {
			return Unchanged, nil
		}
		if err := q.VisibilityDelete(ctx, db.VisibilityDeleteParams{ProductID: productID, Country: country}); err != nil {
			return 0, fmt.Errorf("visibility: remove %s: %w", entity, err)
		}
		if err := audit.Record(ctx, q, auth.Caller(ctx), "visibility.remove", entity, before, nil); err != nil {
			return 0, err
		}
		return Removed, nil
	}

	switch c.Channel {
	case pricing.ChannelOnline, pricing.ChannelPhysical, pricing.ChannelBoth:
	default:
		return 0, fault.InvalidField(field(index, "channel"), "must be online, physical, both or none")
	}
	stored := string(c.Channel)
	after := &visibilityValue{Visible: true, Channel: stored}
	switch {
	case exists && *before == *after:
		return Unchanged, nil
	case exists:
		if err := q.VisibilityUpdate(ctx, db.VisibilityUpdateParams{
			SalesChannel: stored, UpdatedBy: auth.ActorUserID(ctx), ProductID: productID, Country: country,
		}); err != nil {
			return 0, fmt.Errorf("visibility: update %s: %w", entity, err)
		}
		if err := audit.Record(ctx, q, auth.Caller(ctx), "visibility.set", entity, before, after); err != nil {
			return 0, err
		}
		return Updated, nil
	default:
		if err := q.VisibilityInsert(ctx, db.VisibilityInsertParams{
			ProductID: productID, Country: country, SalesChannel: stored,
			Company: auth.Company, UpdatedBy: auth.ActorUserID(ctx),
		}); err != nil {
			return 0, fmt.Errorf("visibility: insert %s: %w", entity, err)
		}
		if err := audit.Record(ctx, q, auth.Caller(ctx), "visibility.set", entity, nil, after); err != nil {
			return 0, err
		}
		return Added, nil
	}
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
