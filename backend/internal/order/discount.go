package order

import (
	"context"
	"fmt"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/discount"
)

// applyCode checks the discount code typed against the priced cart of c,
// with userID's history as committed now, and takes it off c: its amount
// off the goods and, for a free-shipping code, the shipping, which is then
// not charged (the order's shipping_cents is 0 and the waived amount is
// kept with its discount). A refused code refuses the order: the shopper
// saw the discount in the cart and must not pay more than they were shown
// without being told.
func (s *Service) applyCode(ctx context.Context, userID int64, typed string, products []db.Product, c *checkout, now time.Time) error {
	applied, code, lines, err := discount.ForCart(ctx, s.queries, typed, userID, products, c.priced.Lines, now)
	if err != nil {
		return err
	}
	c.code, c.discount, c.discountLines = code, applied, lines
	if applied.FreeShipping {
		c.shippingWaived = c.priced.ShippingCents
		c.priced = c.priced.WithShipping(0)
	}
	return nil
}

// redeemCode counts the use of c's code for order orderID in the checkout
// transaction, once the customer's row is locked: the shopper's rules are
// checked again against their history as this transaction sees it (their
// concurrent checkouts queue on that lock), and the code's counter decides
// a race for its last use (discount.Redeem). nil without a code.
func redeemCode(ctx context.Context, q *db.Queries, c checkout, orderID, userID int64, now time.Time) (*discount.Sold, error) {
	if c.code.ID == 0 {
		return nil, nil
	}
	shopper, err := discount.History(ctx, q, c.code, userID)
	if err != nil {
		return nil, err
	}
	// The order being placed is already written, so it is one of the
	// shopper's orders here: not a past one.
	shopper.PastOrders = max(shopper.PastOrders-1, 0)
	if _, err := discount.Check(c.code, c.discountLines, shopper, now); err != nil {
		return nil, err
	}
	if err := discount.Redeem(ctx, q, c.discount, orderID, userID, c.shippingWaived); err != nil {
		return nil, err
	}
	return &discount.Sold{Code: c.discount.Code, AmountCents: c.discount.AmountCents, ShippingWaivedCents: c.shippingWaived, Parts: c.discount.Parts}, nil
}

// SoldDiscount reads the discount order orderID was sold with (the
// shopper's order page, the order desk's); nil for none.
func SoldDiscount(ctx context.Context, q *db.Queries, orderID int64) (*discount.Sold, error) {
	d, parts, ok, err := discount.OfOrder(ctx, q, orderID)
	if err != nil || !ok {
		return nil, err
	}
	return &discount.Sold{Code: d.Code, AmountCents: d.AmountCents, ShippingWaivedCents: d.ShippingWaivedCents, Parts: parts}, nil
}

// SoldDiscounts are the discounts orders ids were sold with, by order (a
// page of a list); an order without one is not in the map.
func SoldDiscounts(ctx context.Context, q *db.Queries, ids []int64) (map[int64]*discount.Sold, error) {
	rows, err := q.OrderDiscountsOf(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("order: discounts of %d orders: %w", len(ids), err)
	}
	out := make(map[int64]*discount.Sold, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	for _, d := range rows {
		out[d.OrderID] = &discount.Sold{Code: d.Code, AmountCents: d.AmountCents, ShippingWaivedCents: d.ShippingWaivedCents}
	}
	parts, err := q.OrderDiscountPartsOf(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("order: discount parts of %d orders: %w", len(ids), err)
	}
	for _, p := range parts {
		if d := out[p.OrderID]; d != nil {
			d.Parts = append(d.Parts, discount.Part{VATBasisPoints: p.VatBasisPoints, AmountCents: p.AmountCents, VATCents: p.VatCents})
		}
	}
	return out, nil
}
