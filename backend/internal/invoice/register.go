package invoice

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/csvcell"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// MaxPeriodDays bounds an accountant's export: a year and a day covers any
// tax year, quarter or month.
const MaxPeriodDays = 367

// Period is the instants [from, to) of the Madrid calendar days first to
// last (YYYY-MM-DD, both included): the days the accountant books by,
// whatever the server's zone, summer time included.
func Period(first, last string) (from, to time.Time, err error) {
	a, errA := time.ParseInLocation(time.DateOnly, first, shoptime.Madrid)
	b, errB := time.ParseInLocation(time.DateOnly, last, shoptime.Madrid)
	if err := errors.Join(errA, errB); err != nil {
		return time.Time{}, time.Time{}, fmt.Errorf("invoice: period: %w", err)
	}
	to = time.Date(b.Year(), b.Month(), b.Day()+1, 0, 0, 0, 0, shoptime.Madrid)
	if b.Before(a) || to.Sub(a) > MaxPeriodDays*24*time.Hour+time.Hour {
		return time.Time{}, time.Time{}, fmt.Errorf("invoice: period %s to %s: the last day must not be before the first, at most %d days", first, last, MaxPeriodDays)
	}
	return a, to, nil
}

// registerHeader names the register's columns, in Spanish for the
// accountant and the tax office.
var registerHeader = []string{
	"serie", "numero", "numero_factura", "fecha_expedicion", "clase", "tipo_factura", "pedido",
	"nif_destinatario", "nombre_destinatario", "tipo_iva", "base_imponible", "cuota_iva", "total_factura",
	"sustituida_por", "descuento", "codigo_descuento",
}

// kindNames are the invoice kinds as the accountant reads them.
var kindNames = map[string]string{
	string(Simplified): "simplificada", string(Complete): "completa", string(Corrective): "rectificativa",
}

// Register writes the invoice register of [from, to) as CSV: one row per
// invoice and VAT rate, amounts in euros with a point (corrective invoices
// negative), so a spreadsheet sums base and VAT per rate; an invoice's
// total repeats on each of its rows. A simplified invoice later replaced
// by a complete one (F3) names it in sustituida_por: the sale is then
// counted once, on the complete invoice. A discount code's lines at the
// row's rate are in descuento (VAT included, negative on a sale) with the
// code in codigo_descuento; base and VAT are already net of them.
func Register(ctx context.Context, q db.DBTX, from, to time.Time) ([]byte, error) {
	rows, err := db.New(q).InvoiceRegister(ctx, db.InvoiceRegisterParams{FromTime: from, ToTime: to})
	if err != nil {
		return nil, fmt.Errorf("invoice: register: %w", err)
	}
	out := [][]string{registerHeader}
	for _, r := range rows {
		series, _, _ := strings.Cut(r.SeriesNumber, "-")
		out = append(out, []string{
			series, fmt.Sprint(r.Number), r.SeriesNumber, r.IssueDate.Time.Format(time.DateOnly), kindNames[r.Kind], r.AeatType,
			fmt.Sprint(r.OrderID), csvcell.Guard(r.BuyerNif), csvcell.Guard(r.BuyerName), Amount(int64(r.VatBasisPoints)),
			Amount(r.BaseCents), Amount(r.VatCents), Amount(r.TotalCents), r.ReplacedBy,
			Amount(r.DiscountCents), csvcell.Guard(r.DiscountCode),
		})
	}
	return writeCSV(out)
}

// paymentsHeader names the payments' columns.
var paymentsHeader = []string{
	"fecha", "hora", "pedido", "metodo", "movimiento", "importe", "pedido_redsys", "autorizacion", "referencia",
}

// movementNames are the ledger's kinds as the accountant reads them.
var movementNames = map[string]string{"payment": "cobro", "refund": "devolucion"}

// Payments writes the money that moved in [from, to) as CSV, matched to
// orders: payments positive, refunds negative, with the Redsys order and
// authorisation code of card and Bizum payments and the reference the
// admin recorded for transfers and bank refunds. Dates and times are
// Madrid's.
func Payments(ctx context.Context, q db.DBTX, from, to time.Time) ([]byte, error) {
	rows, err := db.New(q).PaymentLedger(ctx, db.PaymentLedgerParams{FromTime: from, ToTime: to})
	if err != nil {
		return nil, fmt.Errorf("invoice: payments: %w", err)
	}
	out := [][]string{paymentsHeader}
	for _, r := range rows {
		at := r.MovedAt.In(shoptime.Madrid)
		out = append(out, []string{
			at.Format(time.DateOnly), at.Format(time.TimeOnly), fmt.Sprint(r.OrderID), r.Method, movementNames[r.Kind],
			Amount(r.AmountCents), r.RedsysOrder, csvcell.Guard(r.AuthorisationCode), csvcell.Guard(r.Reference),
		})
	}
	return writeCSV(out)
}

// writeCSV writes rows as CSV.
func writeCSV(rows [][]string) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.WriteAll(rows); err != nil {
		return nil, fmt.Errorf("invoice: csv: %w", err)
	}
	return buf.Bytes(), nil
}
