package shop_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/shop"
)

// TestCanFulfil checks every (from, to, payment, actor) of the fulfilment
// machine against the spelled-out list of what is allowed; everything else
// must be refused with the right reason.
func TestCanFulfil(t *testing.T) {
	t.Parallel()
	type step struct {
		from, to shop.Fulfilment
		who      shop.Actor
	}
	edges := map[step]bool{
		{shop.Placed, shop.Preparing, shop.AdminActor}:     true,
		{shop.Preparing, shop.Shipped, shop.AdminActor}:    true,
		{shop.Shipped, shop.Delivered, shop.AdminActor}:    true,
		{shop.Shipped, shop.Delivered, shop.SystemActor}:   true,
		{shop.Placed, shop.Cancelled, shop.ShopperActor}:   true,
		{shop.Placed, shop.Cancelled, shop.AdminActor}:     true,
		{shop.Placed, shop.Cancelled, shop.SystemActor}:    true,
		{shop.Preparing, shop.Cancelled, shop.AdminActor}:  true,
		{shop.Preparing, shop.Cancelled, shop.SystemActor}: true,
	}
	// A step any actor may take, to tell "no such step" from "not yours".
	exists := func(from, to shop.Fulfilment) bool {
		for _, who := range shop.Actors {
			if edges[step{from, to, who}] {
				return true
			}
		}
		return false
	}
	for _, from := range shop.Fulfilments {
		for _, to := range shop.Fulfilments {
			for _, pay := range shop.Payments {
				for _, who := range shop.Actors {
					name := fmt.Sprintf("%s→%s/%s/%s", from, to, pay, who)
					want := ""
					switch {
					case !exists(from, to):
						want = shop.ReasonTransitionNotAllowed
					case !edges[step{from, to, who}]:
						want = shop.ReasonActorNotAllowed
					case to == shop.Preparing && pay != shop.Paid && pay != shop.OnDelivery:
						want = shop.ReasonNotPaid
					}
					if got := reason(shop.CanFulfil(from, to, pay, who)); got != want {
						t.Errorf("%s: reason %q, want %q", name, got, want)
					}
				}
			}
		}
	}
}

// TestCanPay checks every (from, to, fulfilment, actor) of the payment machine.
func TestCanPay(t *testing.T) {
	t.Parallel()
	staff := []shop.Actor{shop.AdminActor, shop.SystemActor}
	edges := map[[2]shop.Payment][]shop.Actor{
		{shop.AwaitingPayment, shop.Paid}:                staff,
		{shop.OnDelivery, shop.Paid}:                     staff,
		{shop.Paid, shop.Refunded}:                       staff,
		{shop.Paid, shop.PartiallyRefunded}:              staff,
		{shop.PartiallyRefunded, shop.PartiallyRefunded}: staff,
		{shop.PartiallyRefunded, shop.Refunded}:          staff,
	}
	for _, from := range shop.Payments {
		for _, to := range shop.Payments {
			for _, f := range shop.Fulfilments {
				for _, who := range shop.Actors {
					name := fmt.Sprintf("%s→%s/%s/%s", from, to, f, who)
					actors, ok := edges[[2]shop.Payment{from, to}]
					want := ""
					switch {
					case !ok:
						want = shop.ReasonTransitionNotAllowed
					case !slices.Contains(actors, who):
						want = shop.ReasonActorNotAllowed
					case to == shop.Paid && f == shop.Cancelled:
						want = shop.ReasonOrderCancelled
					case from == shop.OnDelivery && f != shop.Delivered:
						want = shop.ReasonNotDelivered
					}
					if got := reason(shop.CanPay(from, to, f, who)); got != want {
						t.Errorf("%s: reason %q, want %q", name, got, want)
					}
				}
			}
		}
	}
}

// TestShopperCancelsOnlyBeforePreparing is the rule the shopper sees: the
// cancel button exists while the order is placed, whatever its payment.
func TestShopperCancelsOnlyBeforePreparing(t *testing.T) {
	t.Parallel()
	for _, f := range shop.Fulfilments {
		for _, pay := range shop.Payments {
			got := slices.Contains(shop.NextFulfilments(f, pay, shop.ShopperActor), shop.Cancelled)
			if want := f == shop.Placed; got != want {
				t.Errorf("%s/%s: shopper may cancel = %v, want %v", f, pay, got, want)
			}
		}
	}
}

// TestNextFulfilmentsForAdmin lists the admin's actions on typical orders.
func TestNextFulfilmentsForAdmin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		f    shop.Fulfilment
		pay  shop.Payment
		want []shop.Fulfilment
	}{
		{shop.Placed, shop.AwaitingPayment, []shop.Fulfilment{shop.Cancelled}},
		{shop.Placed, shop.Paid, []shop.Fulfilment{shop.Preparing, shop.Cancelled}},
		{shop.Placed, shop.OnDelivery, []shop.Fulfilment{shop.Preparing, shop.Cancelled}},
		{shop.Preparing, shop.Paid, []shop.Fulfilment{shop.Shipped, shop.Cancelled}},
		{shop.Shipped, shop.OnDelivery, []shop.Fulfilment{shop.Delivered}},
		{shop.Delivered, shop.Paid, nil},
		{shop.Cancelled, shop.Refunded, nil},
	}
	for _, tt := range tests {
		if got := shop.NextFulfilments(tt.f, tt.pay, shop.AdminActor); !slices.Equal(got, tt.want) {
			t.Errorf("%s/%s: %v, want %v", tt.f, tt.pay, got, tt.want)
		}
	}
}

// TestUnpaid names the orders that hold stock without their money.
func TestUnpaid(t *testing.T) {
	t.Parallel()
	for _, f := range shop.Fulfilments {
		for _, pay := range shop.Payments {
			if got, want := shop.Unpaid(f, pay), f == shop.Placed && pay == shop.AwaitingPayment; got != want {
				t.Errorf("Unpaid(%s, %s) = %v, want %v", f, pay, got, want)
			}
		}
	}
}

func reason(err error) string {
	if err == nil {
		return ""
	}
	var r *shop.Refusal
	if !errors.As(err, &r) {
		return "not a refusal: " + err.Error()
	}
	return r.Reason
}
