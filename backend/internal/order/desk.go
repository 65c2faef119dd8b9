package order

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/shipping"
)

// paidStep is the payment of one order received: by Redsys's notification
// (the system), or a transfer the desk sees arrive (the admin).
type paidStep struct {
	OrderID int64
	Who     Actor
	// ActorUserID is the admin marking it; 0 for the system or an API key.
	ActorUserID int64
	Note        string
}

// effects are what a move to paid brings in its transaction, the same on
// every path: the invoice, with its VeriFactu submission queued when the
// invoicer has a queue, and the "payment received" e-mail.
func (s *Service) effects() Effects {
	return Effects{Mailer: s.mailer, Invoicer: s.invoicer}
}

// markPaid moves an order to paid in the caller's transaction tx: the one
// path of every payment (MarkPaid, Redsys's RecordAuthorisation), so none
// forgets the invoice, its VeriFactu submission or the e-mail. A step the
// lifecycle refuses is a *Refusal.
func (s *Service) markPaid(ctx context.Context, tx pgx.Tx, p paidStep) (before, after db.Order, err error) {
	return Advance(ctx, tx, Step{
		OrderID: p.OrderID, Who: p.Who, ActorUserID: p.ActorUserID, Pay: Paid, Note: p.Note,
	}, s.effects())
}

// MarkPaid records, as the order desk, that a transfer order's money has
// arrived: in one transaction with its timeline and audit events, the
// invoice, its VeriFactu submission and the "payment received" e-mail. Only
// a transfer is marked paid by hand (PAYMENT_NOT_MANUAL otherwise): a card
// or Bizum payment is recorded by Redsys's notification, cash by the
// delivery.
// by is the admin (or API key) marking it.
func (s *Service) MarkPaid(ctx context.Context, orderID int64, by audit.Caller, note string) (Order, error) {
	return s.Advance(ctx, DeskStep{OrderID: orderID, Action: ActionMarkPaid, By: by, Note: note})
}

// DeskStep is one action the order desk takes on an order as the admin.
type DeskStep struct {
	OrderID int64
	Action  Action
	// By is the admin (or API key) taking it, for the timeline and the
	// audit trail.
	By   audit.Caller
	Note string
	// Carrier and TrackingNumber go with ActionShip.
	Carrier, TrackingNumber string
	// ConfirmOffDay ships a cold-chain order on a day such parcels do not
	// leave, which is otherwise refused with a warning (CheckDispatchDay).
	ConfirmOffDay bool
}

// orderAudit is what the audit trail keeps of an order's state.
type orderAudit struct {
	Status         string `json:"status"`
	PaymentStatus  string `json:"payment_status"`
	Carrier        string `json:"carrier,omitempty"`
	TrackingNumber string `json:"tracking_number,omitempty"`
	Note           string `json:"note,omitempty"`
}

func auditOf(o db.Order, note string) orderAudit {
	return orderAudit{Status: o.Status, PaymentStatus: o.PaymentStatus, Carrier: o.Carrier, TrackingNumber: o.TrackingNumber, Note: note}
}

// Advance takes one lifecycle step as the admin, in one transaction with
// its timeline event, its audit event and the shopper's e-mail; a move to
// paid (a transfer received, cash collected on delivery) also issues the
// order's invoice with its VeriFactu submission (effects), and cancelling
// an order paid by card or Bizum queues the refund of its payment
// (refundCancelled). It returns the order as it then stands.
func (s *Service) Advance(ctx context.Context, d DeskStep) (Order, error) {
	note := strings.TrimSpace(d.Note)
	step := Step{OrderID: d.OrderID, Who: AdminActor, ActorUserID: d.By.UserID, Note: note}
	var email string
	switch d.Action {
	case ActionMarkPaid:
		step.Pay = Paid
	case ActionStartPreparing:
		step.Fulfil = Preparing
	case ActionShip:
		step.Fulfil, email = Shipped, "shipped"
		step.Carrier, step.TrackingNumber = strings.TrimSpace(d.Carrier), strings.TrimSpace(d.TrackingNumber)
		if step.Carrier == "" || step.TrackingNumber == "" {
			return Order{}, fault.InvalidField("tracking_number", "shipping needs a carrier and a tracking number")
		}
	case ActionReadyForPickup:
		step.Fulfil, email = ReadyForPickup, "ready_for_pickup"
	case ActionMarkDelivered:
		step.Fulfil = Delivered
	case ActionCancel:
		if note == "" {
			return Order{}, fault.InvalidField("note", "say why the order is cancelled")
		}
		step.Fulfil, email = Cancelled, "cancelled"
	default:
		return Order{}, fault.InvalidField("action", "must be a known action")
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.queries.WithTx(tx)
		var before, after db.Order
		var err error
		switch {
		case step.Pay == Paid:
			// The method never changes: checked before the step locks the row.
			if before, err = q.GetOrder(ctx, step.OrderID); err != nil {
				return fmt.Errorf("order: read order %d: %w", step.OrderID, err)
			}
			if err := CheckAction(ActionMarkPaid, Fulfilment(before.Status), Payment(before.PaymentStatus), before.PaymentMethod, IsPickup(before), AdminActor); err != nil {
				return err
			}
			if before, after, err = s.markPaid(ctx, tx, paidStep{OrderID: step.OrderID, Who: AdminActor, ActorUserID: step.ActorUserID, Note: note}); err != nil {
				return err
			}
		case step.Fulfil == Cancelled:
			if before, err = q.GetOrder(ctx, step.OrderID); err != nil {
				return fmt.Errorf("order: read order %d: %w", step.OrderID, err)
			}
			var done bool
			after, done, err = Cancel(ctx, q, Cancellation{
				OrderID: step.OrderID, Who: AdminActor, ActorUserID: step.ActorUserID, Note: note,
			})
			if err != nil || !done {
				return err
			}
			if after, err = s.refundCancelled(ctx, tx, after, AdminActor, step.ActorUserID); err != nil {
				return err
			}
		default:
			// Whether the order ships or is collected never changes:
			// checked before the step locks the row.
			o, err := q.GetOrder(ctx, step.OrderID)
			if errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("%w: %d", ErrOrderNotFound, step.OrderID)
			}
			if err != nil {
				return fmt.Errorf("order: read order %d: %w", step.OrderID, err)
			}
			if err := CheckAction(d.Action, Fulfilment(o.Status), Payment(o.PaymentStatus), o.PaymentMethod, IsPickup(o), AdminActor); err != nil {
				return err
			}
			if d.Action == ActionMarkDelivered && IsPickup(o) {
				email = "collected"
			}
			if step.Fulfil == Shipped {
				if step.Note, err = s.checkDispatch(ctx, q, step.OrderID, d.ConfirmOffDay, step.Note); err != nil {
					return err
				}
				note = step.Note
			}
			if before, after, err = Advance(ctx, tx, step, s.effects()); err != nil {
				return err
			}
		}
		if err := audit.Record(ctx, q, d.By, "order.advance", fmt.Sprintf("order:%d", step.OrderID),
			auditOf(before, ""), auditOf(after, note)); err != nil {
			return err
		}
		if email == "" {
			return nil
		}
		return Notify(ctx, tx, s.mailer, after, email)
	})
	if err != nil {
		return Order{}, err
	}
	stored, err := s.queries.GetOrder(ctx, d.OrderID)
	if err != nil {
		return Order{}, fmt.Errorf("order: read order %d: %w", d.OrderID, err)
	}
	orders, err := WithLines(ctx, s.queries, []db.Order{stored})
	if err != nil {
		return Order{}, err
	}
	return orders[0], nil
}

// checkDispatch warns before a cold-chain order leaves on a day it must
// not (CheckDispatchDay) unless the desk confirmed it, and returns the
// step's note, which then says so.
func (s *Service) checkDispatch(ctx context.Context, q *db.Queries, orderID int64, confirmed bool, note string) (string, error) {
	o, err := q.GetOrder(ctx, orderID)
	if err != nil {
		return note, fmt.Errorf("order: read order %d: %w", orderID, err)
	}
	if !o.DispatchOn.Valid {
		return note, nil
	}
	rates, err := shipping.Load(ctx, q, s.areas.Dispatch)
	if err != nil {
		return note, err
	}
	err = CheckDispatchDay(o, DispatchOf(rates, o), time.Now())
	switch {
	case err == nil:
		return note, nil
	case confirmed:
		return OffDayNote(note), nil
	}
	return note, err
}

// carriers are the carriers the shop knows a tracking page of, by the
// name an admin types (compared without case, spaces or dashes), with the
// page of one parcel; %s is the tracking number, escaped.
var carriers = []struct{ name, page string }{
	{"Correos", "https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=%s"},
	{"Correos Express", "https://s.correosexpress.com/search?shippingNumber=%s"},
	{"SEUR", "https://www.seur.com/livetracking/?segOnlineIdentificador=%s"},
	{"MRW", "https://www.mrw.es/seguimiento_envios/MRW_resultados_consultas.asp?modo=nacional&envio=%s"},
	{"GLS", "https://gls-group.com/ES/es/seguimiento-envios/?match=%s"},
	{"DHL", "https://www.dhl.com/es-es/home/seguimiento.html?tracking-id=%s"},
	{"UPS", "https://www.ups.com/track?loc=es_ES&tracknum=%s"},
	{"CTT", "https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=%s"},
}

// Carriers are the names of the carriers TrackingURL links, for the desk's
// suggestions.
func Carriers() []string {
	out := make([]string, len(carriers))
	for i, c := range carriers {
		out[i] = c.name
	}
	return out
}

// trackingPages are the carriers' pages by carrierKey, keyed once rather
// than for every order mapped: the order desk maps a page of shipped
// orders at each request.
var trackingPages = func() map[string]string {
	out := make(map[string]string, len(carriers))
	for _, c := range carriers {
		out[carrierKey(c.name)] = c.page
	}
	return out
}()

func carrierKey(name string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '_' || r == '.' {
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(name)))
}

// TrackingURL is the carrier's tracking page of a parcel, or "" for a
// carrier the shop does not know or no number: then the number is shown
// as text.
func TrackingURL(carrier, number string) string {
	number = strings.TrimSpace(number)
	if number == "" {
		return ""
	}
	if page, ok := trackingPages[carrierKey(carrier)]; ok {
		return fmt.Sprintf(page, url.QueryEscape(number))
	}
	return ""
}

// Timeline reads an order's events, oldest first, as shopper and admin see them.
func Timeline(ctx context.Context, q *db.Queries, orderID int64) ([]db.OrderEvent, error) {
	rows, err := q.ListOrderEvents(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("shop: timeline of order %d: %w", orderID, err)
	}
	return rows, nil
}
