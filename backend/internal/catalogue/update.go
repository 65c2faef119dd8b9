package catalogue

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// Pricing is what the back office's quick edit changes of a product: its
// price, VAT rate and online categories, checked by the caller.
type Pricing struct {
	PriceCents       int64
	VatBasisPoints   int32
	OnlineCategories []string
}

// UpdatePricing saves a product's pricing in its own transaction, as done
// by by: a new price enters the price history, and each changed field its
// audit row. Saving what is there changes nothing. It returns the product
// as stored.
func (s *Service) UpdatePricing(ctx context.Context, by audit.Caller, id int64, p Pricing) (db.Product, error) {
	var product db.Product
	err := s.withProduct(ctx, id, func(q *db.Queries, before db.Product) error {
		product = before
		if before.PriceCents == p.PriceCents && before.VatBasisPoints == p.VatBasisPoints && slices.Equal(before.OnlineCategories, p.OnlineCategories) {
			return nil
		}
		var err error
		if product, err = q.AdminUpdateProduct(ctx, db.AdminUpdateProductParams{
			PriceCents: p.PriceCents, VatBasisPoints: p.VatBasisPoints, OnlineCategories: p.OnlineCategories,
			UpdatedBy: userOf(by), ID: id,
		}); err != nil {
			return fmt.Errorf("catalogue: update product %d: %w", id, err)
		}
		return auditPricing(ctx, q, by, before, product)
	})
	return product, err
}

// auditPricing records each pricing field that changed between before and
// after, and a new price in the price history.
func auditPricing(ctx context.Context, q *db.Queries, by audit.Caller, before, after db.Product) error {
	entity := "product:" + strconv.FormatInt(after.ID, 10)
	if before.PriceCents != after.PriceCents {
		if err := RecordPrices(ctx, q, userOf(by), []int64{after.ID}, []int64{after.PriceCents}); err != nil {
			return err
		}
		if err := audit.Record(ctx, q, by, "product.price", entity,
			map[string]int64{"price_cents": before.PriceCents}, map[string]int64{"price_cents": after.PriceCents}); err != nil {
			return err
		}
	}
	if before.VatBasisPoints != after.VatBasisPoints {
		if err := audit.Record(ctx, q, by, "product.vat", entity,
			map[string]int32{"vat_basis_points": before.VatBasisPoints}, map[string]int32{"vat_basis_points": after.VatBasisPoints}); err != nil {
			return err
		}
	}
	if !slices.Equal(before.OnlineCategories, after.OnlineCategories) {
		return audit.Record(ctx, q, by, "product.online_categories", entity,
			map[string][]string{"online_categories": before.OnlineCategories},
			map[string][]string{"online_categories": after.OnlineCategories})
	}
	return nil
}

// userOf is by's user for the created_by and updated_by columns; nil for
// an API key, which acts for no user.
func userOf(by audit.Caller) *int64 {
	if by.UserID == 0 {
		return nil
	}
	return &by.UserID
}

// ProductNotFound turns a failed product lookup into PRODUCT_NOT_FOUND
// naming it.
func ProductNotFound(err error, id int64) error {
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("catalogue: read product %d: %w", id, err)
	}
	return &fault.Error{Kind: fault.NotFound, Reason: "PRODUCT_NOT_FOUND",
		Message: fmt.Sprintf("product %d does not exist", id), Metadata: map[string]string{"product_id": strconv.FormatInt(id, 10)}}
}

// SetArchived takes product id off the storefront (archive; the archive
// trigger of migration 00180 clears its sold_online flag) or brings it
// back, in its own transaction with the audit row by by; asking for the
// state it is in changes nothing. Nothing is deleted: orders and invoices
// keep pointing at it. It returns the product as stored.
func (s *Service) SetArchived(ctx context.Context, by audit.Caller, id int64, archive bool) (db.Product, error) {
	var p db.Product
	err := s.withProduct(ctx, id, func(q *db.Queries, before db.Product) error {
		p = before
		if (p.ArchivedAt != nil) == archive {
			return nil
		}
		var err error
		if p, err = q.SetProductArchived(ctx, db.SetProductArchivedParams{Archived: archive, UpdatedBy: userOf(by), ID: id}); err != nil {
			return fmt.Errorf("catalogue: archive product %d: %w", id, err)
		}
		action := "product.restore"
		if archive {
			action = "product.archive"
		}
		type state struct {
			Archived bool `json:"archived"`
		}
		return audit.Record(ctx, q, by, action, "product:"+strconv.FormatInt(id, 10), state{!archive}, state{archive})
	})
	return p, err
}
