package order

import (
	"github.com/sabores/sabores/backend/internal/db"
)

// Action is a step the back office takes on an order: what the order desk
// offers, decided here by the lifecycle's rules so no screen repeats them.
type Action string

// The order desk's actions, in the order a desk offers them.
const (
	ActionMarkPaid       Action = "mark_paid"
	ActionStartPreparing Action = "start_preparing"
	ActionShip           Action = "ship"
	ActionMarkDelivered  Action = "mark_delivered"
	ActionCancel         Action = "cancel"
	// ActionReadyForPickup: a pickup order is packed and waits at the
	// shop; ActionMarkDelivered then records it collected.
	ActionReadyForPickup Action = "ready_for_pickup"
)

// DeskActions lists every action, in the order a desk offers them.
var DeskActions = []Action{ActionMarkPaid, ActionStartPreparing, ActionReadyForPickup, ActionShip, ActionMarkDelivered, ActionCancel}

// ReasonNotManualPayment refuses marking paid by hand anything but a bank
// transfer or cash delivered and not yet remitted: a card or Bizum payment
// is recorded by the gateway's notification and cash on delivery by the
// delivery or the carrier's remittance.
const ReasonNotManualPayment = "PAYMENT_NOT_MANUAL"

// ReasonPickupOrder refuses shipping an order collected at the shop, and
// ReasonNotPickupOrder marking ready for pickup an order that ships.
const (
	ReasonPickupOrder    = "PICKUP_ORDER"
	ReasonNotPickupOrder = "NOT_PICKUP_ORDER"
)

// CheckAction reports whether who may take action on an order standing at
// f and pay, paid by method (as stored: card, bizum, transfer, cash) and
// collected at the shop or not (pickup); nil means yes, otherwise a
// *Refusal.
func CheckAction(a Action, f Fulfilment, pay Payment, method string, pickup bool, who Actor) error {
	switch {
	case a == ActionShip && pickup:
		return &Refusal{Reason: ReasonPickupOrder, From: string(f), To: string(Shipped), Actor: who}
	case a == ActionReadyForPickup && !pickup:
		return &Refusal{Reason: ReasonNotPickupOrder, From: string(f), To: string(ReadyForPickup), Actor: who}
	}
	switch a {
	case ActionMarkPaid:
		if err := CanPay(pay, Paid, f, who); err != nil {
			return err
		}
		// Cash a carrier delivered but has not remitted yet (a remittance
		// line the desk looked into, or the money handed over otherwise).
		if method != "transfer" && (method != "cash" || f != Delivered) {
			return &Refusal{Reason: ReasonNotManualPayment, From: string(pay), To: string(Paid), Actor: who}
		}
		return nil
	case ActionStartPreparing:
		return CanFulfil(f, Preparing, pay, who)
	case ActionShip:
		return CanFulfil(f, Shipped, pay, who)
	case ActionReadyForPickup:
		return CanFulfil(f, ReadyForPickup, pay, who)
	case ActionMarkDelivered:
		return CanFulfil(f, Delivered, pay, who)
	case ActionCancel:
		return CanFulfil(f, Cancelled, pay, who)
	default:
		return &Refusal{Reason: ReasonTransitionNotAllowed, From: string(f), To: string(a), Actor: who}
	}
}

// Actions are the actions who may take on o now.
func Actions(o db.Order, who Actor) []Action {
	var out []Action
	for _, a := range DeskActions {
		if CheckAction(a, Fulfilment(o.Status), Payment(o.PaymentStatus), o.PaymentMethod, IsPickup(o), who) == nil {
			out = append(out, a)
		}
	}
	return out
}

// IsPickup reports whether o is collected at the shop.
func IsPickup(o db.Order) bool {
	return o.PickupCode != nil
}
