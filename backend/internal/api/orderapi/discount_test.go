package orderapi_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/pricing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

func withCode(req *connect.Request[saboresv1.PlaceOrderRequest], code string) *connect.Request[saboresv1.PlaceOrderRequest] {
	req.Msg.DiscountCode = code
	return req
}

// TestDiscountCodeLastUseRace: shoppers race for a code's one use; exactly
// one order gets it, every other checkout is refused with the limit's
// reason and writes nothing, and the counter says one.
func TestDiscountCodeLastUseRace(t *testing.T) {
	b := setup(t)
	exec(t, b.pool, `INSERT INTO discount_codes (code, kind, percent_basis_points, max_uses) VALUES ('ULTIMO', 'percentage', 1000, 1)`)
	const buyers = 8
	svc := orderapi.New(order.New(b.widePool(t, buyers)))
	ctxs := make([]context.Context, buyers)
	for i := range ctxs {
		ctxs[i] = b.shopper(t, fmt.Sprintf("racer%02d", i))
	}
	start := make(chan struct{})
	errs := make([]error, buyers)
	var wg sync.WaitGroup
	for i := range buyers {
		wg.Go(func() {
			<-start
			_, errs[i] = svc.PlaceOrder(ctxs[i], withCode(placeRequest(uuid.NewString(), card, line(2, 1)), "ultimo"))
		})
	}
	close(start)
	wg.Wait()
	won, winner, loser := 0, -1, -1
	for i, err := range errs {
		if err == nil {
			won++
			winner = i
			continue
		}
		loser = i
		infos := connecttest.ErrorInfos(t, err)
		if connecttest.Code(err) != connect.CodeFailedPrecondition || len(infos) != 1 || infos[0].GetReason() != "DISCOUNT_CODE_LIMIT_REACHED" {
			t.Errorf("buyer %d: %v (%v), want DISCOUNT_CODE_LIMIT_REACHED", i, err, infos)
		}
	}
	if won != 1 {
		t.Errorf("%d orders got the code's last use, want exactly 1", won)
	}
	if o, d := b.count(t, "orders"), b.count(t, "order_discounts"); o != 1 || d != 1 {
		t.Errorf("orders/discounts = %d/%d, want 1/1", o, d)
	}
	uses := func() int {
		var n int
		if err := b.pool.QueryRow(context.Background(), `SELECT uses FROM discount_codes WHERE code = 'ULTIMO'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := uses(); n != 1 {
		t.Errorf("uses = %d, want 1", n)
	}
	if winner < 0 || loser < 0 {
		t.Fatal("no winner and loser to go on with")
	}

	// The winner cancels: the use goes back to the code, once, and a loser
	// may now have it.
	var orderID int64
	if err := b.pool.QueryRow(context.Background(), `SELECT order_id FROM order_discounts`).Scan(&orderID); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := svc.CancelMyOrder(ctxs[winner], connect.NewRequest(&saboresv1.CancelMyOrderRequest{Id: orderID, Reason: "changed my mind"})); err != nil {
			t.Fatal(err)
		}
	}
	if n := uses(); n != 0 {
		t.Errorf("uses after the cancellation = %d, want 0", n)
	}
	if _, err := svc.PlaceOrder(ctxs[loser], withCode(placeRequest(uuid.NewString(), card, line(2, 1)), "ULTIMO")); err != nil {
		t.Errorf("the code given back: %v", err)
	}
	if n := uses(); n != 1 {
		t.Errorf("uses = %d, want 1", n)
	}
}

// TestDiscountCodeOnAnOrder: a 10 % code on food at 10 % and a perfume at
// 21 % is taken off the total, its VAT off each rate; the order's VAT by
// rate sums to its VAT; the shopper's second use beyond the per-shopper
// limit is refused; an excluded category takes nothing.
func TestDiscountCodeOnAnOrder(t *testing.T) {
	t.Parallel()
	b := setup(t)
	exec(t, b.pool, `
		INSERT INTO products (id, name, code, sku, category, price_cents, vat_basis_points, stock) VALUES
			(4, 'Perfume', 'CV-4', 'SKU-4', 'perfumes', 1500, 2100, 10);
		INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel) VALUES (4, 'brasil', true, 'both');
		INSERT INTO discount_codes (code, kind, percent_basis_points, max_uses_per_shopper, excluded_categories)
			VALUES ('BEMVINDO', 'percentage', 1000, 1, '{}'), ('SOPERFUME', 'percentage', 1000, 0, '{perfumes}');
		INSERT INTO discount_codes (code, kind, free_shipping) VALUES ('ENVIO', 'fixed', true);`)
	ctx := b.shopper(t, "rita")
	// 2 × 2,50 € at 10 % and 1 × 15 € at 21 %: 20 € of goods, 2 € off.
	res, err := b.svc.PlaceOrder(ctx, withCode(placeRequest(uuid.NewString(), card, line(1, 2), line(4, 1)), " bemvindo "))
	if err != nil {
		t.Fatal(err)
	}
	o := res.Msg.GetOrder()
	if o.GetDiscountCode() != "BEMVINDO" || o.GetDiscountCents() != 200 {
		t.Fatalf("discount %q %d, want BEMVINDO 200", o.GetDiscountCode(), o.GetDiscountCents())
	}
	if want := o.GetSubtotalCents() + o.GetShippingCents() + o.GetPaymentSurchargeCents() - 200; o.GetTotalCents() != want {
		t.Errorf("total %d, want %d", o.GetTotalCents(), want)
	}
	var vat, total int64
	for _, r := range o.GetVatByRate() {
		vat += r.GetVatCents()
		total += r.GetBaseCents() + r.GetVatCents()
	}
	if vat != o.GetVatCents() || total != o.GetTotalCents() {
		t.Errorf("vat by rate sums to %d/%d, order says %d/%d", vat, total, o.GetVatCents(), o.GetTotalCents())
	}
	// The discount's parts: 50 of 500 at 10 %, 150 of 1500 at 21 %.
	rows, err := b.pool.Query(context.Background(), `SELECT vat_basis_points, amount_cents, vat_cents FROM order_discount_parts ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	var parts [][3]int64
	for rows.Next() {
		var p [3]int64
		if err := rows.Scan(&p[0], &p[1], &p[2]); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	want := [][3]int64{{1000, 50, pricing.IncludedVAT(50, 1000)}, {2100, 150, pricing.IncludedVAT(150, 2100)}}
	if fmt.Sprint(parts) != fmt.Sprint(want) {
		t.Errorf("parts %v, want %v", parts, want)
	}

	_, err = b.svc.PlaceOrder(ctx, withCode(placeRequest(uuid.NewString(), card, line(1, 1)), "BEMVINDO"))
	if infos := connecttest.ErrorInfos(t, err); len(infos) != 1 || infos[0].GetReason() != "DISCOUNT_CODE_LIMIT_REACHED" {
		t.Errorf("second use: %v, want DISCOUNT_CODE_LIMIT_REACHED", err)
	}
	_, err = b.svc.PlaceOrder(ctx, withCode(placeRequest(uuid.NewString(), card, line(4, 1)), "SOPERFUME"))
	if infos := connecttest.ErrorInfos(t, err); len(infos) != 1 || infos[0].GetReason() != "DISCOUNT_CODE_NOTHING_ELIGIBLE" {
		t.Errorf("excluded category: %v, want DISCOUNT_CODE_NOTHING_ELIGIBLE", err)
	}
	_, err = b.svc.PlaceOrder(ctx, withCode(placeRequest(uuid.NewString(), card, line(4, 1)), "NINGUNO"))
	if infos := connecttest.ErrorInfos(t, err); len(infos) != 1 || infos[0].GetReason() != "DISCOUNT_CODE_UNKNOWN" {
		t.Errorf("unknown code: %v, want DISCOUNT_CODE_UNKNOWN", err)
	}

	// A free-shipping code: the shipping is not charged, and kept as waived.
	res, err = b.svc.PlaceOrder(b.shopper(t, "nuno"), withCode(placeRequest(uuid.NewString(), card, line(1, 1)), "envio"))
	if err != nil {
		t.Fatal(err)
	}
	o = res.Msg.GetOrder()
	if o.GetShippingCents() != 0 || o.GetShippingWaivedCents() == 0 || o.GetDiscountCents() != 0 || o.GetTotalCents() != o.GetSubtotalCents() {
		t.Errorf("free shipping: shipping %d waived %d discount %d total %d subtotal %d",
			o.GetShippingCents(), o.GetShippingWaivedCents(), o.GetDiscountCents(), o.GetTotalCents(), o.GetSubtotalCents())
	}
}
