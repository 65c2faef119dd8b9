package discount

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// FromRow is a stored code.
func FromRow(r db.DiscountCode) Code {
	return Code{
		ID: r.ID, Code: r.Code, Kind: Kind(r.Kind), PercentBasisPoints: r.PercentBasisPoints,
		AmountCents: r.AmountCents, MinimumCents: r.MinimumCents,
		StartsOn: madridDate(r.StartsOn), EndsOn: madridDate(r.EndsOn),
		MaxUses: r.MaxUses, MaxUsesPerShopper: r.MaxUsesPerShopper, Uses: r.Uses,
		FirstOrderOnly: r.FirstOrderOnly, FreeShipping: r.FreeShipping,
		ExcludedProducts: r.ExcludedProductIds, ExcludedCategories: r.ExcludedCategories,
		Paused: r.PausedAt != nil,
	}
}

// madridDate is a stored day as the start of that day in Madrid; the zero
// time for none.
func madridDate(d pgtype.Date) time.Time {
	if !d.Valid {
		return time.Time{}
	}
	return time.Date(d.Time.Year(), d.Time.Month(), d.Time.Day(), 0, 0, 0, 0, shoptime.Madrid)
}

// Lookup reads the code a shopper typed; one that does not exist is a Code
// without an ID, which Check refuses as unknown.
func Lookup(ctx context.Context, q *db.Queries, typed string) (Code, error) {
	code := Normalize(typed)
	row, err := q.DiscountCodeByCode(ctx, code)
	if errors.Is(err, pgx.ErrNoRows) {
		return Code{Code: code}, nil
	}
	if err != nil {
		return Code{}, fmt.Errorf("discount: read code %q: %w", code, err)
	}
	return FromRow(row), nil
}

// History reads userID's uses of code and their orders so far (shopper
// rules); inside PlaceOrder's transaction, after the customer's row lock,
// so one shopper's concurrent checkouts count each other.
func History(ctx context.Context, q *db.Queries, code Code, userID int64) (Shopper, error) {
	if code.ID == 0 || userID == 0 {
		return Shopper{}, nil
	}
	h, err := q.ShopperDiscountHistory(ctx, db.ShopperDiscountHistoryParams{CodeID: code.ID, UserID: userID})
	if err != nil {
		return Shopper{}, fmt.Errorf("discount: history of user %d with %s: %w", userID, code.Code, err)
	}
	return Shopper{Known: true, CodeUses: h.CodeUses, PastOrders: h.PastOrders}, nil
}

// LinesOf are priced lines as a code sees them, with each product's
// category from products.
func LinesOf(products []db.Product, lines []pricing.Line) []Line {
	category := make(map[int64]string, len(products))
	for _, p := range products {
		category[p.ID] = p.Category
	}
	out := make([]Line, 0, len(lines))
	for _, l := range lines {
		out = append(out, Line{ProductID: l.ProductID, Category: category[l.ProductID], VATBasisPoints: l.Item.VATBasisPoints, TotalCents: l.LineTotalCents})
	}
	return out
}

// Redeem counts one use of applied's code for order orderID of userID and
// writes the order's discount, in the caller's (PlaceOrder's) transaction:
// the conditional update on the code's counter decides a race for its last
// use, and the loser is refused with the reason its code now has.
// shippingWaivedCents is the shipping a free-shipping code did not charge.
func Redeem(ctx context.Context, q *db.Queries, applied Applied, orderID, userID, shippingWaivedCents int64) error {
	if _, err := q.ClaimDiscountCodeUse(ctx, applied.CodeID); err != nil {
		if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("discount: count a use of %s: %w", applied.Code, err)
		}
		row, rerr := q.DiscountCodeByID(ctx, applied.CodeID)
		if rerr != nil {
			return fmt.Errorf("discount: read %s back: %w", applied.Code, rerr)
		}
		code := FromRow(row)
		if code.Paused {
			return &Refusal{Reason: ReasonUnknown, Code: code.Code}
		}
		return &Refusal{Reason: ReasonLimitReached, Code: code.Code}
	}
	p := db.InsertOrderDiscountParams{
		OrderID: orderID, CodeID: applied.CodeID, Code: applied.Code, UserID: userID,
		AmountCents: applied.AmountCents, ShippingWaivedCents: shippingWaivedCents,
		VatBasisPoints: []int32{}, PartAmountsCents: []int64{}, PartVatCents: []int64{},
	}
	for _, part := range applied.Parts {
		p.VatBasisPoints = append(p.VatBasisPoints, part.VATBasisPoints)
		p.PartAmountsCents = append(p.PartAmountsCents, part.AmountCents)
		p.PartVatCents = append(p.PartVatCents, part.VATCents)
	}
	if err := q.InsertOrderDiscount(ctx, p); err != nil {
		return fmt.Errorf("discount: record %s on order %d: %w", applied.Code, orderID, err)
	}
	// The lines were checked in line order: line i is line_no i+1.
	lines := db.InsertOrderLineDiscountsParams{OrderID: orderID, LineNos: []int32{}, AmountsCents: []int64{}}
	for i, cents := range applied.LineCents {
		if cents > 0 {
			lines.LineNos = append(lines.LineNos, int32(i+1))
			lines.AmountsCents = append(lines.AmountsCents, cents)
		}
	}
	if err := q.InsertOrderLineDiscounts(ctx, lines); err != nil {
		return fmt.Errorf("discount: lines' shares of %s on order %d: %w", applied.Code, orderID, err)
	}
	return nil
}

// OfOrder is the discount order orderID was sold with: its code, amount,
// waived shipping and parts by rate; ok is false for an order without one.
func OfOrder(ctx context.Context, q *db.Queries, orderID int64) (d db.OrderDiscount, parts []Part, ok bool, err error) {
	d, err = q.OrderDiscount(ctx, orderID)
	if errors.Is(err, pgx.ErrNoRows) {
		return d, nil, false, nil
	}
	if err != nil {
		return d, nil, false, fmt.Errorf("discount: discount of order %d: %w", orderID, err)
	}
	rows, err := q.OrderDiscountParts(ctx, orderID)
	if err != nil {
		return d, nil, false, fmt.Errorf("discount: parts of order %d: %w", orderID, err)
	}
	for _, r := range rows {
		parts = append(parts, Part{VATBasisPoints: r.VatBasisPoints, AmountCents: r.AmountCents, VATCents: r.VatCents})
	}
	return d, parts, true, nil
}

// ForCart is what the code typed takes off priced lines of products for
// userID (0 before sign-in: the shopper's own rules then wait for
// checkout) at now, as ValidateCart shows it and PlaceOrder first checks
// it; the code and lines are returned for PlaceOrder's second check.
func ForCart(ctx context.Context, q *db.Queries, typed string, userID int64, products []db.Product, lines []pricing.Line, now time.Time) (Applied, Code, []Line, error) {
	code, err := Lookup(ctx, q, typed)
	if err != nil {
		return Applied{}, Code{}, nil, err
	}
	shopper, err := History(ctx, q, code, userID)
	if err != nil {
		return Applied{}, Code{}, nil, err
	}
	codeLines := LinesOf(products, lines)
	applied, err := Check(code, codeLines, shopper, now)
	return applied, code, codeLines, err
}

// Release gives the use of cancelled order orderID back to its code, in
// the cancellation's transaction (after its products' locks, as PlaceOrder
// takes the code's row last too): a cancelled order does not use up a code,
// nor count against its shopper. Nothing for an order without a code, or
// one released already.
func Release(ctx context.Context, q *db.Queries, orderID int64) error {
	if _, err := q.ReleaseOrderDiscount(ctx, orderID); err != nil {
		return fmt.Errorf("discount: give back the use of order %d: %w", orderID, err)
	}
	return nil
}
