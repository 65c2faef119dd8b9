package admin

import (
	"context"
	"fmt"
	"strings"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// WithMailer returns s queueing shoppers' e-mails through m.
func (s *Service) WithMailer(m shop.Mailer) *Service {
	s.mailer = m
	return s
}

// WithRefunds returns s queueing the refund of a cancelled order's card or
// Bizum payment through r, and retrying a failed one.
func (s *Service) WithRefunds(r shop.Refunds) *Service {
	s.refunds = r
	return s
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

// AdvanceOrder takes one lifecycle step as the admin, in one transaction
// with its timeline event, its audit event and the shopper's e-mail; a move
// to paid (a transfer received, cash collected on delivery) also issues the
// order's invoice, and cancelling an order paid by card or Bizum queues the
// refund of its payment (shop.RefundCancelled).
func (s *Service) AdvanceOrder(ctx context.Context, req *connect.Request[saboresv1.AdvanceOrderRequest]) (*connect.Response[saboresv1.AdvanceOrderResponse], error) {
	m := req.Msg
	note := strings.TrimSpace(m.GetNote())
	step := shop.Step{OrderID: m.GetId(), Who: shop.AdminActor, Note: note}
	if id := shop.ActorUserID(ctx); id != nil {
		step.ActorUserID = *id
	}
	var email string
	switch m.GetAction() {
	case saboresv1.OrderAction_ORDER_ACTION_MARK_PAID:
		// The invoice and the "payment received" e-mail come with the move
		// to paid (shop.Effects).
		step.Pay = shop.Paid
	case saboresv1.OrderAction_ORDER_ACTION_START_PREPARING:
		step.Fulfil = shop.Preparing
	case saboresv1.OrderAction_ORDER_ACTION_SHIP:
		step.Fulfil, email = shop.Shipped, "shipped"
		step.Carrier, step.TrackingNumber = strings.TrimSpace(m.GetCarrier()), strings.TrimSpace(m.GetTrackingNumber())
		if step.Carrier == "" || step.TrackingNumber == "" {
			return nil, fault.InvalidField("tracking_number", "shipping needs a carrier and a tracking number")
		}
	case saboresv1.OrderAction_ORDER_ACTION_MARK_DELIVERED:
		step.Fulfil = shop.Delivered
	case saboresv1.OrderAction_ORDER_ACTION_CANCEL:
		if note == "" {
			return nil, fault.InvalidField("note", "say why the order is cancelled")
		}
		step.Fulfil, email = shop.Cancelled, "cancelled"
	default:
		return nil, fault.InvalidField("action", "must be a known action")
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		var before, after db.Order
		var err error
		if step.Pay == shop.Paid {
			// The method never changes: checked before the step locks the row.
			if before, err = q.GetOrder(ctx, step.OrderID); err != nil {
				return fmt.Errorf("admin: read order %d: %w", step.OrderID, err)
			}
			if err := shop.CheckAction(shop.MarkPaid, shop.Fulfilment(before.Status), shop.Payment(before.PaymentStatus), before.PaymentMethod, shop.AdminActor); err != nil {
				return err
			}
		}
		if step.Fulfil == shop.Cancelled {
			if before, err = q.GetOrder(ctx, step.OrderID); err != nil {
				return fmt.Errorf("admin: read order %d: %w", step.OrderID, err)
			}
			var done bool
			after, done, err = shop.Cancel(ctx, q, shop.Cancellation{
				OrderID: step.OrderID, Who: shop.AdminActor, ActorUserID: step.ActorUserID, Note: note,
			})
			if err != nil || !done {
				return err
			}
			if after, err = shop.RefundCancelled(ctx, tx, after, s.refunds, shop.AdminActor, step.ActorUserID); err != nil {
				return err
			}
		} else if before, after, err = shop.Advance(ctx, tx, step, shop.Effects{Mailer: s.mailer}); err != nil {
			return err
		}
		if err := shop.Audit(ctx, q, "order.advance", fmt.Sprintf("order:%d", step.OrderID),
			auditOf(before, ""), auditOf(after, note)); err != nil {
			return err
		}
		if email == "" {
			return nil
		}
		return shop.Notify(ctx, tx, s.mailer, after, email)
	})
	if err != nil {
		return nil, err
	}
	stored, err := s.q.GetOrder(ctx, m.GetId())
	if err != nil {
		return nil, fmt.Errorf("admin: read order %d: %w", m.GetId(), err)
	}
	orders, err := shop.OrdersWithLines(ctx, s.q, []db.Order{stored})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.AdvanceOrderResponse{Order: orders[0]}), nil
}
