package order

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/lots"
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
	// At is when the step happened, when that was before it is recorded
	// (the carrier's delivery scan); zero is now. A delivery's time starts
	// the withdrawal period.
	At time.Time
}

// Effects are what a step brings with it besides the order's state. Every
// move to paid (a card or Bizum notification, a transfer the admin marks
// paid, cash collected on delivery) issues the order's simplified invoice
// and queues the "payment received" e-mail in the step's transaction: here
// once, so no path forgets either.
type Effects struct {
	// Mailer queues the e-mail; nil sends none.
	Mailer Mailer
	// Invoicer issues the invoice; its zero value reads the shop's identity
	// from the settings (invoice.SettingsIssuer), as shopd does.
	Invoicer invoice.Invoicer
}

// paid issues the invoice of an order that just became paid and queues its
// e-mail. While the shop's legal identity is not saved in the settings no
// invoice can be issued: the payment is still recorded (the money has
// arrived) and the missing invoice is logged for the owner, who issues it
// from the back office once the settings are complete.
func (fx Effects) paid(ctx context.Context, tx pgx.Tx, order db.Order) error {
	iv := fx.Invoicer
	if iv.Issuer == nil {
		iv.Issuer = invoice.SettingsIssuer{}
	}
	_, err := iv.IssueForPaidOrder(ctx, tx, order.ID)
	switch {
	case errors.Is(err, invoice.ErrIssuerMissing):
		slog.WarnContext(ctx, "order paid without an invoice: the shop's legal name, NIF and address are not saved in the settings", "order", order.ID)
	case errors.Is(err, invoice.ErrInvoicingHeld):
		// Invoicing waits for the chain to match the AEAT's after a
		// restore: the invoice is issued when it does.
		slog.WarnContext(ctx, "order paid; its invoice waits until invoicing is no longer held after the restore", "order", order.ID)
		if err := invoice.AwaitInvoice(ctx, tx, order.ID, invoice.Simplified, "", time.Now()); err != nil {
			return err
		}
	case err != nil:
		return fmt.Errorf("shop: invoice paid order %d: %w", order.ID, err)
	}
	return Notify(ctx, tx, fx.Mailer, order, "payment_received")
}

// Advance takes step in the caller's transaction tx with the order row
// locked, records each move in the timeline, and returns the order before
// and after. Delivering a cash-on-delivery order also records its payment
// (the desk or the carrier collected it), but for a parcel whose label was
// bought through the carrier platform with an amount to collect: the
// carrier keeps that money until its remittance (carrier.Reconcile), and
// the order is paid then. A move to paid brings fx's invoice and e-mail
// (Effects). A step the lifecycle refuses is a *Refusal.
func Advance(ctx context.Context, tx pgx.Tx, step Step, fx Effects) (before, after db.Order, err error) {
	q := db.New(tx)
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
			remitted, err := awaitsRemittance(ctx, q, step.OrderID)
			if err != nil {
				return before, before, err
			}
			if !remitted {
				events = append(events, event(step.OrderID, "payment", string(OnDelivery), string(Paid), SystemActor, nil, "collected on delivery"))
				pay = Paid
			}
		}
	}
	if len(events) == 0 {
		return before, before, errors.New("shop: a step moves the fulfilment, the payment or both")
	}
	if !step.At.IsZero() {
		for i := range events {
			events[i].At = &step.At
		}
	}
	after, err = q.SetOrderState(ctx, db.SetOrderStateParams{
		ID: step.OrderID, Status: string(f), PaymentStatus: string(pay), Carrier: carrier, TrackingNumber: tracking,
	})
	if err != nil {
		return before, before, fmt.Errorf("shop: update order %d: %w", step.OrderID, err)
	}
	if f == Preparing && Fulfilment(before.Status) != Preparing {
		// The lots the checkout took, shared among the lines: what the
		// packing slip says to pick.
		if err := lots.RecordOrderLines(ctx, q, step.OrderID); err != nil {
			return before, before, err
		}
	}
	for _, e := range events {
		if err := q.InsertOrderEvent(ctx, e); err != nil {
			return before, before, fmt.Errorf("shop: record step of order %d: %w", step.OrderID, err)
		}
	}
	if Payment(after.PaymentStatus) == Paid && Payment(before.PaymentStatus) != Paid {
		if err := fx.paid(ctx, tx, after); err != nil {
			return before, before, err
		}
	}
	return before, after, nil
}

// awaitsRemittance reports whether order id's cash is collected by the
// carrier platform's parcel, paid to the shop with its remittance rather
// than at the delivery.
func awaitsRemittance(ctx context.Context, q *db.Queries, id int64) (bool, error) {
	p, err := ParcelOf(ctx, q, id)
	if err != nil {
		return false, err
	}
	return p != nil && p.CodCents > 0, nil
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
