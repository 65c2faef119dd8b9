package withdrawalapi_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/discount"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// discounted gives the order (3 guaranás at 2,50 € and 1 açaí at 8,00 €,
// 10 % VAT; 2 perfumes at 10,00 €, 21 %) a fixed 1,00 € code as PlaceOrder
// does: the parts by rate (discount.Split) and each line's share of them
// (discount.Check's LineCents), and the order's total net of it.
func (b *bundle) discounted(t *testing.T, orderID int64) {
	t.Helper()
	ctx := context.Background()
	q := db.New(b.pool)
	row, err := q.InsertDiscountCode(ctx, db.InsertDiscountCodeParams{Code: "UNEURO", Kind: "fixed", AmountCents: 100,
		ExcludedProductIds: []int64{}, ExcludedCategories: []string{}})
	if err != nil {
		t.Fatal(err)
	}
	applied, err := discount.Check(discount.FromRow(row), []discount.Line{
		{ProductID: b.ambient, VATBasisPoints: 1000, TotalCents: 750},
		{ProductID: b.frozen, VATBasisPoints: 1000, TotalCents: 800},
		{ProductID: b.sealed, VATBasisPoints: 2100, TotalCents: 2000},
	}, discount.Shopper{}, b.now)
	if err != nil {
		t.Fatal(err)
	}
	// 100 × 1 550/3 550 = 43,66 and 100 × 2 000/3 550 = 56,34: 43 + 56,
	// the cent to the larger fraction: 44 at 10 %, 56 at 21 %. The 44
	// over the guaranás (750) and the açaí (800): 21,29 and 22,71 → 21 + 22,
	// the cent to the açaí.
	if want := []int64{21, 23, 56}; !slices.Equal(applied.LineCents, want) {
		t.Fatalf("line shares %v, want %v", applied.LineCents, want)
	}
	tx, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if err := discount.Redeem(ctx, q.WithTx(tx), applied, orderID, b.userOf(t, orderID), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET total_cents = total_cents - 100 WHERE id = $1`, orderID); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
}

func (b *bundle) userOf(t *testing.T, orderID int64) int64 {
	t.Helper()
	var id int64
	if err := b.pool.QueryRow(context.Background(), `SELECT user_id FROM orders WHERE id = $1`, orderID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// withdrawAndRefund withdraws lines, receives them all and refunds them by
// transfer, returning the withdrawal as received (its refund to come) and
// as refunded.
func (b *bundle) withdrawAndRefund(t *testing.T, ctx context.Context, orderID int64, l []*saboresv1.WithdrawalLineInput) (received, refunded *saboresv1.Withdrawal) {
	t.Helper()
	res, err := b.svc.WithdrawMyOrder(ctx, connect.NewRequest(&saboresv1.WithdrawMyOrderRequest{OrderId: orderID, Lines: l}))
	if err != nil {
		t.Fatal(err)
	}
	id := res.Msg.GetWithdrawal().GetId()
	rec, err := b.back.ReceiveWithdrawal(admin(), connect.NewRequest(&saboresv1.ReceiveWithdrawalRequest{Id: id}))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := b.back.RefundWithdrawal(admin(), connect.NewRequest(&saboresv1.RefundWithdrawalRequest{Id: id, BankReference: "TRF-1"}))
	if err != nil {
		t.Fatal(err)
	}
	return rec.Msg.GetWithdrawal(), ref.Msg.GetWithdrawal()
}

// TestPartialRefundOfDiscountedOrder refunds the goods of an order sold
// with a 1,00 € code in two withdrawals: each refund is the lines' prices
// less their share of the discount (as the received withdrawal announced
// it), each corrective invoice takes back exactly that, giving back the
// discount's share on its rate's discount line, and the refunds with the
// açaí kept sum to what the shopper paid, never more.
func TestPartialRefundOfDiscountedOrder(t *testing.T) {
	b := setup(t, false)
	ctx, userID := b.shopper(t, "rosa")
	orderID := b.order(t, userID, "transfer", "delivered", b.now.Add(-time.Hour))
	b.discounted(t, orderID)

	// 2 of 3 guaranás: 500 − 14 (2/3 of 21); 1 of 2 perfumes: 1 000 − 28.
	rec, first := b.withdrawAndRefund(t, ctx, orderID, lines(1, 2, 3, 1))
	if rec.GetRefundCents() != 1458 || first.GetRefundCents() != 1458 {
		t.Fatalf("first refund announced %d, made %d; want 1 458 (1 500 less 42 of the discount)", rec.GetRefundCents(), first.GetRefundCents())
	}
	// The last guaraná: 250 − 7; the other perfume: 1 000 − 28.
	_, second := b.withdrawAndRefund(t, ctx, orderID, lines(1, 1, 3, 1))
	if second.GetRefundCents() != 1215 {
		t.Fatalf("second refund %d, want 1 215", second.GetRefundCents())
	}
	var paid int64
	if err := b.pool.QueryRow(context.Background(), `SELECT total_cents FROM orders WHERE id = $1`, orderID).Scan(&paid); err != nil {
		t.Fatal(err)
	}
	// The açaí kept cost 800 less its 23: 3 450 paid = 1 458 + 1 215 + 777.
	if got := first.GetRefundCents() + second.GetRefundCents(); paid != 3450 || got != paid-777 {
		t.Fatalf("refunded %d of %d paid; want %d", got, paid, paid-777)
	}

	rows, err := b.pool.Query(context.Background(), `SELECT i.total_cents, l.description, l.quantity, l.vat_basis_points, l.total_cents
		FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
		WHERE i.order_id = $1 AND i.kind = 'corrective' ORDER BY i.id, l.line_no, l.total_cents`, orderID)
	if err != nil {
		t.Fatal(err)
	}
	type line struct {
		invoice     int64
		description string
		quantity    int32
		rate        int32
		cents       int64
	}
	var got []line
	for rows.Next() {
		var l line
		if err := rows.Scan(&l.invoice, &l.description, &l.quantity, &l.rate, &l.cents); err != nil {
			t.Fatal(err)
		}
		got = append(got, l)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// Lines 4 and 5 are the discount's, at 10 % and 21 %.
	want := []line{
		{-1458, "Guaraná", -2, 1000, -500}, {-1458, "Perfume", -1, 2100, -1000},
		{-1458, "discount:UNEURO", -1, 1000, 14}, {-1458, "discount:UNEURO", -1, 2100, 28},
		{-1215, "Guaraná", -1, 1000, -250}, {-1215, "Perfume", -1, 2100, -1000},
		{-1215, "discount:UNEURO", -1, 1000, 7}, {-1215, "discount:UNEURO", -1, 2100, 28},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("corrective lines\n%v\nwant\n%v", got, want)
	}
}
