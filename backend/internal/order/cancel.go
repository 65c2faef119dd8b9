package order

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/shop"
)

// Cancel cancels one of the shopper userID's orders while the lifecycle
// lets a shopper do so, giving its stock back in the same transaction, and
// returns it. A retry, or a race of retries, finds the order cancelled and
// answers with it. An order paid by card or Bizum gets its refund queued in
// that transaction.
func (s *Service) Cancel(ctx context.Context, userID, orderID int64, reason string) (Order, error) {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		order, cancelled, err := shop.Cancel(ctx, s.queries.WithTx(tx), shop.Cancellation{
			OrderID: orderID, OwnerID: userID, Who: shop.ShopperActor, ActorUserID: userID,
			Note: strings.TrimSpace(reason),
		})
		if err != nil || !cancelled {
			return err
		}
		if order, err = s.refundCancelled(ctx, tx, order, shop.ShopperActor, userID); err != nil {
			return err
		}
		return shop.Notify(ctx, tx, s.mailer, order, "cancelled")
	})
	if err != nil {
		return Order{}, err
	}
	return s.mine(ctx, userID, orderID)
}
