package orderapi_test

import (
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/shipping"
)

// adultRequest is placeRequest from a shopper who declared being 18 or over.
func adultRequest(key string, method saboresv1.PaymentMethod, lines ...*saboresv1.CartLineInput) *connect.Request[saboresv1.PlaceOrderRequest] {
	req := placeRequest(key, method, lines...)
	req.Msg.AgeDeclared = true
	return req
}

// TestAgeDeclaration: an order holding an age-restricted product is refused
// without the declaration (and takes nothing), and placed with it, keeping
// when it was declared and that the carrier must check ID; an order of
// nothing restricted needs no declaration and records none.
func TestAgeDeclaration(t *testing.T) {
	t.Parallel()
	b := setup(t)
	exec(t, b.pool, `UPDATE products SET age_restricted = true WHERE id = 1`)
	ctx := b.shopper(t, "maria")

	_, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), transfer, line(1, 1), line(2, 1)))
	code, reason, _ := refusal(t, err)
	if code != connect.CodeFailedPrecondition || reason != cart.ReasonAgeDeclarationRequired {
		t.Fatalf("without the declaration: %v %s, want FailedPrecondition %s", code, reason, cart.ReasonAgeDeclarationRequired)
	}
	if b.stock(t, 1) != 5 {
		t.Fatalf("stock = %d after a refused order, want 5", b.stock(t, 1))
	}
	before := time.Now()
	res, err := b.svc.PlaceOrder(ctx, adultRequest(uuid.NewString(), transfer, line(1, 1), line(2, 1)))
	if err != nil {
		t.Fatal(err)
	}
	o := res.Msg.GetOrder()
	if !o.GetIdCheckRequired() || o.GetAgeDeclareTime() == nil || o.GetAgeDeclareTime().AsTime().Before(before.Add(-time.Minute)) {
		t.Fatalf("order = id check %v, declared %v; want both recorded", o.GetIdCheckRequired(), o.GetAgeDeclareTime())
	}
	got, err := b.svc.GetMyOrder(ctx, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: o.GetId()}))
	if err != nil || !got.Msg.GetOrder().GetIdCheckRequired() {
		t.Fatalf("stored order: %v, %v", got, err)
	}
	plain, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), transfer, line(2, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if plain.Msg.GetOrder().GetIdCheckRequired() || plain.Msg.GetOrder().GetAgeDeclareTime() != nil {
		t.Fatalf("an order with nothing restricted records a declaration: %v", plain.Msg.GetOrder())
	}
}

// TestDeliveryAreas: checkout refuses what no shipping method takes where
// asked, with the real reason once (outside the EU VAT area for the Canary
// Islands, Ceuta and Melilla, whatever the goods; the cold chain for frozen
// goods to Baleares), and places the same order to the peninsula.
func TestDeliveryAreas(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.orders.WithLimits(noLimits) // the areas alone, not the share of a small stock cash orders may hold
	exec(t, b.pool, `UPDATE products SET frozen = true WHERE id = 2`)
	ctx := b.shopper(t, "maria")
	to := func(postal string, lines ...*saboresv1.CartLineInput) *connect.Request[saboresv1.PlaceOrderRequest] {
		req := placeRequest(uuid.NewString(), saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY, lines...)
		req.Msg.Delivery.PostalCode = postal
		return req
	}
	for _, tc := range []struct {
		postal string
		lines  []*saboresv1.CartLineInput
		area   string
		reason string
	}{
		{"35001", []*saboresv1.CartLineInput{line(1, 1)}, "canarias", shipping.OutsideVATArea},
		{"38400", []*saboresv1.CartLineInput{line(1, 1), line(2, 1)}, "canarias", shipping.OutsideVATArea},
		{"51001", []*saboresv1.CartLineInput{line(1, 1)}, "ceuta", shipping.OutsideVATArea},
		{"52001", []*saboresv1.CartLineInput{line(1, 1)}, "melilla", shipping.OutsideVATArea},
		{"07001", []*saboresv1.CartLineInput{line(1, 1), line(2, 1)}, "baleares", shipping.ColdChainArea},
	} {
		_, err := b.svc.PlaceOrder(ctx, to(tc.postal, tc.lines...))
		code, reason, meta := refusal(t, err)
		if code != connect.CodeFailedPrecondition || reason != tc.reason || meta["area"] != tc.area {
			t.Errorf("%s: %v %s %v, want %s for %s", tc.postal, code, reason, meta, tc.reason, tc.area)
		}
	}
	if _, err := b.svc.PlaceOrder(ctx, to("07001", line(1, 1))); err != nil {
		t.Errorf("ambient goods to Baleares: %v", err)
	}
	if _, err := b.svc.PlaceOrder(ctx, to("28013", line(1, 1), line(2, 1))); err != nil {
		t.Errorf("frozen goods to Madrid: %v", err)
	}
}

// TestFrozenMinimumAndDispatchDay: with a frozen-goods minimum configured,
// checkout refuses an order holding frozen goods below it (FROZEN_MINIMUM
// with the amounts) and takes nothing, places one reaching it, and does not
// apply it to an order without frozen goods; a cold-chain order keeps the
// day it leaves the shop, an ambient one none.
func TestFrozenMinimumAndDispatchDay(t *testing.T) {
	t.Parallel()
	b := setup(t)
	exec(t, b.pool, `UPDATE products SET frozen = true WHERE id = 2`)
	policy := deliveryarea.Default
	policy.FrozenMinimumCents = 2000
	b.orders.WithDeliveryAreas(policy)
	ctx := b.shopper(t, "maria")

	// Açaí is 850 at -20 %: 680 a unit.
	_, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), transfer, line(1, 1), line(2, 1)))
	code, reason, meta := refusal(t, err)
	if code != connect.CodeFailedPrecondition || reason != deliveryarea.MinimumReason || meta["minimum_cents"] != "2000" || meta["subtotal_cents"] != "930" {
		t.Fatalf("below the minimum: %v %s %v, want FailedPrecondition FROZEN_MINIMUM 2000/930", code, reason, meta)
	}
	if b.stock(t, 2) != 40 {
		t.Fatalf("stock = %d after a refused order, want 40", b.stock(t, 2))
	}
	before := policy.Dispatch.Next(time.Now())
	res, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), transfer, line(2, 3)))
	after := policy.Dispatch.Next(time.Now())
	if err != nil {
		t.Fatalf("3 × 680 reaches 2000: %v", err)
	}
	day := res.Msg.GetOrder().GetExpectedDispatchDate()
	if day != before.Format(time.DateOnly) && day != after.Format(time.DateOnly) {
		t.Fatalf("dispatch day = %q, want %s", day, before.Format(time.DateOnly))
	}
	stored, err := b.svc.GetMyOrder(ctx, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: res.Msg.GetOrder().GetId()}))
	if err != nil || stored.Msg.GetOrder().GetExpectedDispatchDate() != day {
		t.Fatalf("stored order's dispatch day: %v, %v; want %s", stored, err, day)
	}
	ambient, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), transfer, line(1, 1)))
	if err != nil {
		t.Fatalf("an ambient order below the frozen minimum: %v", err)
	}
	if ambient.Msg.GetOrder().GetExpectedDispatchDate() != "" {
		t.Fatalf("an ambient order has a dispatch day: %q", ambient.Msg.GetOrder().GetExpectedDispatchDate())
	}
}
