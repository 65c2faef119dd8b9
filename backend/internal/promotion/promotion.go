// Package promotion is the business module of the shop's promotions: the
// back office's desk puts a product on promotion, changes one that has not
// ended and ends one, each a use case in its own transaction under the
// product's row lock, with its audit row. It knows neither Connect nor the
// generated contract: the desk's handler maps its form to Terms and the
// stored promotion back. The storefront's listing of the running ones is
// api/promotionapi; pricing holds the rules that price them.
package promotion

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// startGrace lets a start typed "now" in the form arrive a little late.
const startGrace = 5 * time.Minute

// Service runs the promotions' use cases on a pool.
type Service struct {
	pool *pgxpool.Pool
}

// New returns the module on pool.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool}
}

// Terms are a promotion's terms as the desk sends them: a type with its
// amount (a percentage's discount or a fixed price, not both) and a
// window. An unset start is now.
type Terms struct {
	Type                pricing.PromotionType
	DiscountBasisPoints int32
	FixedPriceCents     int64
	StartsAt            *time.Time
	EndsAt              time.Time
}

// terms are a promotion's terms as checked and stored, and as audited.
type terms struct {
	Type                string     `json:"type"`
	DiscountBasisPoints *int32     `json:"discount_basis_points,omitempty"`
	FixedPriceCents     *int64     `json:"fixed_price_cents,omitempty"`
	StartsAt            *time.Time `json:"starts_at"`
	EndsAt              *time.Time `json:"ends_at"`
}

// check checks what the contract's rules cannot: the amount that goes with
// the type, and an end after the start.
func (in Terms) check(now time.Time) (terms, error) {
	var t terms
	switch in.Type {
	case pricing.Percentage:
		bp := in.DiscountBasisPoints
		if bp < 1 || in.FixedPriceCents != 0 {
			return t, fault.InvalidField("terms.discount_basis_points", "a percentage needs a discount from 0.01 % to 99.99 % and no fixed price")
		}
		t.Type, t.DiscountBasisPoints = "percentage", &bp
	case pricing.FixedPrice:
		price := in.FixedPriceCents
		if in.DiscountBasisPoints != 0 {
			return t, fault.InvalidField("terms.fixed_price_cents", "a fixed price has no discount percentage")
		}
		t.Type, t.FixedPriceCents = "fixed_price", &price
	default:
		return t, fault.InvalidField("terms.type", "must be a percentage or a fixed price")
	}
	start := now
	if in.StartsAt != nil {
		start = *in.StartsAt
	}
	end := in.EndsAt
	if !end.After(start) {
		return t, fault.InvalidField("terms.end_time", "must be after the start")
	}
	t.StartsAt, t.EndsAt = &start, &end
	return t, nil
}

// checkTerms refuses, under the product's row lock, a fixed price that is
// no reduction and a window overlapping another promotion of the product
// that has not ended (except the one being edited, self).
func checkTerms(ctx context.Context, q *db.Queries, product db.Product, t terms, self int64, now time.Time) error {
	if t.FixedPriceCents != nil && *t.FixedPriceCents >= product.PriceCents {
		return &fault.Error{Kind: fault.Invalid, Reason: "PROMOTION_NOT_A_REDUCTION",
			Message:  fmt.Sprintf("the fixed price must be below the regular price of %d cents", product.PriceCents),
			Metadata: map[string]string{"regular_price_cents": strconv.FormatInt(product.PriceCents, 10)}}
	}
	others, err := q.PromotionsOfProduct(ctx, db.PromotionsOfProductParams{ProductID: product.ID, Now: now})
	if err != nil {
		return fmt.Errorf("promotion: promotions of product %d: %w", product.ID, err)
	}
	mine := pricing.Window{Start: t.StartsAt, End: t.EndsAt}
	for _, o := range others {
		if o.ID == self || !pricing.Overlaps(mine, pricing.Window{Start: o.StartsAt, End: o.EndsAt}) {
			continue
		}
		meta := map[string]string{"promotion_id": strconv.FormatInt(o.ID, 10), "start": "", "end": ""}
		if o.StartsAt != nil {
			meta["start"] = o.StartsAt.UTC().Format(time.RFC3339)
		}
		if o.EndsAt != nil {
			meta["end"] = o.EndsAt.UTC().Format(time.RFC3339)
		}
		return &fault.Error{Kind: fault.Refused, Reason: "PROMOTION_OVERLAP",
			Message:  fmt.Sprintf("promotion %d of this product runs at the same time", o.ID),
			Metadata: meta}
	}
	return nil
}

// checkHistory refuses a promotion starting before its product has
// pricing.PriceHistoryDays of price history, naming the day from which it
// may start: its "lowest price of the last 30 days" would be a price never
// charged for 30 days (issue 37).
func checkHistory(ctx context.Context, q *db.Queries, productID int64, start time.Time) error {
	first, err := q.ProductFirstPriced(ctx, productID)
	if err != nil {
		return fmt.Errorf("promotion: first price of product %d: %w", productID, err)
	}
	if pricing.HasPriceHistory(first, start) {
		return nil
	}
	earliest := pricing.EarliestReduction(first)
	return &fault.Error{Kind: fault.Refused, Reason: "PROMOTION_PRICE_HISTORY_SHORT",
		Message: fmt.Sprintf("the product has less than %d days of price history: a promotion may start from %s",
			pricing.PriceHistoryDays, earliest.UTC().Format(time.RFC3339)),
		Metadata: map[string]string{"earliest_start": earliest.UTC().Format(time.RFC3339)}}
}

// Create puts product productID on promotion at now, in its own
// transaction under the product's row lock, with the audit row naming by,
// and returns the promotion as stored.
func (s *Service) Create(ctx context.Context, by audit.Caller, now time.Time, productID int64, in Terms) (db.AdminGetPromotionRow, error) {
	var out db.AdminGetPromotionRow
	t, err := in.check(now)
	if err != nil {
		return out, err
	}
	if t.StartsAt.Before(now.Add(-startGrace)) {
		return out, startsInPast()
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.AdminGetProductForUpdate(ctx, productID)
		if err != nil {
			return catalogue.ProductNotFound(err, productID)
		}
		if err := checkTerms(ctx, q, row.Product, t, 0, now); err != nil {
			return err
		}
		if err := checkHistory(ctx, q, productID, *t.StartsAt); err != nil {
			return err
		}
		id, err := q.InsertPromotion(ctx, db.InsertPromotionParams{
			ProductID: productID, PromotionType: t.Type, DiscountBasisPoints: t.DiscountBasisPoints,
			FixedPriceCents: t.FixedPriceCents, StartsAt: t.StartsAt, EndsAt: t.EndsAt,
		})
		if err != nil {
			return fmt.Errorf("promotion: create promotion: %w", err)
		}
		if out, err = read(ctx, q, id); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "promotion.create", entity(id), nil,
			struct {
				ProductID int64 `json:"product_id"`
				terms
			}{productID, t})
	})
	return out, err
}

// Update changes promotion id, which must not have ended at now, in its own
// transaction under its product's row lock, with the audit row naming by.
// A start already passed may stay where it is, not move into the past.
func (s *Service) Update(ctx context.Context, by audit.Caller, now time.Time, id int64, in Terms) (db.AdminGetPromotionRow, error) {
	var out db.AdminGetPromotionRow
	t, err := in.check(now)
	if err != nil {
		return out, err
	}
	err = s.withPromotion(ctx, id, func(q *db.Queries, product db.Product, before db.AdminGetPromotionRow) error {
		if StateOf(before, now) == Ended {
			return ended(id)
		}
		if t.StartsAt.Before(now.Add(-startGrace)) && (before.StartsAt == nil || !t.StartsAt.Equal(*before.StartsAt)) {
			return startsInPast()
		}
		if err := checkTerms(ctx, q, product, t, id, now); err != nil {
			return err
		}
		// A start kept where it was was checked when it was set.
		if before.StartsAt == nil || !t.StartsAt.Equal(*before.StartsAt) {
			if err := checkHistory(ctx, q, product.ID, *t.StartsAt); err != nil {
				return err
			}
		}
		if err := q.UpdatePromotion(ctx, db.UpdatePromotionParams{
			PromotionType: t.Type, DiscountBasisPoints: t.DiscountBasisPoints, FixedPriceCents: t.FixedPriceCents,
			StartsAt: t.StartsAt, EndsAt: t.EndsAt, ID: id,
		}); err != nil {
			return fmt.Errorf("promotion: update promotion %d: %w", id, err)
		}
		var err error
		if out, err = read(ctx, q, id); err != nil {
			return err
		}
		old := terms{Type: before.PromotionType, DiscountBasisPoints: before.DiscountBasisPoints,
			FixedPriceCents: before.FixedPriceCents, StartsAt: before.StartsAt, EndsAt: before.EndsAt}
		return audit.Record(ctx, q, by, "promotion.update", entity(id), old, t)
	})
	return out, err
}

// End ends promotion id at now if it runs, or withdraws it if scheduled,
// in its own transaction under its product's row lock, with the audit row
// naming by; one already ended stays as it is, unaudited.
func (s *Service) End(ctx context.Context, by audit.Caller, now time.Time, id int64) (db.AdminGetPromotionRow, error) {
	var out db.AdminGetPromotionRow
	err := s.withPromotion(ctx, id, func(q *db.Queries, _ db.Product, before db.AdminGetPromotionRow) error {
		state := StateOf(before, now)
		if state != Ended {
			if err := q.EndPromotion(ctx, db.EndPromotionParams{Now: now, ID: id}); err != nil {
				return fmt.Errorf("promotion: end promotion %d: %w", id, err)
			}
		}
		var err error
		if out, err = read(ctx, q, id); err != nil {
			return err
		}
		if state == Ended {
			return nil
		}
		type ending struct {
			State  string     `json:"state"`
			EndsAt *time.Time `json:"ends_at"`
		}
		return audit.Record(ctx, q, by, "promotion.end", entity(id),
			ending{State: state.String(), EndsAt: before.EndsAt}, ending{State: "ended", EndsAt: &now})
	})
	return out, err
}

// withPromotion runs fn in a transaction holding the row lock of the
// promotion's product (the lock every promotion change of a product
// takes, so the overlap check sees every other change), with the
// promotion as it is then.
func (s *Service) withPromotion(ctx context.Context, id int64, fn func(*db.Queries, db.Product, db.AdminGetPromotionRow) error) error {
	first, err := db.New(s.pool).AdminGetPromotion(ctx, id)
	if err != nil {
		return notFound(err, id)
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.AdminGetProductForUpdate(ctx, first.ProductID)
		if err != nil {
			return catalogue.ProductNotFound(err, first.ProductID)
		}
		current, err := q.AdminGetPromotion(ctx, id)
		if err != nil {
			return notFound(err, id)
		}
		return fn(q, row.Product, current)
	})
}

func read(ctx context.Context, q *db.Queries, id int64) (db.AdminGetPromotionRow, error) {
	row, err := q.AdminGetPromotion(ctx, id)
	if err != nil {
		return row, notFound(err, id)
	}
	return row, nil
}

// State is where a promotion stands at an instant.
type State int

// The states of a promotion.
const (
	Running State = iota
	Scheduled
	Ended
)

// String names the state as the audit trail has always recorded it.
func (s State) String() string {
	return [...]string{"PROMOTION_STATE_RUNNING", "PROMOTION_STATE_SCHEDULED", "PROMOTION_STATE_ENDED"}[s]
}

// StateOf says where a promotion stands at now, by pricing.Running's
// reading of its window.
func StateOf(r db.AdminGetPromotionRow, now time.Time) State {
	switch {
	case !r.IsActive || r.EndsAt != nil && r.EndsAt.Before(now):
		return Ended
	case r.StartsAt != nil && r.StartsAt.After(now):
		return Scheduled
	default:
		return Running
	}
}

func entity(id int64) string { return "promotion:" + strconv.FormatInt(id, 10) }

func startsInPast() error {
	return &fault.Error{Kind: fault.Invalid, Reason: "PROMOTION_STARTS_IN_PAST", Field: "terms.start_time",
		Message: "terms.start_time: a promotion cannot start in the past", Metadata: map[string]string{"field": "terms.start_time"}}
}

func ended(id int64) error {
	return &fault.Error{Kind: fault.Refused, Reason: "PROMOTION_ENDED",
		Message: fmt.Sprintf("promotion %d has ended", id), Metadata: map[string]string{"promotion_id": strconv.FormatInt(id, 10)}}
}

func notFound(err error, id int64) error {
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("promotion: read promotion %d: %w", id, err)
	}
	return &fault.Error{Kind: fault.NotFound, Reason: "PROMOTION_NOT_FOUND",
		Message: fmt.Sprintf("promotion %d does not exist", id), Metadata: map[string]string{"promotion_id": strconv.FormatInt(id, 10)}}
}
