package order_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/order"
)

// TestBankRefundOfCancelledTransferOrderIsCorrected: a transfer order paid
// (and so invoiced), then cancelled by the shop, gets its corrective
// invoice when the desk records the bank refund, as a card order does when
// Redsys is asked: the register then takes back what the payments give
// back, and the accountant's payments list the bank refund with its
// reference. The timeline's note follows the order's language.
func TestBankRefundOfCancelledTransferOrderIsCorrected(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	ctx := context.Background()
	for _, tc := range []struct {
		language, reference, note string
	}{
		{"es", "TRF-ES-1", "Devolución por transferencia de 12,34\u00a0€ el 2026-01-10 (referencia TRF-ES-1)"},
		{"pt", "TRF-PT-1", "Reembolso por transferência de 12,34\u00a0€ em 2026-01-10 (referência TRF-PT-1)"},
	} {
		id := b.order(t, "transfer", "awaiting_payment") // 2 × 6,17 €
		b.exec(t, `UPDATE orders SET language = $2 WHERE id = $1`, id, tc.language)
		if err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
			_, _, err := order.Advance(ctx, tx, order.Step{OrderID: id, Who: order.AdminActor, Pay: order.Paid, Note: "TR-77"}, b.fx)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		b.cancel(t, id, order.AdminActor)
		if n := b.count(t, `SELECT count(*) FROM invoices WHERE order_id = $1 AND kind = 'corrective'`, id); n != 0 {
			t.Fatalf("%s: %d corrective invoices before the money went back, want 0", tc.language, n)
		}
		if err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
			_, _, err := order.RecordBankRefund(ctx, tx, order.BankRefund{
				OrderID: id, AmountCents: 1234, Reference: tc.reference, Day: "2026-01-10", Today: time.Now(),
			}, b.fx.Mailer)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if n := b.count(t, `SELECT count(*) FROM invoices c JOIN invoices s ON s.id = c.refers_to
			WHERE c.order_id = $1 AND c.kind = 'corrective' AND c.aeat_type = 'R5' AND c.total_cents = -1234
			AND c.reason = $2 AND s.kind = 'simplified'`, id, order.CancelInvoiceReason); n != 1 {
			t.Errorf("%s: %d corrective invoices of the whole simplified one, want 1", tc.language, n)
		}
		if got := b.text(t, `SELECT note FROM order_events WHERE order_id = $1 AND to_state = 'refunded'`, id); got != tc.note {
			t.Errorf("%s: timeline note %q, want %q", tc.language, got, tc.note)
		}
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
	invoiced := map[string]int64{}
	for _, r := range readCSV(t, register) {
		invoiced[r["numero_factura"]] = cents(t, r["total_factura"])
	}
	var registerTotal, paymentsTotal int64
	for _, total := range invoiced {
		registerTotal += total
	}
	refunds := map[string]string{}
	for _, r := range readCSV(t, payments) {
		paymentsTotal += cents(t, r["importe"])
		if r["movimiento"] == "devolucion" {
			refunds[r["referencia"]] = r["metodo"] + " " + r["importe"]
		}
	}
	if len(invoiced) != 4 || registerTotal != 0 || paymentsTotal != 0 {
		t.Errorf("%d invoices totalling %d, payments totalling %d; want 4 invoices, both 0:\n%s\n%s",
			len(invoiced), registerTotal, paymentsTotal, register, payments)
	}
	for _, ref := range []string{"TRF-ES-1", "TRF-PT-1"} {
		if got := refunds[ref]; got != "transfer -12.34" {
			t.Errorf("bank refund %s in the payments: %q, want %q", ref, got, "transfer -12.34")
		}
	}
}
