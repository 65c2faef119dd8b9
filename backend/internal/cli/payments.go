package cli

import (
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/devredsys"
	"github.com/sabores/sabores/backend/internal/payment"
)

// paymentRoutes adds what card and Bizum payments need to routes: Redsys's
// notification endpoint when a terminal (or the development gateway) is
// configured, and the development gateway itself when it is on. Until the
// order side implements payment.Recorder, notifications decide the
// attempts only.
func paymentRoutes(app *App, pool *pgxpool.Pool, routes map[string]http.Handler) error {
	cfg := app.Config
	merchant, _, ok := cfg.Redsys()
	if !ok {
		return nil
	}
	routes["POST "+payment.NotificationPath] = payment.NewNotifications(pool, merchant, payment.NoRecorder{}, app.Log)
	if cfg.DevRedsys {
		// The gateway notifies this very shop at PUBLIC_URL, as Redsys would.
		gateway, err := devredsys.New(config.DevRedsysPrefix, cfg.PublicURL, &http.Client{Timeout: 10 * time.Second}, app.Log)
		if err != nil {
			return fmt.Errorf("development payment gateway: %w", err)
		}
		routes[config.DevRedsysPrefix] = gateway
		app.Log.Warn("development payment gateway on: card and Bizum payments are approved by hand at " + cfg.PublicURL + config.DevRedsysPrefix)
	}
	return nil
}
