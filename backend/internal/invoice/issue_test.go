package invoice_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// testIssuer is the shop's identity in these tests.
var testIssuer = invoice.StaticIssuer{Name: "Sabores del Mundo S.L.", NIF: "B12345674", Address: "Calle Mayor 1, 28013 Madrid"}

// bundle is one test's database, a shopper with products, and the invoicer.
type bundle struct {
	pool     *pgxpool.Pool
	user     int64
	food     int64 // 10 % VAT
	drink    int64 // 21 % VAT
	invoicer invoice.Invoicer
}

func setup(t *testing.T) bundle {
	t.Helper()
	pool := dbtest.New(t)
	return bundle{
		pool:     pool,
		user:     dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"}),
		food:     dbtest.Product(t, pool, dbtest.ProductOpts{VATBasisPoints: 1000}),
		drink:    dbtest.Product(t, pool, dbtest.ProductOpts{VATBasisPoints: 2100}),
		invoicer: invoice.Invoicer{Issuer: testIssuer},
	}
}

// order places a paid order of two foods at 2,50 € and a drink at 12,10 €.
func (b bundle) order(t *testing.T) int64 {
	t.Helper()
	return dbtest.SoldOrder(t, b.pool, dbtest.SoldOrderOpts{UserID: b.user, Lines: []dbtest.SoldLine{
		{ProductID: b.food, Name: "Harina de maíz", Quantity: 2, UnitPriceCents: 250, VATBasisPoints: 1000},
		{ProductID: b.drink, Name: "Guaraná", Quantity: 1, UnitPriceCents: 1210, VATBasisPoints: 2100},
	}})
}

// inTx runs f in a committed transaction.
func inTx[T any](t *testing.T, pool *pgxpool.Pool, f func(tx pgx.Tx) (T, error)) (T, error) {
	t.Helper()
	var zero T
	tx, err := pool.Begin(context.Background())
	if err != nil {
		return zero, err
	}
	defer func() { _ = tx.Rollback(context.Background()) }()
	v, err := f(tx)
	if err != nil {
		return zero, err
	}
	return v, tx.Commit(context.Background())
}

// TestAnInvoiceTakesItsTimeBehindTheOneBeforeIt holds one issue's
// transaction open after it has chained its record: a second issuer, and a
// cancellation, ask for the time only once that one has committed, so the
// chain's records are in the order of their times (a sale that read the
// clock first and then waited would follow with an earlier time, or at New
// Year with last year's number after this year's).
func TestAnInvoiceTakesItsTimeBehindTheOneBeforeIt(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	earlier, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, b.order(t)) })
	if err != nil {
		t.Fatal(err)
	}
	first, second := b.order(t), b.order(t)
	held, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = held.Rollback(ctx) }()
	if _, err := b.invoicer.IssueForPaidOrder(ctx, held, first); err != nil {
		t.Fatal(err)
	}

	asked := make(chan struct{}, 2)
	waiting := b.invoicer
	waiting.Now = func() time.Time {
		asked <- struct{}{}
		return time.Now()
	}
	done := make(chan error, 2)
	go func() {
		_, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return waiting.IssueForPaidOrder(ctx, tx, second) })
		done <- err
	}()
	go func() {
		_, err := inTx(t, b.pool, func(tx pgx.Tx) (db.VerifactuRecord, error) { return waiting.Cancel(ctx, tx, earlier.ID) })
		done <- err
	}()
	select {
	case <-asked:
		t.Fatal("an issuer read the clock while the chain was held by the invoice before it")
	case err := <-done:
		t.Fatalf("an issuer finished while the chain was held: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	if err := held.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if len(asked) != 2 {
		t.Fatalf("the clock was read %d times after the commit, want 2", len(asked))
	}
}

// TestConcurrentIssuesHaveNoGaps issues 32 invoices at once, while other
// transactions take numbers and roll back: the series is 1…32 with no gap
// and no duplicate, and the record chain is intact and in the series' order.
func TestConcurrentIssuesHaveNoGaps(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	const n = 32
	orders := make([]int64, n)
	for i := range orders {
		orders[i] = b.order(t)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for i := range n {
		wg.Go(func() {
			_, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) {
				return b.invoicer.IssueForPaidOrder(ctx, tx, orders[i])
			})
			errs <- err
		})
		if i%4 == 0 { // an issue that fails after taking its number
			wg.Go(func() {
				tx, err := b.pool.Begin(ctx)
				if err != nil {
					errs <- err
					return
				}
				defer func() { _ = tx.Rollback(ctx) }()
				_, err = b.invoicer.IssueForPaidOrder(ctx, tx, orders[i])
				if err != nil && !isUniqueViolation(err) {
					errs <- err
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	rows, err := b.pool.Query(ctx, `SELECT number FROM invoices WHERE kind = 'simplified' ORDER BY number`)
	if err != nil {
		t.Fatal(err)
	}
	numbers, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int32, n)
	for i := range want {
		want[i] = int32(i + 1)
	}
	if !slices.Equal(numbers, want) {
		t.Fatalf("numbers %v, want 1…%d with no gap or duplicate", numbers, n)
	}
	report, err := invoice.CheckStoredChain(ctx, b.pool)
	if err != nil {
		t.Fatal(err)
	}
	if report.Records != n || len(report.Breaks) != 0 {
		t.Fatalf("chain: %d records, breaks %+v", report.Records, report.Breaks)
	}
	// The number and the chain's head are taken together, so the chain
	// holds the records in the series' order: number i is link i.
	rows, err = b.pool.Query(ctx, `SELECT i.number FROM verifactu_records r JOIN invoices i ON i.id = r.invoice_id ORDER BY r.id`)
	if err != nil {
		t.Fatal(err)
	}
	chained, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(chained, want) {
		t.Fatalf("numbers in chain order %v, want 1…%d", chained, n)
	}
}

// isUniqueViolation: a second issue for the same order, racing the first,
// stops at the one-simplified-invoice-per-order index; that is fine here.
func isUniqueViolation(err error) bool {
	return strings.Contains(err.Error(), "SQLSTATE 23505")
}

// TestSeriesPastSixDigits: the database numbers the invoice and hashes its
// record; past 999 999 its number still reads as SeriesNumber writes it,
// and the chain's hashes as Record.Hash computes them.
func TestSeriesPastSixDigits(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	b.invoicer.Now = func() time.Time { return time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC) }
	if _, err := b.pool.Exec(ctx, `INSERT INTO invoice_counters (kind, year, last_number) VALUES ('simplified', 2026, 999998)`); err != nil {
		t.Fatal(err)
	}
	var got []string
	for range 2 {
		orderID := b.order(t)
		inv, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, orderID) })
		if err != nil {
			t.Fatal(err)
		}
		if inv.SeriesNumber != invoice.SeriesNumber(invoice.Simplified, 2026, inv.Number) {
			t.Errorf("number %d reads %s", inv.Number, inv.SeriesNumber)
		}
		got = append(got, inv.SeriesNumber)
	}
	if !slices.Equal(got, []string{"FS2026-999999", "FS2026-1000000"}) {
		t.Errorf("numbers %v", got)
	}
	report, err := invoice.CheckStoredChain(ctx, b.pool)
	if err != nil {
		t.Fatal(err)
	}
	if report.Records != 2 || len(report.Breaks) != 0 {
		t.Fatalf("chain: %d records, breaks %+v", report.Records, report.Breaks)
	}
}

// TestIssueForPaidOrder writes the identity, lines and VAT per rate, once.
func TestIssueForPaidOrder(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	b.invoicer.Now = func() time.Time { return time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC) }
	orderID := b.order(t)
	inv, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, orderID) })
	if err != nil {
		t.Fatal(err)
	}
	// 23:30 UTC on 31 December 2026 is 2027 in Madrid: the 2027 series.
	if inv.SeriesNumber != "FS2027-000001" || inv.AeatType != "F2" || inv.IssuerNif != "B12345674" {
		t.Errorf("invoice %s %s issuer %s", inv.SeriesNumber, inv.AeatType, inv.IssuerNif)
	}
	// 500 at 10 % holds 45 of VAT; 1210 at 21 % holds 210.
	if inv.TotalCents != 1710 || inv.VatCents != 255 || inv.BaseCents != 1455 {
		t.Errorf("totals base %d VAT %d total %d", inv.BaseCents, inv.VatCents, inv.TotalCents)
	}
	taxes, err := db.New(b.pool).InvoiceTaxes(ctx, inv.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(taxes) != 2 || taxes[0].BaseCents != 455 || taxes[0].VatCents != 45 || taxes[1].BaseCents != 1000 || taxes[1].VatCents != 210 {
		t.Errorf("taxes %+v", taxes)
	}
	again, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, orderID) })
	if err != nil || again.ID != inv.ID {
		t.Errorf("second issue gave %v, %v; want the same invoice", again.SeriesNumber, err)
	}
}

// TestIssueRefusals covers what stops an invoice.
func TestIssueRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	unpaid := dbtest.SoldOrder(t, b.pool, dbtest.SoldOrderOpts{UserID: b.user, PaymentStatus: "awaiting_payment",
		Lines: []dbtest.SoldLine{{ProductID: b.food, VATBasisPoints: 1000}}})
	paid := b.order(t)
	corrected := b.order(t)
	if _, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) {
		if _, err := b.invoicer.IssueForPaidOrder(ctx, tx, corrected); err != nil {
			return db.Invoice{}, err
		}
		return b.invoicer.IssueCorrective(ctx, tx, corrected, "withdrawal", invoice.Correction{LineNo: 2, Quantity: 1})
	}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		issue func(tx pgx.Tx) (db.Invoice, error)
		want  error
	}{
		{"unpaid order", func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, unpaid) }, invoice.ErrNotPaid},
		{"no identity", func(tx pgx.Tx) (db.Invoice, error) {
			return invoice.Invoicer{Issuer: invoice.StaticIssuer{}}.IssueForPaidOrder(ctx, tx, paid)
		}, invoice.ErrIssuerMissing},
		{"corrective of nothing", func(tx pgx.Tx) (db.Invoice, error) {
			return b.invoicer.IssueCorrective(ctx, tx, paid, "refund")
		}, invoice.ErrNotInvoiced},
		{"complete after a correction", func(tx pgx.Tx) (db.Invoice, error) {
			return b.invoicer.IssueComplete(ctx, tx, corrected, invoice.Buyer{TaxID: "12345678Z", Name: "Ana", Address: "Calle 1"})
		}, invoice.ErrCorrected},
	} {
		if _, err := inTx(t, b.pool, tc.issue); !errors.Is(err, tc.want) {
			t.Errorf("%s: err %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestCompleteAndCorrective: a complete invoice replaces the simplified
// one (F3); a partial refund corrects it (R1); a full one corrects the
// rest; nothing more can be corrected; each series counts on its own.
func TestCompleteAndCorrective(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	orderID := b.order(t)
	issue := func(f func(tx pgx.Tx) (db.Invoice, error)) db.Invoice {
		t.Helper()
		inv, err := inTx(t, b.pool, f)
		if err != nil {
			t.Fatal(err)
		}
		return inv
	}
	simple := issue(func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, orderID) })
	buyer := invoice.Buyer{TaxID: "b-12345674", Name: "Tienda Ana S.L.", Address: "Calle 2, Madrid"}
	if _, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) {
		return b.invoicer.IssueComplete(ctx, tx, orderID, invoice.Buyer{TaxID: "12345678A", Name: "x", Address: "y"})
	}); err == nil {
		t.Error("a complete invoice with a wrong NIF was issued")
	}
	complete := issue(func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueComplete(ctx, tx, orderID, buyer) })
	if complete.AeatType != "F3" || complete.RefersTo == nil || *complete.RefersTo != simple.ID || complete.BuyerNif != "B12345674" {
		t.Errorf("complete %+v", complete)
	}
	if !strings.HasPrefix(complete.SeriesNumber, "FC") || !strings.HasSuffix(complete.SeriesNumber, "-000001") {
		t.Errorf("complete number %s", complete.SeriesNumber)
	}
	if _, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueComplete(ctx, tx, orderID, buyer) }); !errors.Is(err, invoice.ErrCompleteIssued) {
		t.Errorf("second complete: %v", err)
	}
	partial := issue(func(tx pgx.Tx) (db.Invoice, error) {
		return b.invoicer.IssueCorrective(ctx, tx, orderID, "withdrawal", invoice.Correction{LineNo: 1, Quantity: 1})
	})
	if partial.AeatType != "R1" || partial.TotalCents != -250 || partial.VatCents != -23 || *partial.RefersTo != complete.ID {
		t.Errorf("partial corrective %s total %d VAT %d", partial.AeatType, partial.TotalCents, partial.VatCents)
	}
	rest := issue(func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueCorrective(ctx, tx, orderID, "cancelled") })
	if rest.TotalCents != -1460 || rest.SeriesNumber[len(rest.SeriesNumber)-1] != '2' {
		t.Errorf("rest corrective %s total %d", rest.SeriesNumber, rest.TotalCents)
	}
	if _, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) {
		return b.invoicer.IssueCorrective(ctx, tx, orderID, "again", invoice.Correction{LineNo: 2, Quantity: 1})
	}); !errors.Is(err, invoice.ErrOverCorrected) {
		t.Errorf("over-correction: %v", err)
	}
	if _, err := inTx(t, b.pool, func(tx pgx.Tx) (db.VerifactuRecord, error) { return b.invoicer.Cancel(ctx, tx, simple.ID) }); err != nil {
		t.Fatal(err)
	}
	report, err := invoice.CheckStoredChain(ctx, b.pool)
	if err != nil || report.Records != 5 || len(report.Breaks) != 0 {
		t.Errorf("chain %+v, %v", report, err)
	}
}

// TestAppendOnly: no invoice, line, tax or record can be changed or
// removed, and a record changed behind the triggers' back is found.
func TestAppendOnly(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	orderID := b.order(t)
	if _, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, orderID) }); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`UPDATE invoices SET total_cents = 1`,
		`DELETE FROM invoices`,
		`UPDATE invoice_lines SET quantity = 9`,
		`DELETE FROM invoice_lines`,
		`UPDATE invoice_taxes SET vat_cents = 0`,
		`DELETE FROM invoice_taxes`,
		`UPDATE verifactu_records SET total = '0.00'`,
		`DELETE FROM verifactu_records`,
		`TRUNCATE invoices CASCADE`,
	} {
		_, err := b.pool.Exec(ctx, stmt)
		if err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: err %v, want the append-only refusal", stmt, err)
		}
	}
	// A superuser can still disable triggers: the chain check finds it.
	if _, err := b.pool.Exec(ctx, `ALTER TABLE verifactu_records DISABLE TRIGGER verifactu_records_append_only;
		UPDATE verifactu_records SET total = '0.01'`); err != nil {
		t.Fatal(err)
	}
	report, err := invoice.CheckStoredChain(ctx, b.pool)
	if err != nil {
		t.Fatal(err)
	}
	if len(report.Breaks) != 1 {
		t.Fatalf("breaks %+v, want the tampered record", report.Breaks)
	}
}

// TestShippingTakesTheGoodsVAT: shipping and the cash-on-delivery
// surcharge are accessory to the goods (LIVA art. 78.Dos.1º): the invoice
// splits each across the goods' rates in proportion to their bases, one
// line per rate, the parts summing to the charge, and taxes nothing at a
// rate the goods do not have.
func TestShippingTakesTheGoodsVAT(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	orderID := dbtest.SoldOrder(t, b.pool, dbtest.SoldOrderOpts{UserID: b.user, ShippingCents: 495, Lines: []dbtest.SoldLine{
		{ProductID: b.food, Name: "Harina de maíz", Quantity: 2, UnitPriceCents: 250, VATBasisPoints: 1000},
		{ProductID: b.drink, Name: "Guaraná", Quantity: 1, UnitPriceCents: 1210, VATBasisPoints: 2100},
	}})
	if _, err := b.pool.Exec(ctx, `UPDATE orders SET payment_surcharge_cents = 300, total_cents = total_cents + 300 WHERE id = $1`, orderID); err != nil {
		t.Fatal(err)
	}
	inv, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, orderID) })
	if err != nil {
		t.Fatal(err)
	}
	lines, err := db.New(b.pool).InvoiceLines(ctx, inv.ID)
	if err != nil {
		t.Fatal(err)
	}
	type charge struct {
		description string
		rate        int32
		cents       int64
	}
	var got []charge
	for _, l := range lines {
		if l.Description == invoice.ShippingDescription || l.Description == invoice.CashSurchargeDescription {
			got = append(got, charge{l.Description, l.VatBasisPoints, l.TotalCents})
		}
	}
	// Bases 455 (10 %) and 1 000 (21 %) of 1 455: shipping 154,79 and
	// 340,21 → 155 and 340; the surcharge 93,81 and 206,19 → 94 and 206.
	want := []charge{
		{invoice.ShippingDescription, 1000, 155}, {invoice.ShippingDescription, 2100, 340},
		{invoice.CashSurchargeDescription, 1000, 94}, {invoice.CashSurchargeDescription, 2100, 206},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("charge lines %v, want %v", got, want)
	}
	taxes, err := db.New(b.pool).InvoiceTaxes(ctx, inv.ID)
	if err != nil {
		t.Fatal(err)
	}
	// 10 %: 455 + 141 + 85, VAT 45 + 14 + 9; 21 %: 1 000 + 281 + 170, VAT
	// 210 + 59 + 36. Nothing at a rate the goods do not carry.
	if len(taxes) != 2 || taxes[0].BaseCents != 681 || taxes[0].VatCents != 68 || taxes[1].BaseCents != 1451 || taxes[1].VatCents != 305 {
		t.Errorf("taxes %+v", taxes)
	}
	if inv.TotalCents != 2505 || inv.VatCents != 373 {
		t.Errorf("invoice total %d VAT %d, want 2505 and 373", inv.TotalCents, inv.VatCents)
	}
	pdf, _, err := invoice.DrawPDF(ctx, b.pool, inv.ID, "es")
	if err != nil || len(pdf) == 0 {
		t.Errorf("PDF of the split invoice: %d bytes, %v", len(pdf), err)
	}
}
