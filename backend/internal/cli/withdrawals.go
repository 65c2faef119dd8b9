package cli

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/shop"
)

// cardRefunds is the Redsys refunder the configuration allows for
// withdrawals, or nil when no terminal (nor the development gateway) is
// configured.
func cardRefunds(cfg *config.Config, pool *pgxpool.Pool) shop.CardRefunder {
	merchant, endpoints, ok := cfg.Redsys()
	if !ok {
		return nil
	}
	return payment.OrderRefunds{
		Gateway: &payment.Gateway{Merchant: merchant, Endpoints: endpoints},
		Pool:    pool, Client: &http.Client{Timeout: 20 * time.Second},
	}
}
