package order

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// checkUnpaid refuses an order when the shopper already has as many orders
// holding stock unpaid (card, Bizum and transfer orders awaiting their
// payment, cash orders not yet delivered) as the limits allow, or when it
// would take them past the units a shopper may order in a day.
func (s *Service) checkUnpaid(ctx context.Context, q *db.Queries, userID int64, in placeOrder) error {
	var units int64
	for _, l := range in.lines {
		units += int64(l.Quantity)
	}
	held, err := q.CountUnpaidOrdersForUser(ctx, db.CountUnpaidOrdersForUserParams{UserID: userID, Since: time.Now().Add(-24 * time.Hour)})
	if err != nil {
		return fmt.Errorf("order: count unpaid orders: %w", err)
	}
	if err := s.limits.CheckDailyUnits(held.UnitsSince, units); err != nil {
		return err
	}
	return s.limits.CheckUnpaidOrders(held.Unpaid)
}

// checkTransferShare refuses transfer order orderID when it would let unpaid
// transfers hold too much of a product. It runs after takeStock, with every
// product of the order locked, so concurrent transfer orders of the same
// product (from any account) see each other.
func (s *Service) checkTransferShare(ctx context.Context, q *db.Queries, orderID int64, in placeOrder, lines []pricing.Line) error {
	if in.method != "transfer" && in.method != "cash" {
		return nil
	}
	ids := make([]int64, len(lines))
	for i, l := range lines {
		ids[i] = l.ProductID
	}
	held, err := q.UnpaidTransferUnits(ctx, db.UnpaidTransferUnitsParams{ProductIds: ids, OrderID: orderID})
	if err != nil {
		return fmt.Errorf("order: units held by transfers: %w", err)
	}
	heldBy := make(map[int64]int32, len(held))
	for _, h := range held {
		heldBy[h.ProductID] = h.Units
	}
	left, err := q.LockProducts(ctx, ids)
	if err != nil {
		return fmt.Errorf("order: read stock left: %w", err)
	}
	leftBy := make(map[int64]int32, len(left))
	for _, p := range left {
		leftBy[p.ID] = p.Stock
	}
	for _, l := range lines {
		if err := s.limits.CheckTransferShare(l.ProductID, heldBy[l.ProductID], l.Quantity, leftBy[l.ProductID]); err != nil {
			return err
		}
	}
	return nil
}

// language picks the shopper's e-mail language from the checkout request's
// Accept-Language: Portuguese when preferred over Spanish, else Spanish.
func language(accept string) string {
	for part := range strings.SplitSeq(accept, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case strings.HasPrefix(tag, "pt"):
			return "pt"
		case strings.HasPrefix(tag, "es"):
			return "es"
		}
	}
	return "es"
}

// Fulfilment is where an order stands on its way to the shopper, stored in
// orders.status. Returns after delivery belong to the law issue and will
// extend this machine.
type Fulfilment string

// The fulfilment states.
const (
	Placed    Fulfilment = "placed"
	Preparing Fulfilment = "preparing"
	// ReadyForPickup: an order collected at the shop is packed and waits
	// for the shopper; collecting it delivers it.
	ReadyForPickup Fulfilment = "ready_for_pickup"
	Shipped        Fulfilment = "shipped"
	Delivered      Fulfilment = "delivered"
	Cancelled      Fulfilment = "cancelled"
)

// Fulfilments lists every fulfilment state, in the order an order passes them.
var Fulfilments = []Fulfilment{Placed, Preparing, ReadyForPickup, Shipped, Delivered, Cancelled}

// Payment is where an order's money stands, stored in orders.payment_status.
type Payment string

// The payment states.
const (
	AwaitingPayment   Payment = "awaiting_payment"
	OnDelivery        Payment = "on_delivery"
	Paid              Payment = "paid"
	PartiallyRefunded Payment = "partially_refunded"
	Refunded          Payment = "refunded"
)

// PaymentStates lists every payment state.
var PaymentStates = []Payment{AwaitingPayment, OnDelivery, Paid, PartiallyRefunded, Refunded}

// Actor is who makes a transition; it is recorded with every order event.
type Actor string

// The actors.
const (
	ShopperActor Actor = "shopper"
	AdminActor   Actor = "admin"
	SystemActor  Actor = "system"
)

// Actors lists every actor.
var Actors = []Actor{ShopperActor, AdminActor, SystemActor}

// The reasons of a refused transition, as ErrorInfo reasons clients translate.
const (
	// ReasonTransitionNotAllowed: the machine has no such step from here.
	ReasonTransitionNotAllowed = "ORDER_TRANSITION_NOT_ALLOWED"
	// ReasonActorNotAllowed: the step exists but this actor may not take it
	// (a shopper cancelling an order already being prepared).
	ReasonActorNotAllowed = "ORDER_TRANSITION_FORBIDDEN"
	// ReasonNotPaid: an order is prepared only when paid or paid on delivery.
	ReasonNotPaid = "ORDER_NOT_PAID"
	// ReasonOrderCancelled: a cancelled order takes no payment.
	ReasonOrderCancelled = "ORDER_CANCELLED"
	// ReasonNotDelivered: cash on delivery is paid when the order is delivered.
	ReasonNotDelivered = "ORDER_NOT_DELIVERED"
)

// Refusal is a transition the lifecycle does not allow. Services map it to
// FailedPrecondition (PermissionDenied for ReasonActorNotAllowed) with an
// ErrorInfo carrying Reason.
type Refusal struct {
	Reason string
	From   string
	To     string
	Actor  Actor
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("the %s may not move the order from %s to %s (%s)", r.Actor, r.From, r.To, r.Reason)
}

// Fault names the states of the refused step.
func (r *Refusal) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: r.Reason, Message: r.Error(), Metadata: map[string]string{"from": r.From, "to": r.To}}
}

// fulfilmentSteps are the fulfilment machine's edges and who may take each.
// Anything unlisted is refused. Cancelling is open to the shopper only while
// nothing has been done for the order yet; the system cancels unpaid orders
// when they expire; the admin may still cancel while preparing (a product
// found damaged), never once shipped.
var fulfilmentSteps = map[[2]Fulfilment][]Actor{
	{Placed, Preparing}:  {AdminActor},
	{Preparing, Shipped}: {AdminActor},
	{Shipped, Delivered}: {AdminActor, SystemActor},
	// A pickup at the shop: the desk says it is ready, then collected.
	// Which of shipping and this an order takes is its shipping method's
	// (CheckAction).
	{Preparing, ReadyForPickup}: {AdminActor},
	{ReadyForPickup, Delivered}: {AdminActor},
	{Placed, Cancelled}:         {ShopperActor, AdminActor, SystemActor},
	// The system cancels on the shopper's behalf when they withdraw before
	// the order ships (withdrawals.go); the admin when a product is damaged.
	{Preparing, Cancelled}: {AdminActor, SystemActor},
	// Not collected (the shopper withdraws, or never comes).
	{ReadyForPickup, Cancelled}: {AdminActor, SystemActor},
}

// paymentSteps are the payment machine's edges and who may take each. The
// system is the card processor's notification and, for cash on delivery,
// the delivery itself.
var paymentSteps = map[[2]Payment][]Actor{
	{AwaitingPayment, Paid}:                {AdminActor, SystemActor},
	{OnDelivery, Paid}:                     {AdminActor, SystemActor},
	{Paid, Refunded}:                       {AdminActor, SystemActor},
	{Paid, PartiallyRefunded}:              {AdminActor, SystemActor},
	{PartiallyRefunded, Refunded}:          {AdminActor, SystemActor},
	{PartiallyRefunded, PartiallyRefunded}: {AdminActor, SystemActor},
}

// CanFulfil reports whether who may move an order from one fulfilment state
// to another, given where its payment stands; nil means yes.
func CanFulfil(from, to Fulfilment, pay Payment, who Actor) error {
	refuse := func(reason string) error {
		return &Refusal{Reason: reason, From: string(from), To: string(to), Actor: who}
	}
	actors, ok := fulfilmentSteps[[2]Fulfilment{from, to}]
	if !ok {
		return refuse(ReasonTransitionNotAllowed)
	}
	if !slices.Contains(actors, who) {
		return refuse(ReasonActorNotAllowed)
	}
	if to == Preparing && pay != Paid && pay != OnDelivery {
		return refuse(ReasonNotPaid)
	}
	return nil
}

// CanPay reports whether who may move an order's payment from one state to
// another, given where its fulfilment stands; nil means yes. A cancelled
// order takes no money (a transfer arriving late is returned, not booked),
// and cash on delivery becomes paid only once delivered.
func CanPay(from, to Payment, f Fulfilment, who Actor) error {
	refuse := func(reason string) error {
		return &Refusal{Reason: reason, From: string(from), To: string(to), Actor: who}
	}
	actors, ok := paymentSteps[[2]Payment{from, to}]
	if !ok {
		return refuse(ReasonTransitionNotAllowed)
	}
	if !slices.Contains(actors, who) {
		return refuse(ReasonActorNotAllowed)
	}
	if to == Paid && f == Cancelled {
		return refuse(ReasonOrderCancelled)
	}
	if from == OnDelivery && f != Delivered {
		return refuse(ReasonNotDelivered)
	}
	return nil
}

// NextFulfilments are the fulfilment states who may move an order to from
// here: the actions a screen offers.
func NextFulfilments(from Fulfilment, pay Payment, who Actor) []Fulfilment {
	var out []Fulfilment
	for _, to := range Fulfilments {
		if CanFulfil(from, to, pay, who) == nil {
			out = append(out, to)
		}
	}
	return out
}

// Unpaid reports whether an order holds stock without its money: the orders
// that expire and that the hoarding limits count.
func Unpaid(f Fulfilment, pay Payment) bool {
	return f == Placed && pay == AwaitingPayment
}
