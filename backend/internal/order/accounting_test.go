package order_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/testwait"
	"github.com/sabores/sabores/backend/internal/withdrawal"
)

// readCSV parses an export and returns its rows by column name.
func readCSV(t *testing.T, data []byte) []map[string]string {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("csv: %v\n%s", err, data)
	}
	var out []map[string]string
	for _, r := range rows[1:] {
		m := map[string]string{}
		for i, name := range rows[0] {
			m[name] = r[i]
		}
		out = append(out, m)
	}
	return out
}

// cents reads an export's euro amount ("-6.17").
func cents(t *testing.T, s string) int64 {
	t.Helper()
	neg := strings.HasPrefix(s, "-")
	whole, frac, ok := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	e, err1 := strconv.ParseInt(whole, 10, 64)
	c, err2 := strconv.ParseInt(frac, 10, 64)
	if !ok || len(frac) != 2 || err1 != nil || err2 != nil {
		t.Fatalf("amount %q", s)
	}
	if neg {
		return -(e*100 + c)
	}
	return e*100 + c
}

// TestAccountantExport runs a day of the shop through the real paths — a
// card payment; a card payment cancelled and refunded by Redsys; a transfer
// marked received, of which one unit is withdrawn and refunded by bank —
// and checks the accountant's two exports of that day: every invoice's
// base plus VAT is its total, corrective invoices are negative, and the
// register's total equals the payments' (paid orders minus refunds).
func TestAccountantExport(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	ctx := context.Background()

	kept := b.order(t, "card", "awaiting_payment") // 2 × 6,17 €
	keptNumber := b.begin(t, kept, payment.MethodCard)
	b.notify(t, b.merchant, keptNumber, 1234, "0000")

	cancelled := b.order(t, "card", "awaiting_payment")
	cancelledNumber := b.begin(t, cancelled, payment.MethodCard)
	b.notify(t, b.merchant, cancelledNumber, 1234, "0000")
	b.cancel(t, cancelled, order.AdminActor)
	testwait.Until(t, 20*time.Second, "the cancellation's refund accepted", func() bool {
		return b.count(t, `SELECT count(*) FROM payment_refunds WHERE redsys_order = $1 AND status = 'accepted'`, cancelledNumber) == 1
	})

	transfer := b.order(t, "transfer", "awaiting_payment")
	if err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
		_, _, err := order.Advance(ctx, tx, order.Step{OrderID: transfer, Who: order.AdminActor, Pay: order.Paid, Note: "TR-2026-77"}, b.fx)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	b.exec(t, `UPDATE orders SET status = 'delivered' WHERE id = $1`, transfer)
	var withdrawalID int64
	if err := b.pool.QueryRow(ctx, `INSERT INTO withdrawals (order_id, status, channel, received_at) VALUES ($1, 'received', 'account', now()) RETURNING id`, transfer).Scan(&withdrawalID); err != nil {
		t.Fatal(err)
	}
	b.exec(t, `INSERT INTO withdrawal_lines (withdrawal_id, order_id, line_no, quantity, status) VALUES ($1, $2, 1, 1, 'received')`, withdrawalID, transfer)
	if _, err := withdrawal.New(b.pool, nil, invoice.Invoicer{Issuer: invoice.SettingsIssuer{}}).
		Refund(ctx, withdrawal.RefundInput{ID: withdrawalID, BankReference: "DEV-1"}); err != nil {
		t.Fatal(err)
	}

	now := time.Now()
	from, to, err := invoice.Period(now.AddDate(0, 0, -1).Format(time.DateOnly), now.AddDate(0, 0, 1).Format(time.DateOnly))
	if err != nil {
		t.Fatal(err)
	}
	register, err := invoice.Register(ctx, b.pool, from, to)
	if err != nil {
		t.Fatal(err)
	}
	payments, err := invoice.Payments(ctx, b.pool, from, to)
	if err != nil {
		t.Fatal(err)
	}

	// Base plus VAT is the total of each invoice; each one counts once.
	type sums struct {
		base, vat, total int64
		replaced         bool
	}
	invoices := map[string]*sums{}
	var kinds []string
	for _, r := range readCSV(t, register) {
		s := invoices[r["numero_factura"]]
		if s == nil {
			s = &sums{total: cents(t, r["total_factura"]), replaced: r["sustituida_por"] != ""}
			invoices[r["numero_factura"]] = s
			kinds = append(kinds, r["clase"])
			if r["clase"] == "rectificativa" && s.total >= 0 {
				t.Errorf("corrective invoice %s is not negative: %s", r["numero_factura"], r["total_factura"])
			}
		}
		s.base += cents(t, r["base_imponible"])
		s.vat += cents(t, r["cuota_iva"])
	}
	var registerTotal int64
	for number, s := range invoices {
		if s.base+s.vat != s.total {
			t.Errorf("invoice %s: base %d + VAT %d ≠ total %d", number, s.base, s.vat, s.total)
		}
		if !s.replaced { // a simplified invoice replaced by a complete one counts on the latter
			registerTotal += s.total
		}
	}
	slices.Sort(kinds)
	if want := []string{"rectificativa", "rectificativa", "simplificada", "simplificada", "simplificada"}; !slices.Equal(kinds, want) {
		t.Errorf("invoices %v, want %v", kinds, want)
	}

	rows := readCSV(t, payments)
	var paid, refunded int64
	for _, r := range rows {
		amount := cents(t, r["importe"])
		switch r["movimiento"] {
		case "cobro":
			paid += amount
		case "devolucion":
			refunded += amount
		default:
			t.Errorf("movement %q", r["movimiento"])
		}
	}
	if paid != 3*1234 || refunded != -(1234+617) {
		t.Errorf("payments %d, refunds %d; want %d and %d:\n%s", paid, refunded, 3*1234, -(1234 + 617), payments)
	}
	if registerTotal != paid+refunded {
		t.Errorf("register total %d ≠ paid %d minus refunds %d:\n%s\n%s", registerTotal, paid, -refunded, register, payments)
	}
	want := map[string]string{
		strconv.FormatInt(kept, 10) + " cobro":           "card 12.34 " + keptNumber + " 482913 ",
		strconv.FormatInt(cancelled, 10) + " devolucion": "card -12.34 " + cancelledNumber + " 482913 " + order.CancelRefundReason,
		strconv.FormatInt(transfer, 10) + " cobro":       "transfer 12.34   TR-2026-77",
		strconv.FormatInt(transfer, 10) + " devolucion":  "transfer -6.17   DEV-1",
	}
	for _, r := range rows {
		key := r["pedido"] + " " + r["movimiento"]
		if w, ok := want[key]; ok {
			if got := strings.Join([]string{r["metodo"], r["importe"], r["pedido_redsys"], r["autorizacion"], r["referencia"]}, " "); got != w {
				t.Errorf("%s: %q, want %q", key, got, w)
			}
		}
	}
}
