package order

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/discount"
	"github.com/sabores/sabores/backend/internal/fault"
)

// Cancel cancels one of the shopper userID's orders while the lifecycle
// lets a shopper do so, giving its stock back in the same transaction, and
// returns it. A retry, or a race of retries, finds the order cancelled and
// answers with it. An order paid by card or Bizum gets its refund queued in
// that transaction.
func (s *Service) Cancel(ctx context.Context, userID, orderID int64, reason string) (Order, error) {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		order, cancelled, err := Cancel(ctx, s.queries.WithTx(tx), Cancellation{
			OrderID: orderID, OwnerID: userID, Who: ShopperActor, ActorUserID: userID,
			Note: strings.TrimSpace(reason),
		})
		if err != nil || !cancelled {
			return err
		}
		if order, err = s.refundCancelled(ctx, tx, order, ShopperActor, userID); err != nil {
			return err
		}
		return Notify(ctx, tx, s.mailer, order, "cancelled")
	})
	if err != nil {
		return Order{}, err
	}
	return s.mine(ctx, userID, orderID)
}

// ErrOrderNotFound is an order that does not exist, or is not the shopper's;
// it is fault.ErrNotFound, NotFound at the edge.
var ErrOrderNotFound = fmt.Errorf("shop: order %w", fault.ErrNotFound)

// Cancellation asks for one order to be cancelled.
type Cancellation struct {
	OrderID int64
	// OwnerID, when not 0, is the shopper the order must belong to.
	OwnerID int64
	Who     Actor
	// ActorUserID is the shopper or admin cancelling; 0 for the system.
	ActorUserID int64
	// Expiry cancels only an order still awaiting its payment, and books the
	// stock back as expired rather than cancelled.
	Expiry bool
	Note   string
	// NotePT, when set, is Note as the timeline says it to an order in
	// Portuguese (a note the system writes; a person's note stays as typed).
	NotePT string
}

// Cancel cancels an order and gives its stock and its discount code's use
// back, in the caller's transaction q. It is safe to repeat and to race: the conditional update of
// the order row lets exactly one caller through, and only that one restores
// the stock; the others find the order cancelled and get it back with
// done false. A step the lifecycle refuses is a *Refusal.
func Cancel(ctx context.Context, q *db.Queries, c Cancellation) (order db.Order, done bool, err error) {
	// Two rounds at most: the order may move (paid, prepared) between the
	// read and the update, and then the rules are asked again.
	for range 2 {
		order, err = q.GetOrder(ctx, c.OrderID)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && c.OwnerID != 0 && order.UserID != c.OwnerID) {
			return db.Order{}, false, fmt.Errorf("%w: %d", ErrOrderNotFound, c.OrderID)
		}
		if err != nil {
			return db.Order{}, false, fmt.Errorf("shop: read order %d: %w", c.OrderID, err)
		}
		from, pay := Fulfilment(order.Status), Payment(order.PaymentStatus)
		if from == Cancelled {
			return order, false, nil
		}
		if c.Expiry && !Unpaid(from, pay) {
			return order, false, nil
		}
		if err := CanFulfil(from, Cancelled, pay, c.Who); err != nil {
			return order, false, err
		}
		cancelled, err := q.CancelOrder(ctx, db.CancelOrderParams{
			ID: c.OrderID, FromStates: []string{string(from)}, OnlyUnpaid: c.Expiry,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			return db.Order{}, false, fmt.Errorf("shop: cancel order %d: %w", c.OrderID, err)
		}
		if err := restoreStock(ctx, q, c); err != nil {
			return db.Order{}, false, err
		}
		if err := discount.Release(ctx, q, c.OrderID); err != nil {
			return db.Order{}, false, err
		}
		var actor *int64
		if c.ActorUserID != 0 {
			actor = &c.ActorUserID
		}
		f, note := string(from), c.Note
		if c.NotePT != "" {
			note = LocalNote(order.Language, c.Note, c.NotePT)
		}
		if err := q.InsertOrderEvent(ctx, db.InsertOrderEventParams{
			OrderID: c.OrderID, Machine: "fulfilment", FromState: &f, ToState: string(Cancelled),
			Actor: string(c.Who), ActorUserID: actor, Note: note,
		}); err != nil {
			return db.Order{}, false, fmt.Errorf("shop: record cancellation of order %d: %w", c.OrderID, err)
		}
		return cancelled, true, nil
	}
	order, err = q.GetOrder(ctx, c.OrderID)
	if err != nil {
		return db.Order{}, false, fmt.Errorf("shop: read order %d: %w", c.OrderID, err)
	}
	return order, Fulfilment(order.Status) == Cancelled, nil
}

// restoreStock books the order's units back in the ledger, locking the
// products in id order first as checkout does.
func restoreStock(ctx context.Context, q *db.Queries, c Cancellation) error {
	kind := "cancellation"
	if c.Expiry {
		kind = "expiry"
	}
	actor := ""
	if c.ActorUserID != 0 {
		actor = strconv.FormatInt(c.ActorUserID, 10)
	}
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: kind, OrderID: strconv.FormatInt(c.OrderID, 10), ActorUserID: actor, Note: c.Note,
	}); err != nil {
		return fmt.Errorf("shop: book the return of order %d: %w", c.OrderID, err)
	}
	ids, err := q.OrderProductIDs(ctx, c.OrderID)
	if err != nil {
		return fmt.Errorf("shop: products of order %d: %w", c.OrderID, err)
	}
	if _, err := q.LockProducts(ctx, ids); err != nil {
		return fmt.Errorf("shop: lock products of order %d: %w", c.OrderID, err)
	}
	if _, err := q.RestoreOrderStock(ctx, c.OrderID); err != nil {
		return fmt.Errorf("shop: give back the stock of order %d: %w", c.OrderID, err)
	}
	return nil
}
