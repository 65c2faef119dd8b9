package orderapi_test

import (
	"slices"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestCashOrdersCannotHoard replays the review: one new account placed five
// cash-on-delivery orders and held 950 of 958 units. Cash orders now count
// as unpaid until delivered, share the transfers' cap on a product's stock,
// and every order counts toward the units a shopper may order in a day.
func TestCashOrdersCannotHoard(t *testing.T) {
	t.Parallel()
	b := setup(t)
	// Light units, so 300 of them are a parcel: the limit, not the weight, refuses.
	exec(t, b.pool, `UPDATE products SET stock = 1000, price_cents = 100, shipping_weight_grams = 10 WHERE id = 2`)
	limits := order.DefaultLimits()
	svc := orderapi.New(order.New(b.pool).WithLimits(limits))
	ctx := b.shopper(t, "hoarder")
	place := func(quantity int32) error {
		_, err := svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), cash, line(2, quantity)))
		return err
	}
	for i := range 3 {
		if err := place(10); err != nil {
			t.Fatalf("cash order %d within the limits: %v", i+1, err)
		}
	}
	if code, reason, _ := refusal(t, place(1)); code != connect.CodeResourceExhausted || reason != order.ReasonTooManyUnpaidOrders {
		t.Errorf("a fourth undelivered cash order: %v %s, want ResourceExhausted TOO_MANY_UNPAID_ORDERS", code, reason)
	}
	// Delivered and paid, they no longer count as unpaid.
	exec(t, b.pool, `UPDATE orders SET status = 'delivered', payment_status = 'paid' WHERE payment_method = 'cash'`)
	if err := place(10); err != nil {
		t.Fatalf("a cash order once the others were delivered: %v", err)
	}

	// Cash and transfer orders of all shoppers hold at most 25 % of a
	// product: of 970 units (960 on the shelf, 10 held by the undelivered
	// cash order above), 242, so 232 more.
	other := orderapi.New(order.New(b.pool).WithLimits(order.Limits{MaxUnitsPerLine: 1000, MaxUnpaidOrders: 10, TransferSharePercent: 25, MaxUnitsPerDay: 1000}))
	_, err := other.PlaceOrder(b.shopper(t, "reseller"), placeRequest(uuid.NewString(), cash, line(2, 300)))
	if code, reason, meta := refusal(t, err); code != connect.CodeFailedPrecondition || reason != order.ReasonTransferShareLimit || meta["available"] != "232" {
		t.Errorf("a cash order for 30 %% of the stock: %v %s %v, want TRANSFER_SHARE_LIMIT with 232 available", code, reason, meta)
	}

	// 60 units a day: 40 ordered today (cancelled orders aside).
	daily := orderapi.New(order.New(b.pool).WithLimits(order.Limits{MaxUnitsPerLine: 24, MaxUnpaidOrders: 10, TransferSharePercent: 100, MaxUnitsPerDay: 60}))
	if _, err := daily.PlaceOrder(ctx, placeRequest(uuid.NewString(), card, line(2, 21))); err == nil {
		t.Error("an order taking the shopper to 61 units today was placed")
	} else if code, reason, meta := refusal(t, err); code != connect.CodeFailedPrecondition || reason != order.ReasonDailyUnitsLimit || meta["available"] != "20" {
		t.Errorf("61 units today: %v %s %v, want FailedPrecondition DAILY_UNITS_LIMIT with 20 available", code, reason, meta)
	}
	exec(t, b.pool, `UPDATE orders SET status = 'cancelled' WHERE status = 'delivered'`)
	if _, err := daily.PlaceOrder(ctx, placeRequest(uuid.NewString(), card, line(2, 21))); err != nil {
		t.Errorf("cancelled orders count toward no day's units: %v", err)
	}
}

// TestCashBelowTheLegalLimit: no payment of 1 000 € or more in cash when one
// party is a business (Ley 7/2012 art. 7): cash on delivery is refused from
// it on, with its reason; a card takes the same order.
func TestCashBelowTheLegalLimit(t *testing.T) {
	t.Parallel()
	b := setup(t)
	exec(t, b.pool, `UPDATE products SET price_cents = 50000, stock = 10 WHERE id = 1`)
	ctx := b.shopper(t, "maria")
	_, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), cash, line(1, 2)))
	if code, reason, meta := refusal(t, err); code != connect.CodeFailedPrecondition || reason != order.ReasonCashLimit || meta["max_cents"] != "100000" {
		t.Errorf("1 000 € cash on delivery: %v %s %v, want FailedPrecondition CASH_LIMIT", code, reason, meta)
	}
	if _, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), cash, line(1, 1))); err != nil {
		t.Errorf("500 € cash on delivery: %v", err)
	}
	// The payment step says so before the shopper picks cash.
	options := func(lines ...*saboresv1.CartLineInput) *saboresv1.GetPaymentOptionsResponse {
		t.Helper()
		res, err := b.svc.GetPaymentOptions(ctx, connect.NewRequest(&saboresv1.GetPaymentOptionsRequest{Lines: lines}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg
	}
	if got := options(line(1, 2)); slices.Contains(got.GetPaymentMethods(), cash) || len(got.GetUnavailablePaymentMethods()) != 1 ||
		got.GetUnavailablePaymentMethods()[0].GetPaymentMethod() != cash || got.GetUnavailablePaymentMethods()[0].GetReason() != order.ReasonCashLimit ||
		got.GetUnavailablePaymentMethods()[0].GetMetadata()["max_cents"] != "100000" {
		t.Errorf("options for 1 000 €: %v", got)
	}
	for name, lines := range map[string][]*saboresv1.CartLineInput{"500 €": {line(1, 1)}, "no lines": nil} {
		if got := options(lines...); !slices.Contains(got.GetPaymentMethods(), cash) || len(got.GetUnavailablePaymentMethods()) != 0 {
			t.Errorf("options for %s: %v", name, got)
		}
	}
	if _, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), card, line(1, 2))); err != nil {
		t.Errorf("1 000 € by card: %v", err)
	}
}
