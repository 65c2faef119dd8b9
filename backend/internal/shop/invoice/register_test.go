package invoice_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shop/invoice"
)

// TestRegister exports a period's invoices with base and VAT per rate, and
// leaves out invoices outside it.
func TestRegister(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	day := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	for i, at := range []time.Time{day, day.AddDate(0, 1, 0)} {
		b.invoicer.Now = func() time.Time { return at }
		orderID := b.order(t)
		if _, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) {
			if i == 1 {
				return b.invoicer.IssueForPaidOrder(ctx, tx, orderID)
			}
			if _, err := b.invoicer.IssueForPaidOrder(ctx, tx, orderID); err != nil {
				return db.Invoice{}, err
			}
			return b.invoicer.IssueComplete(ctx, tx, orderID, invoice.Buyer{TaxID: "B12345674", Name: "=HYPERLINK(1)", Address: "Calle 2"})
		}); err != nil {
			t.Fatal(err)
		}
	}
	out, err := invoice.Register(ctx, b.pool, time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"numero", "tipo_factura", "fecha_expedicion", "pedido", "nif_destinatario", "nombre_destinatario", "tipo_iva", "base_imponible", "cuota_iva", "total_factura"},
		{"FS2026-000001", "F2", "2026-11-24", rows[1][3], "", "", "10.00", "4.55", "0.45", "17.10"},
		{"FS2026-000001", "F2", "2026-11-24", rows[1][3], "", "", "21.00", "10.00", "2.10", "17.10"},
		{"FC2026-000001", "F3", "2026-11-24", rows[1][3], "B12345674", "'=HYPERLINK(1)", "10.00", "4.55", "0.45", "17.10"},
		{"FC2026-000001", "F3", "2026-11-24", rows[1][3], "B12345674", "'=HYPERLINK(1)", "21.00", "10.00", "2.10", "17.10"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d:\n%s", len(rows), len(want), out)
	}
	for i := range want {
		for j := range want[i] {
			if rows[i][j] != want[i][j] {
				t.Errorf("row %d col %s = %q, want %q", i, want[0][j], rows[i][j], want[i][j])
			}
		}
	}
}
