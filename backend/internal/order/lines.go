package order

import (
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// linesParams snapshots the priced lines as sold: name, image, prices,
// promotion and VAT, so later catalogue edits never rewrite the order.
func linesParams(orderID int64, lines []pricing.Line) db.InsertOrderLinesParams {
	p := db.InsertOrderLinesParams{OrderID: orderID}
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
	return p
}
