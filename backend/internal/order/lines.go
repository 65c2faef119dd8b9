package order

import (
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// addLines snapshots the priced lines into the new order as sold: name,
// image, prices, promotion and VAT, so later catalogue edits never rewrite
// the order.
func addLines(p *db.PlaceOrderParams, lines []pricing.Line) {
	for i, l := range lines {
		p.LineNos = append(p.LineNos, int32(i+1))
		p.ProductIds = append(p.ProductIds, l.ProductID)
		p.ProductNames = append(p.ProductNames, l.Item.Name)
		p.ImageUrls = append(p.ImageUrls, l.Item.ImageURL)
		p.Quantities = append(p.Quantities, l.Quantity)
		p.UnitPricesCents = append(p.UnitPricesCents, l.UnitPriceCents)
		p.RegularUnitPricesCents = append(p.RegularUnitPricesCents, l.Item.PriceCents)
		p.PromotionIds = append(p.PromotionIds, l.PromotionID)
		p.PromotionLabels = append(p.PromotionLabels, l.PromotionLabel)
		p.VatBasisPoints = append(p.VatBasisPoints, l.Item.VATBasisPoints)
		p.LineTotalsCents = append(p.LineTotalsCents, l.LineTotalCents)
	}
}

// soldLines are the lines addLines wrote for order orderID, in line order,
// for the answer to PlaceOrder: what a shopper sees of a line comes from
// the priced line as written, so they are not read back.
func soldLines(orderID int64, lines []pricing.Line) []db.OrderLine {
	out := make([]db.OrderLine, len(lines))
	for i, l := range lines {
		out[i] = db.OrderLine{
			OrderID: orderID, LineNo: int32(i + 1), ProductID: l.ProductID, ProductName: l.Item.Name,
			ImageURL: l.Item.ImageURL, Quantity: l.Quantity, UnitPriceCents: l.UnitPriceCents,
			RegularUnitPriceCents: l.Item.PriceCents, PromotionLabel: l.PromotionLabel,
			VatBasisPoints: l.Item.VATBasisPoints, LineTotalCents: l.LineTotalCents,
		}
		if l.PromotionID != 0 {
			out[i].PromotionID = &l.PromotionID
		}
	}
	return out
}
