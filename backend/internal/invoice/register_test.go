package invoice_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// TestRegister exports a period's invoices with base and VAT per rate, the
// simplified invoice naming the complete one that replaced it, and leaves
// out invoices outside it.
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
		{"serie", "numero", "numero_factura", "fecha_expedicion", "clase", "tipo_factura", "pedido", "nif_destinatario", "nombre_destinatario", "tipo_iva", "base_imponible", "cuota_iva", "total_factura", "sustituida_por", "descuento", "codigo_descuento"},
		{"FS2026", "1", "FS2026-000001", "2026-11-24", "simplificada", "F2", rows[1][6], "", "", "10.00", "4.55", "0.45", "17.10", "FC2026-000001", "0.00", ""},
		{"FS2026", "1", "FS2026-000001", "2026-11-24", "simplificada", "F2", rows[1][6], "", "", "21.00", "10.00", "2.10", "17.10", "FC2026-000001", "0.00", ""},
		{"FC2026", "1", "FC2026-000001", "2026-11-24", "completa", "F3", rows[1][6], "B12345674", "'=HYPERLINK(1)", "10.00", "4.55", "0.45", "17.10", "", "0.00", ""},
		{"FC2026", "1", "FC2026-000001", "2026-11-24", "completa", "F3", rows[1][6], "B12345674", "'=HYPERLINK(1)", "21.00", "10.00", "2.10", "17.10", "", "0.00", ""},
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

// TestPeriod: an export's period is Madrid's calendar days, both included,
// winter or summer, at most a year and a day.
func TestPeriod(t *testing.T) {
	t.Parallel()
	tests := []struct {
		first, last string
		from, to    string // UTC
		ok          bool
	}{
		{"2026-11-01", "2026-11-30", "2026-10-31T23:00:00Z", "2026-11-30T23:00:00Z", true},
		{"2026-07-15", "2026-07-15", "2026-07-14T22:00:00Z", "2026-07-15T22:00:00Z", true},
		{"2026-03-01", "2026-03-31", "2026-02-28T23:00:00Z", "2026-03-31T22:00:00Z", true},
		{"2026-01-01", "2026-12-31", "2025-12-31T23:00:00Z", "2026-12-31T23:00:00Z", true},
		{"2026-11-30", "2026-11-01", "", "", false},
		{"2026-01-01", "2027-06-30", "", "", false},
		{"2026-11-01", "30/11/2026", "", "", false},
	}
	for _, tt := range tests {
		from, to, err := invoice.Period(tt.first, tt.last)
		if (err == nil) != tt.ok {
			t.Errorf("Period(%s, %s) error %v, want ok %v", tt.first, tt.last, err, tt.ok)
			continue
		}
		if tt.ok && (from.UTC().Format(time.RFC3339) != tt.from || to.UTC().Format(time.RFC3339) != tt.to) {
			t.Errorf("Period(%s, %s) = %s, %s; want %s, %s", tt.first, tt.last, from.UTC().Format(time.RFC3339), to.UTC().Format(time.RFC3339), tt.from, tt.to)
		}
	}
}
