package cli

import (
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/devredsys"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/metrics"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/payment"
)

// paymentGateway is the Redsys terminal card and Bizum payments go to (the
// development gateway's when it stands in), or nil when there is none and
// card and Bizum are not offered.
func paymentGateway(cfg *config.Config) *payment.Gateway {
	merchant, endpoints, ok := cfg.Redsys()
	if !ok {
		return nil
	}
	return &payment.Gateway{Merchant: merchant, Endpoints: endpoints, NotificationURL: cfg.PublicURL + payment.NotificationPath}
}

// paymentFormOrigins are the origins the checkout posts its payment form
// to, for the CSP's form-action: Redsys's payment page (test or live). The
// development gateway is the shop itself, which 'self' already allows.
func paymentFormOrigins(cfg *config.Config) []string {
	_, endpoints, ok := cfg.Redsys()
	if !ok {
		return nil
	}
	action, err := url.Parse(endpoints.Redirect)
	if err != nil || action.Host == "" {
		return nil
	}
	origin := action.Scheme + "://" + action.Host
	if public, err := url.Parse(cfg.PublicURL); err == nil && public.Scheme+"://"+public.Host == origin {
		return nil
	}
	return []string{origin}
}

// paymentRoutes adds what card and Bizum payments need to routes when
// gateway is not nil: Redsys's notification endpoint, whose verified
// decisions the order module records (paid through order.Service's one
// path to paid, with the invoice, its VeriFactu submission and the e-mail,
// or refused) and whose late payments are refunded
// through jobClient, and the development gateway itself when it is on.
// Notifications rejected unverified are counted in m, and nothing else of
// them is kept.
func paymentRoutes(app *App, pool *pgxpool.Pool, gateway *payment.Gateway, jobClient *river.Client[pgx.Tx], orders *order.Service, m *metrics.Metrics, routes map[string]http.Handler) error {
	cfg := app.Config
	if gateway == nil {
		return nil
	}
	routes["POST "+payment.NotificationPath] = payment.NewNotifications(pool, gateway.Merchant,
		orders, jobs.NewRefundQueue(jobClient), app.Log).WithRejections(m.RedsysNotificationRejected)
	if cfg.DevRedsys {
		// The gateway notifies this very shop at PUBLIC_URL, as Redsys would.
		dev, err := devredsys.New(config.DevRedsysPrefix, cfg.PublicURL, &http.Client{Timeout: 10 * time.Second}, app.Log)
		if err != nil {
			return fmt.Errorf("development payment gateway: %w", err)
		}
		routes[config.DevRedsysPrefix] = dev
		app.Log.Warn("development payment gateway on: card and Bizum payments are approved by hand at " + cfg.PublicURL + config.DevRedsysPrefix)
	}
	return nil
}
