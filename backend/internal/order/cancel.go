package order

import (
	"context"
	"strings"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// CancelMyOrder cancels one of the caller's orders while the lifecycle lets a
// shopper do so, giving its stock back in the same transaction. A retry, or
// a race of retries, finds the order cancelled and answers with it. An
// order paid by card or Bizum gets its refund queued in that transaction.
func (s *Service) CancelMyOrder(ctx context.Context, req *connect.Request[saboresv1.CancelMyOrderRequest]) (*connect.Response[saboresv1.CancelMyOrderResponse], error) {
	userID, err := shop.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		order, cancelled, err := shop.Cancel(ctx, s.queries.WithTx(tx), shop.Cancellation{
			OrderID: req.Msg.GetId(), OwnerID: userID, Who: shop.ShopperActor, ActorUserID: userID,
			Note: strings.TrimSpace(req.Msg.GetReason()),
		})
		if err != nil || !cancelled {
			return err
		}
		if order, err = shop.RefundCancelled(ctx, tx, order, s.refunds, shop.ShopperActor, userID); err != nil {
			return err
		}
		return shop.Notify(ctx, tx, s.mailer, order, "cancelled")
	})
	if err != nil {
		return nil, err
	}
	order, err := shop.GetOrder(ctx, s.queries, userID, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CancelMyOrderResponse{Order: order}), nil
}
