package cli

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/shop"
)

// redsysRefunds refunds withdrawn lines through the order's card or Bizum
// payment, with the payment package's Redsys refund.
type redsysRefunds struct {
	gateway *payment.Gateway
	pool    *pgxpool.Pool
	client  *http.Client
}

// cardRefunds is the Redsys refunder the configuration allows, or nil when
// no terminal (nor the development gateway) is configured.
func cardRefunds(cfg *config.Config, pool *pgxpool.Pool) shop.CardRefunder {
	merchant, endpoints, ok := cfg.Redsys()
	if !ok {
		return nil
	}
	return redsysRefunds{
		gateway: &payment.Gateway{Merchant: merchant, Endpoints: endpoints},
		pool:    pool, client: &http.Client{Timeout: 20 * time.Second},
	}
}

// RefundOrder refunds amountCents of the order's authorised payment.
func (r redsysRefunds) RefundOrder(ctx context.Context, orderID, amountCents int64, reason string) error {
	attempt, err := db.New(r.pool).AuthorisedAttempt(ctx, orderID)
	if err != nil {
		return fmt.Errorf("withdrawal refund: payment of order %d: %w", orderID, err)
	}
	status, err := r.gateway.Refund(ctx, r.pool, r.client, attempt.RedsysOrder, amountCents, reason)
	if err != nil {
		return err
	}
	if status != payment.RefundAccepted {
		return errors.New("withdrawal refund: Redsys " + status + " the refund")
	}
	return nil
}
