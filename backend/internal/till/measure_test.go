package till_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/till"
)

func TestWeighedCents(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		perKg int64
		grams int32
		want  int64
	}{
		{"a kilogram is the price", 1250, 1000, 1250},
		{"15,4375 € rounds up", 1250, 1235, 1544},
		{"half a cent rounds up", 1001, 500, 501},  // 500,5 cents
		{"under half rounds down", 1003, 333, 334}, // 333,999 cents
		{"0,4 cents rounds down", 4, 100, 0},
		{"one gram of saffron", 1_000_000, 1, 1000},
		{"the most a scale prints", 99_999, 99_999, 9_999_800}, // 9 999 800,001 cents
	} {
		if got := till.WeighedCents(tc.perKg, tc.grams); got != tc.want {
			t.Errorf("%s: WeighedCents(%d, %d) = %d, want %d", tc.name, tc.perKg, tc.grams, got, tc.want)
		}
	}
}

// TestSellWeighedAndPricedLabels: a cheese sold by weight is priced from
// its scale label at its price per kilogram, rounded half up, with the
// weight and price per kilogram on the invoice line and its grams taken
// from a stock counted in grams; a label priced by the scale sells at that
// price; the cheese without its label, or a label of another product, is
// refused; a return of the weighed line puts its grams back.
func TestSellWeighedAndPricedLabels(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	cheese, pack := withCheck("210004200000"), withCheck("250007700000")
	if _, err := s.pool.Exec(ctx, `INSERT INTO products (id, name, code, sku, category, online_categories, price_cents, vat_basis_points, stock, ean) VALUES
		(1006, 'Queso de tetilla', 'ES-TET', 'SKU-1006', 'quesos', '{}', 1250, 400, 5000, $1),
		(1007, 'Bandeja de empanada', 'ES-EMP', 'SKU-1007', 'alimentos', '{}', 300, 1000, 10, $2)`, cheese, pack); err != nil {
		t.Fatal(err)
	}
	label := withCheck("210004201235") // 1,235 kg
	sale, err := s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(),
		Lines: []till.LineInput{
			{ProductID: 1006, Code: label},
			{ProductID: 1007, Code: withCheck("250007700745")}, // 7,45 € printed
			{ProductID: 1001, Quantity: 1},
		},
		Payments: []till.PaymentInput{{Method: till.Card, Amount: 1544 + 745 + 250}}})
	if err != nil {
		t.Fatal(err)
	}
	if sale.Invoice.TotalCents != 2539 {
		t.Errorf("invoice total %d, want 2539", sale.Invoice.TotalCents)
	}
	weighed := sale.Lines[0]
	if weighed.TotalCents != 1544 || weighed.Quantity != 1 || weighed.UnitPriceCents != 1544 ||
		!strings.Contains(weighed.Description, "1,235 kg × 12,50\u00a0€/kg") {
		t.Errorf("weighed line %+v", weighed)
	}
	if l := sale.Lines[1]; l.TotalCents != 745 || l.Quantity != 1 {
		t.Errorf("scale-priced line %+v, want 7,45 €", l)
	}
	// VAT on the weighed amount: the cheese is the only line at 4 %.
	if got, want := s.text(t, `SELECT vat_cents::text FROM invoice_taxes WHERE invoice_id = $1 AND vat_basis_points = 400`, sale.Invoice.ID),
		strconv.FormatInt(pricing.IncludedVAT(1544, 400), 10); got != want {
		t.Errorf("VAT at 4 %% %s cents, want %s", got, want)
	}
	if n := s.stock(t, 1006); n != 5000-1235 {
		t.Errorf("cheese stock %d g, want %d", n, 5000-1235)
	}
	if n := s.stock(t, 1007); n != 9 {
		t.Errorf("pack stock %d, want 9", n)
	}
	_, err = s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(), Lines: []till.LineInput{{ProductID: 1006, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Card, Amount: 1250}}})
	refusedWith(t, err, till.ReasonWeightNeeded)
	_, err = s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(), Lines: []till.LineInput{{ProductID: 1007, Code: label}},
		Payments: []till.PaymentInput{{Method: till.Card, Amount: 1544}}})
	if f, ok := fault.As(err); !ok || f.Kind != fault.Invalid {
		t.Errorf("another product's label: %v", err)
	}
	if _, err := s.till.Lookup(ctx, cheese); !isReason(err, till.ReasonWeightNeeded) {
		t.Errorf("scanning the cheese's own code: %v", err)
	}
	if _, err := s.till.ReturnSale(ctx, s.seller, till.ReturnInput{Key: uuid.New(), SaleID: sale.OrderID,
		Lines: []invoice.Correction{{LineNo: 1, Quantity: 1}}, Refund: till.Card}); err != nil {
		t.Fatal(err)
	}
	if n := s.stock(t, 1006); n != 5000 {
		t.Errorf("cheese stock %d g after the return, want 5000", n)
	}
}
