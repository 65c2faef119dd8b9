package pricing

// Problem is why a cart line cannot be sold as it is.
type Problem int

// The problems a cart line can have, in the order they are reported.
const (
	// UnknownProduct: no product with the line's id is sold online. A
	// product sold only in shops is unknown here as it is to GetProduct, so
	// the cart tells nothing about it by id.
	UnknownProduct Problem = iota + 1
	// InvalidQuantity: the quantity is below 1.
	InvalidQuantity
	// OutOfStock: no unit is left.
	OutOfStock
	// InsufficientStock: fewer units are left than asked for.
	InsufficientStock
)

// LineInput is a cart line as the shopper's browser sends it: a product and
// a quantity, never a price.
type LineInput struct {
	ProductID int64
	Quantity  int32
}

// Item is what the shop knows about a product now: the only source of the
// prices a cart is charged.
type Item struct {
	ID             int64
	Name           string
	ImageURL       string
	PriceCents     int64
	VATBasisPoints int32
	Stock          int32
	SoldOnline     bool
	// Promotion is the promotion running now, nil for none.
	Promotion *Promotion
}

// Line is a priced cart line.
type Line struct {
	ProductID int64
	Quantity  int32
	// Item is the product; its zero value for an unknown product.
	Item Item
	// UnitPriceCents is what one unit costs now, promotion applied.
	UnitPriceCents int64
	// PromotionID and PromotionLabel name the promotion applied; 0 and "" for none.
	PromotionID    int64
	PromotionLabel string
	// ReferenceUnitCents is the price per unit PromotionLabel's reduction
	// is announced against (Announced), struck through beside the price;
	// 0 when no reduction is announced.
	ReferenceUnitCents int64
	// LineTotalCents and VATCents are what the line costs as it is, short
	// stock or not, so the cart's total matches what it holds; 0 when there
	// is no price to tell (unknown, not sold online) or no valid quantity.
	LineTotalCents int64
	VATCents       int64
	// AvailableStock is what can be sold online; 0 for an unknown product.
	AvailableStock int32
	Problems       []Problem
}

// Cart is a priced cart.
type Cart struct {
	Lines []Line
	// SubtotalCents is the goods' total, promotions applied: what a
	// free-shipping threshold is measured on.
	SubtotalCents int64
	// ShippingCents is the shipping charged (WithShipping); 0 until then.
	ShippingCents int64
	// VATCents is the VAT the total includes: the lines', and the
	// shipping's at the goods' rates.
	VATCents   int64
	TotalCents int64
	// Valid says every line can be sold as it is.
	Valid bool
}

// Goods are the lines' totals at their VAT rates, which a charge going
// with them follows (SplitCharge).
func (c Cart) Goods() []RateAmount {
	goods := make([]RateAmount, 0, len(c.Lines))
	for _, l := range c.Lines {
		if l.LineTotalCents > 0 {
			goods = append(goods, RateAmount{VATBasisPoints: l.Item.VATBasisPoints, AmountCents: l.LineTotalCents})
		}
	}
	return goods
}

// WithShipping is c charged shippingCents for its shipping: in the total,
// and the VAT it includes, at the goods' rates, in VATCents.
func (c Cart) WithShipping(shippingCents int64) Cart {
	c.ShippingCents = shippingCents
	c.TotalCents = c.SubtotalCents + shippingCents
	c.VATCents = TotalVAT(VATByRate(c.Goods(), shippingCents))
	return c
}

// unitPrice is what one unit of item costs now, and the discount applied
// when a promotion lowers it.
func unitPrice(item Item) (cents int64, d Discount, promoted bool) {
	if item.Promotion != nil {
		if d, ok := Apply(item.PriceCents, *item.Promotion); ok {
			return d.PriceCents, d, true
		}
	}
	return item.PriceCents, Discount{}, false
}

// PriceCart prices lines from items (the shop's current products by id),
// in the order given. Lines with problems are reported and make the cart
// invalid (checkout refuses it); a line short of stock still counts in the
// totals, which say what the cart holds, so a shopper sees a total beside
// the lines and the reason it cannot be ordered as it is, not a total of
// some lines. Shipping is not charged here: its price depends on where the
// goods go (package shipping), and WithShipping adds it.
func PriceCart(lines []LineInput, items map[int64]Item) Cart {
	cart := Cart{Lines: make([]Line, 0, len(lines)), Valid: true}
	for _, in := range lines {
		line := priceLine(in, items)
		if len(line.Problems) > 0 {
			cart.Valid = false
		}
		cart.SubtotalCents += line.LineTotalCents
		cart.VATCents += line.VATCents
		cart.Lines = append(cart.Lines, line)
	}
	cart.TotalCents = cart.SubtotalCents
	return cart
}

func priceLine(in LineInput, items map[int64]Item) Line {
	line := Line{ProductID: in.ProductID, Quantity: in.Quantity}
	item, found := items[in.ProductID]
	if !found || !item.SoldOnline {
		line.Problems = []Problem{UnknownProduct}
		return line
	}
	line.Item = item
	unit, discount, promoted := unitPrice(item)
	line.UnitPriceCents = unit
	if promoted {
		line.PromotionID = item.Promotion.ID
		line.PromotionLabel = discount.Label
		line.ReferenceUnitCents = Announced(item.PriceCents, *item.Promotion, discount)
	}
	line.AvailableStock = item.Stock
	if in.Quantity < 1 {
		line.Problems = append(line.Problems, InvalidQuantity)
	}
	switch {
	case item.Stock <= 0:
		line.Problems = append(line.Problems, OutOfStock)
	case in.Quantity > item.Stock:
		line.Problems = append(line.Problems, InsufficientStock)
	}
	if in.Quantity >= 1 {
		line.LineTotalCents = LineTotal(unit, in.Quantity)
		line.VATCents = IncludedVAT(line.LineTotalCents, item.VATBasisPoints)
	}
	return line
}
