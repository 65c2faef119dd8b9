package payment

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// OrderRefunds refunds part of an order's card or Bizum payment, naming the
// order rather than the Redsys attempt: what the withdrawal function needs
// (shop.CardRefunder).
type OrderRefunds struct {
	Gateway *Gateway
	Pool    *pgxpool.Pool
	Client  *http.Client
}

// RefundOrder refunds amountCents of the order's authorised payment; an
// error unless Redsys accepted the refund.
func (r OrderRefunds) RefundOrder(ctx context.Context, orderID, amountCents int64, reason string) error {
	attempt, err := db.New(r.Pool).AuthorisedAttempt(ctx, orderID)
	if err != nil {
		return fmt.Errorf("payment: paid attempt of order %d: %w", orderID, err)
	}
	status, err := r.Gateway.Refund(ctx, r.Pool, r.Client, attempt.RedsysOrder, amountCents, reason)
	if err != nil {
		return err
	}
	if status != RefundAccepted {
		return errors.New("payment: Redsys " + status + " the refund of order " + fmt.Sprint(orderID))
	}
	return nil
}
