package order

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shop"
)

// CancelRefundReason is the reason recorded with the refund of a cancelled
// order's payment.
const CancelRefundReason = "order cancelled"

// refundCancelled gives back the whole card or Bizum payment of an order
// just cancelled (shop.Cancel's done), in the cancellation's transaction tx: the
// refund is queued and the payment moves to refunded in the timeline. who
// moves the payment: the admin cancelling, or the system when the shopper
// cancelled (a shopper takes no payment step). Any other order (unpaid,
// paid by transfer or on delivery) is returned unchanged: a transfer's
// money goes back by hand. A cancellation that found the order already
// cancelled never gets here, so a repeated cancel queues no second refund.
func (s *Service) refundCancelled(ctx context.Context, tx pgx.Tx, order db.Order, who shop.Actor, actorUserID int64) (db.Order, error) {
	if shop.Payment(order.PaymentStatus) != shop.Paid || (order.PaymentMethod != "card" && order.PaymentMethod != "bizum") {
		return order, nil
	}
	if s.refunds == nil {
		return order, errors.New("order: card refunds are not configured")
	}
	attempt, err := db.New(tx).AuthorisedAttempt(ctx, order.ID)
	if err != nil {
		return order, fmt.Errorf("order: paid attempt of cancelled order %d: %w", order.ID, err)
	}
	if err := s.refunds.QueueRefund(ctx, tx, attempt.RedsysOrder, attempt.AmountCents, CancelRefundReason); err != nil {
		return order, err
	}
	if who == shop.ShopperActor {
		who, actorUserID = shop.SystemActor, 0
	}
	_, after, err := shop.Advance(ctx, tx, shop.Step{
		OrderID: order.ID, Who: who, ActorUserID: actorUserID, Pay: shop.Refunded,
		Note: localNote(order.Language,
			fmt.Sprintf("Devolución de %s pedida a Redsys (pedido %s)", pricing.Euros(attempt.AmountCents), attempt.RedsysOrder),
			fmt.Sprintf("Reembolso de %s pedido à Redsys (pedido %s)", pricing.Euros(attempt.AmountCents), attempt.RedsysOrder)),
	}, shop.Effects{})
	if err != nil {
		return order, err
	}
	if err := shop.CorrectCancelled(ctx, tx, s.invoicer, order.ID); err != nil {
		return order, err
	}
	return after, nil
}
