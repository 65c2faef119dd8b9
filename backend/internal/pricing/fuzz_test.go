package pricing_test

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/pricing"
)

// FuzzPriceCart prices a cart line as a browser may send it (any product
// id, any quantity the contract lets through, ±1 000 000) against a product
// with any price up to 1 000 000 € and any stock: no panic, no negative or
// overflowed amount, and a valid cart only when every line can be sold.
func FuzzPriceCart(f *testing.F) {
	f.Add(int64(1), int32(1), int64(250), int32(1000), int32(5), true, int32(0))
	f.Add(int64(1), int32(0), int64(250), int32(1000), int32(5), true, int32(20))
	f.Add(int64(1), int32(-1), int64(0), int32(0), int32(0), false, int32(100))
	f.Add(int64(2), int32(1000000), int64(100000000), int32(10000), int32(2147483647), true, int32(50))
	f.Add(int64(-1), int32(1000000), int64(1), int32(2100), int32(-3), true, int32(-10))
	f.Fuzz(func(t *testing.T, id int64, qty int32, price int64, vat, stock int32, online bool, discount int32) {
		if qty < -1000000 || qty > 1000000 || price < 0 || price > 100000000 || vat < 0 || vat > 10000 || stock < 0 {
			t.Skip("outside what the contract and the schema allow")
		}
		item := pricing.Item{ID: 1, Name: "x", PriceCents: price, VATBasisPoints: vat, Stock: stock, SoldOnline: online}
		if discount > 0 && discount <= 10000 {
			item.Promotion = &pricing.Promotion{ID: 9, Type: pricing.Percentage, DiscountBasisPoints: discount}
		}
		c := pricing.PriceCart([]pricing.LineInput{{ProductID: id, Quantity: qty}, {ProductID: 1, Quantity: qty}},
			map[int64]pricing.Item{1: item})
		if c.SubtotalCents < 0 || c.VATCents < 0 || c.TotalCents < 0 || c.ShippingCents < 0 || c.VATCents > c.TotalCents {
			t.Fatalf("amounts out of range: %+v", c)
		}
		for _, l := range c.Lines {
			if l.LineTotalCents < 0 || l.VATCents < 0 || l.UnitPriceCents < 0 || l.UnitPriceCents > price {
				t.Fatalf("line out of range: %+v", l)
			}
			if qty < 1 && len(l.Problems) == 0 {
				t.Fatalf("quantity %d accepted: %+v", qty, l)
			}
			if len(l.Problems) > 0 && c.Valid {
				t.Fatalf("cart valid with a problem line: %+v", c)
			}
		}
	})
}
