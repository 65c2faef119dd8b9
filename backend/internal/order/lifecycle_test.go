package order_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/order"
)

// TestCanFulfil checks every (from, to, payment, actor) of the fulfilment
// machine against the spelled-out list of what is allowed; everything else
// must be refused with the right reason.
func TestCanFulfil(t *testing.T) {
	t.Parallel()
	type step struct {
		from, to order.Fulfilment
		who      order.Actor
	}
	edges := map[step]bool{
		{order.Placed, order.Preparing, order.AdminActor}:     true,
		{order.Preparing, order.Shipped, order.AdminActor}:    true,
		{order.Shipped, order.Delivered, order.AdminActor}:    true,
		{order.Shipped, order.Delivered, order.SystemActor}:   true,
		{order.Placed, order.Cancelled, order.ShopperActor}:   true,
		{order.Placed, order.Cancelled, order.AdminActor}:     true,
		{order.Placed, order.Cancelled, order.SystemActor}:    true,
		{order.Preparing, order.Cancelled, order.AdminActor}:  true,
		{order.Preparing, order.Cancelled, order.SystemActor}: true,
		// Pickup at the shop.
		{order.Preparing, order.ReadyForPickup, order.AdminActor}:  true,
		{order.ReadyForPickup, order.Delivered, order.AdminActor}:  true,
		{order.ReadyForPickup, order.Cancelled, order.AdminActor}:  true,
		{order.ReadyForPickup, order.Cancelled, order.SystemActor}: true,
	}
	// A step any actor may take, to tell "no such step" from "not yours".
	exists := func(from, to order.Fulfilment) bool {
		for _, who := range order.Actors {
			if edges[step{from, to, who}] {
				return true
			}
		}
		return false
	}
	for _, from := range order.Fulfilments {
		for _, to := range order.Fulfilments {
			for _, pay := range order.PaymentStates {
				for _, who := range order.Actors {
					name := fmt.Sprintf("%s→%s/%s/%s", from, to, pay, who)
					want := ""
					switch {
					case !exists(from, to):
						want = order.ReasonTransitionNotAllowed
					case !edges[step{from, to, who}]:
						want = order.ReasonActorNotAllowed
					case to == order.Preparing && pay != order.Paid && pay != order.OnDelivery:
						want = order.ReasonNotPaid
					}
					if got := reason(order.CanFulfil(from, to, pay, who)); got != want {
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
	staff := []order.Actor{order.AdminActor, order.SystemActor}
	edges := map[[2]order.Payment][]order.Actor{
		{order.AwaitingPayment, order.Paid}:                staff,
		{order.OnDelivery, order.Paid}:                     staff,
		{order.Paid, order.Refunded}:                       staff,
		{order.Paid, order.PartiallyRefunded}:              staff,
		{order.PartiallyRefunded, order.PartiallyRefunded}: staff,
		{order.PartiallyRefunded, order.Refunded}:          staff,
	}
	for _, from := range order.PaymentStates {
		for _, to := range order.PaymentStates {
			for _, f := range order.Fulfilments {
				for _, who := range order.Actors {
					name := fmt.Sprintf("%s→%s/%s/%s", from, to, f, who)
					actors, ok := edges[[2]order.Payment{from, to}]
					want := ""
					switch {
					case !ok:
						want = order.ReasonTransitionNotAllowed
					case !slices.Contains(actors, who):
						want = order.ReasonActorNotAllowed
					case to == order.Paid && f == order.Cancelled:
						want = order.ReasonOrderCancelled
					case from == order.OnDelivery && f != order.Delivered:
						want = order.ReasonNotDelivered
					}
					if got := reason(order.CanPay(from, to, f, who)); got != want {
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
	for _, f := range order.Fulfilments {
		for _, pay := range order.PaymentStates {
			got := slices.Contains(order.NextFulfilments(f, pay, order.ShopperActor), order.Cancelled)
			if want := f == order.Placed; got != want {
				t.Errorf("%s/%s: shopper may cancel = %v, want %v", f, pay, got, want)
			}
		}
	}
}

// TestNextFulfilmentsForAdmin lists the admin's actions on typical orders.
func TestNextFulfilmentsForAdmin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		f    order.Fulfilment
		pay  order.Payment
		want []order.Fulfilment
	}{
		{order.Placed, order.AwaitingPayment, []order.Fulfilment{order.Cancelled}},
		{order.Placed, order.Paid, []order.Fulfilment{order.Preparing, order.Cancelled}},
		{order.Placed, order.OnDelivery, []order.Fulfilment{order.Preparing, order.Cancelled}},
		{order.Preparing, order.Paid, []order.Fulfilment{order.ReadyForPickup, order.Shipped, order.Cancelled}},
		{order.ReadyForPickup, order.OnDelivery, []order.Fulfilment{order.Delivered, order.Cancelled}},
		{order.Shipped, order.OnDelivery, []order.Fulfilment{order.Delivered}},
		{order.Delivered, order.Paid, nil},
		{order.Cancelled, order.Refunded, nil},
	}
	for _, tt := range tests {
		if got := order.NextFulfilments(tt.f, tt.pay, order.AdminActor); !slices.Equal(got, tt.want) {
			t.Errorf("%s/%s: %v, want %v", tt.f, tt.pay, got, tt.want)
		}
	}
}

// TestUnpaid names the orders that hold stock without their money.
func TestUnpaid(t *testing.T) {
	t.Parallel()
	for _, f := range order.Fulfilments {
		for _, pay := range order.PaymentStates {
			if got, want := order.Unpaid(f, pay), f == order.Placed && pay == order.AwaitingPayment; got != want {
				t.Errorf("Unpaid(%s, %s) = %v, want %v", f, pay, got, want)
			}
		}
	}
}

func reason(err error) string {
	if err == nil {
		return ""
	}
	var r *order.Refusal
	if !errors.As(err, &r) {
		return "not a refusal: " + err.Error()
	}
	return r.Reason
}
