package till

import (
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/gtin"
	"github.com/sabores/sabores/backend/internal/money"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// ReasonWeightNeeded refuses a product sold by weight without its scale's label.
const ReasonWeightNeeded = "TILL_WEIGHT_NEEDED"

// WeighedCents is what grams of a product at perKg cents a kilogram cost,
// VAT included, rounded half up to a whole cent: 1.235 kg at 12,50 €/kg is
// 15,4375 € and costs 15,44 €. Shop scales round so, and the ticket shows
// the weight and the price per kilogram the customer can check it against.
func WeighedCents(perKg int64, grams int32) int64 {
	return (perKg*int64(grams) + 500) / 1000
}

// pricedLine is a basket line as sold: what the order and invoice record
// and what it takes from the stock (units, or grams of a weighed product).
type pricedLine struct {
	name     string
	quantity int32
	unit     int64
	total    int64
	grams    *int32
	take     int64
	// discount is what the owner's line discount took off total.
	discount int64
}

// price prices line l of product p. A line with a scale's code is priced
// from the code, read again here rather than trusted from the screen: its
// weight at the product's price per kilogram, or the price the scale
// printed; it is one line of quantity 1 whose unit price is its amount, so
// the invoice's lines add up as for any other product.
func (s *Service) price(l LineInput, p db.TillLockProductsRow) (pricedLine, error) {
	if l.Code == "" {
		if s.layout.ItemKind(p.Ean) == gtin.Weight {
			return pricedLine{}, &fault.Error{Kind: fault.Refused, Reason: ReasonWeightNeeded, Field: "lines",
				Message: fmt.Sprintf("%s is sold by weight: scan its scale's label", p.Name)}
		}
		if l.Quantity <= 0 {
			return pricedLine{}, fault.InvalidField("lines", "each line sells one unit or more")
		}
		return pricedLine{name: p.Name, quantity: l.Quantity, unit: p.PriceCents,
			total: pricing.LineTotal(p.PriceCents, l.Quantity), take: int64(l.Quantity)}, nil
	}
	m, err := gtin.ParseMeasure(l.Code, s.layout)
	if err != nil {
		return pricedLine{}, fault.InvalidField("lines", fmt.Sprintf("%s: %v", l.Code, err))
	}
	if m.ItemGTIN() != p.Ean {
		return pricedLine{}, fault.InvalidField("lines", fmt.Sprintf("%s is not the label of %s", l.Code, p.Name))
	}
	if m.Kind == gtin.Price {
		return pricedLine{name: p.Name, quantity: 1, unit: m.Value, total: m.Value, take: 1}, nil
	}
	grams := int32(m.Value) //nolint:gosec // five digits
	total := WeighedCents(p.PriceCents, grams)
	return pricedLine{
		name:     weighedName(p.Name, grams, p.PriceCents),
		quantity: 1, unit: total, total: total, grams: &grams, take: int64(grams),
	}, nil
}

// weighedName is a weighed line's description on the ticket and the
// invoice: the weight and price per kilogram the amount comes from, written
// alike in Spanish and Portuguese ("Queso 1,235 kg × 12,50 €/kg").
func weighedName(name string, grams int32, perKg int64) string {
	return fmt.Sprintf("%s %d,%03d kg × %s/kg", name, grams/1000, grams%1000, money.Format(perKg, "es"))
}
