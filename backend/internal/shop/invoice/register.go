package invoice

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
)

// registerHeader names the register's columns, in Spanish for the
// accountant and the tax office.
var registerHeader = []string{
	"numero", "tipo_factura", "fecha_expedicion", "pedido", "nif_destinatario", "nombre_destinatario",
	"tipo_iva", "base_imponible", "cuota_iva", "total_factura",
}

// Register writes the invoice register of [from, to) as CSV: one row per
// invoice and VAT rate, amounts in euros with a point, so a spreadsheet sums
// base and VAT per rate. An invoice's total repeats on each of its rows.
func Register(ctx context.Context, q db.DBTX, from, to time.Time) ([]byte, error) {
	rows, err := db.New(q).InvoiceRegister(ctx, db.InvoiceRegisterParams{FromTime: from, ToTime: to})
	if err != nil {
		return nil, fmt.Errorf("invoice: register: %w", err)
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.Write(registerHeader); err != nil {
		return nil, fmt.Errorf("invoice: register: %w", err)
	}
	for _, r := range rows {
		if err := w.Write([]string{
			r.SeriesNumber, r.AeatType, r.IssueDate.Time.Format("2006-01-02"), fmt.Sprint(r.OrderID),
			cell(r.BuyerNif), cell(r.BuyerName), Amount(int64(r.VatBasisPoints)),
			Amount(r.BaseCents), Amount(r.VatCents), Amount(r.TotalCents),
		}); err != nil {
			return nil, fmt.Errorf("invoice: register: %w", err)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, fmt.Errorf("invoice: register: %w", err)
	}
	return buf.Bytes(), nil
}

// cell keeps a buyer's text from being read as a formula by a spreadsheet
// (CSV injection): a leading =, +, - or @ gets a quote in front.
func cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
