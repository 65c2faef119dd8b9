package shop

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// Step is one move of an order along its lifecycle, other than cancelling
// (Cancel, which also gives the stock back).
type Step struct {
	OrderID     int64
	Who         Actor
	ActorUserID int64
	// Fulfil is the fulfilment state to move to, or "" for none.
	Fulfil Fulfilment
	// Pay is the payment state to move to, or "" for none.
	Pay Payment
	// Carrier and TrackingNumber go with a move to Shipped.
	Carrier, TrackingNumber string
	Note                    string
}

// Advance takes step in the caller's transaction q with the order row
// locked, records each move in the timeline, and returns the order before
// and after. Delivering a cash-on-delivery order also records its payment:
// the carrier collected it. A step the lifecycle refuses is a *Refusal.
func Advance(ctx context.Context, q *db.Queries, step Step) (before, after db.Order, err error) {
	before, err = q.GetOrderForUpdate(ctx, step.OrderID)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Order{}, db.Order{}, fmt.Errorf("%w: %d", ErrOrderNotFound, step.OrderID)
	}
	if err != nil {
		return db.Order{}, db.Order{}, fmt.Errorf("shop: lock order %d: %w", step.OrderID, err)
	}
	f, pay := Fulfilment(before.Status), Payment(before.PaymentStatus)
	var events []db.InsertOrderEventParams
	actor := step.actor()
	if step.Pay != "" {
		if err := CanPay(pay, step.Pay, f, step.Who); err != nil {
			return before, before, err
		}
		events = append(events, event(step.OrderID, "payment", string(pay), string(step.Pay), step.Who, actor, step.Note))
		pay = step.Pay
	}
	carrier, tracking := before.Carrier, before.TrackingNumber
	if step.Fulfil != "" {
		if step.Fulfil == Cancelled {
			return before, before, errors.New("shop: cancel with Cancel, which gives the stock back")
		}
		if err := CanFulfil(f, step.Fulfil, pay, step.Who); err != nil {
			return before, before, err
		}
		events = append(events, event(step.OrderID, "fulfilment", string(f), string(step.Fulfil), step.Who, actor, step.Note))
		f = step.Fulfil
		if f == Shipped {
			carrier, tracking = step.Carrier, step.TrackingNumber
		}
		if f == Delivered && pay == OnDelivery {
			events = append(events, event(step.OrderID, "payment", string(OnDelivery), string(Paid), SystemActor, nil, "collected on delivery"))
			pay = Paid
		}
	}
	if len(events) == 0 {
		return before, before, errors.New("shop: a step moves the fulfilment, the payment or both")
	}
	after, err = q.SetOrderState(ctx, db.SetOrderStateParams{
		ID: step.OrderID, Status: string(f), PaymentStatus: string(pay), Carrier: carrier, TrackingNumber: tracking,
	})
	if err != nil {
		return before, before, fmt.Errorf("shop: update order %d: %w", step.OrderID, err)
	}
	for _, e := range events {
		if err := q.InsertOrderEvent(ctx, e); err != nil {
			return before, before, fmt.Errorf("shop: record step of order %d: %w", step.OrderID, err)
		}
	}
	return before, after, nil
}

func (s Step) actor() *int64 {
	if s.ActorUserID == 0 {
		return nil
	}
	return &s.ActorUserID
}

func event(orderID int64, machine, from, to string, who Actor, actor *int64, note string) db.InsertOrderEventParams {
	return db.InsertOrderEventParams{
		OrderID: orderID, Machine: machine, FromState: &from, ToState: to,
		Actor: string(who), ActorUserID: actor, Note: note,
	}
}
