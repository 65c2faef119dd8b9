package invoice_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/discount"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// TestDiscountLinesTakeTheirRate: an order sold with a 10 % code has one
// negative discount line per VAT rate on its invoice; the taxes per rate
// are net of it, agree with the order's own sum (discount.VATByRate) and
// the VeriFactu totals; the register shows the discount per rate; a full
// correction gives it back.
func TestDiscountLinesTakeTheirRate(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	at := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	b.invoicer.Now = func() time.Time { return at }
	orderID := b.order(t) // 500 at 10 %, 1 210 at 21 %
	goods := []discount.Line{{VATBasisPoints: 1000, TotalCents: 500}, {VATBasisPoints: 2100, TotalCents: 1210}}
	parts := discount.Split(171, goods)
	p := db.InsertOrderDiscountParams{OrderID: orderID, Code: "BEMVINDO", UserID: b.user, AmountCents: 171}
	for _, part := range parts {
		p.VatBasisPoints = append(p.VatBasisPoints, part.VATBasisPoints)
		p.PartAmountsCents = append(p.PartAmountsCents, part.AmountCents)
		p.PartVatCents = append(p.PartVatCents, part.VATCents)
	}
	q := db.New(b.pool)
	code, err := q.InsertDiscountCode(ctx, db.InsertDiscountCodeParams{Code: "BEMVINDO", Kind: "percentage", PercentBasisPoints: 1000, ExcludedProductIds: []int64{}, ExcludedCategories: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	p.CodeID = code.ID
	if err := q.InsertOrderDiscount(ctx, p); err != nil {
		t.Fatal(err)
	}
	if _, err := b.pool.Exec(ctx, `UPDATE orders SET total_cents = total_cents - 171 WHERE id = $1`, orderID); err != nil {
		t.Fatal(err)
	}
	inv, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, orderID) })
	if err != nil {
		t.Fatal(err)
	}
	lines, err := q.InvoiceLines(ctx, inv.ID)
	if err != nil {
		t.Fatal(err)
	}
	type line struct {
		description string
		rate        int32
		cents       int64
	}
	var got []line
	for _, l := range lines {
		if l.TotalCents < 0 {
			got = append(got, line{l.Description, l.VatBasisPoints, l.TotalCents})
		}
	}
	// 171 × 500/1 710 = 50 and 171 × 1 210/1 710 = 121, exactly.
	if want := []line{{"discount:BEMVINDO", 1000, -50}, {"discount:BEMVINDO", 2100, -121}}; !slices.Equal(got, want) {
		t.Fatalf("discount lines %v, want %v", got, want)
	}
	taxes, err := q.InvoiceTaxes(ctx, inv.ID)
	if err != nil {
		t.Fatal(err)
	}
	// 10 %: 455 − 45 base, 45 − 5 VAT; 21 %: 1 000 − 100, 210 − 21.
	if len(taxes) != 2 || taxes[0].BaseCents != 410 || taxes[0].VatCents != 40 || taxes[1].BaseCents != 900 || taxes[1].VatCents != 189 {
		t.Errorf("taxes %+v", taxes)
	}
	orderRates := discount.VATByRate([]pricing.RateAmount{{VATBasisPoints: 1000, AmountCents: 500}, {VATBasisPoints: 2100, AmountCents: 1210}}, parts)
	for i, r := range orderRates {
		if i >= len(taxes) || taxes[i].BaseCents != r.BaseCents || taxes[i].VatCents != r.VATCents {
			t.Errorf("order's rate %+v, invoice's %+v", r, taxes)
		}
	}
	if inv.TotalCents != 1539 || inv.VatCents != 229 || inv.BaseCents != 1310 {
		t.Errorf("invoice total %d base %d VAT %d, want 1539, 1310, 229", inv.TotalCents, inv.BaseCents, inv.VatCents)
	}
	var recordTotal, recordVAT string
	if err := b.pool.QueryRow(ctx, `SELECT total, vat_total FROM verifactu_records WHERE invoice_id = $1`, inv.ID).Scan(&recordTotal, &recordVAT); err != nil {
		t.Fatal(err)
	}
	if recordTotal != "15.39" || recordVAT != "2.29" {
		t.Errorf("VeriFactu record total %s VAT %s, want 15.39 and 2.29", recordTotal, recordVAT)
	}

	out, err := invoice.Register(ctx, b.pool, at.AddDate(0, 0, -1), at.AddDate(0, 0, 1))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("register %q: %v", out, err)
	}
	if rows[1][14] != "-0.50" || rows[2][14] != "-1.21" || rows[1][15] != "BEMVINDO" {
		t.Errorf("register discount columns %v / %v", rows[1][13:], rows[2][13:])
	}

	pdf, _, err := invoice.DrawPDF(ctx, b.pool, inv.ID, "pt")
	if err != nil || len(pdf) == 0 {
		t.Errorf("PDF with a discount: %d bytes, %v", len(pdf), err)
	}
	corr, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) {
		return b.invoicer.IssueCorrective(ctx, tx, orderID, "cancelled")
	})
	if err != nil {
		t.Fatal(err)
	}
	if corr.TotalCents != -1539 || corr.VatCents != -229 {
		t.Errorf("full correction total %d VAT %d, want -1539 and -229", corr.TotalCents, corr.VatCents)
	}
}
