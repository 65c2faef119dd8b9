package cli

import (
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/carrier"
	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/devcarrier"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/metrics"
	"github.com/sabores/sabores/backend/internal/sendcloud"
)

// parcelModule is the parcel module, buying labels through Sendcloud (or
// its development stand-in) when the configuration says so; its e-mails
// and invoices are given once the job queue exists (WithEffects).
func parcelModule(cfg *config.Config, pool *pgxpool.Pool, log *slog.Logger) *carrier.Service {
	opts := carrier.Options{DefaultLineGrams: cfg.ParcelLineGrams, Dispatch: cfg.Delivery.Dispatch, Logger: log}
	if sc, ok := cfg.Sendcloud(); ok {
		opts.Platform = sendcloud.New(sc.Base, sc.PublicKey, sc.SecretKey, &http.Client{Timeout: 25 * time.Second})
		opts.Services = carrier.Services{Standard: sc.Standard, AgeCheck: sc.AgeCheck, ColdChain: sc.ColdChain}
	}
	return carrier.New(pool, opts)
}

// parcelPoller is the parcels' poll for the job queue, nil when no labels
// are bought through a platform.
func parcelPoller(parcels *carrier.Service) jobs.ParcelPoller {
	if !parcels.Labels() {
		return nil
	}
	return parcels
}

// labelRoutes adds what labels bought through Sendcloud need to routes:
// its tracking webhook, verified with the secret key, whose outcomes m
// counts, and the development stand-in when it is on.
func labelRoutes(app *App, parcels *carrier.Service, m *metrics.Metrics, routes map[string]http.Handler) error {
	cfg := app.Config
	sc, ok := cfg.Sendcloud()
	if !ok {
		return nil
	}
	m.CarrierWebhookOutcomes(sendcloud.WebhookOutcomes)
	routes["POST "+sendcloud.WebhookPath] = sendcloud.NewWebhook(sc.SecretKey, parcels, m.CarrierWebhook, app.Log)
	if !sc.Dev {
		return nil
	}
	// The stand-in posts its webhooks to this very shop at PUBLIC_URL, as
	// Sendcloud would.
	dev, err := devcarrier.New(config.DevSendcloudPrefix, cfg.PublicURL, cfg.PublicURL+sendcloud.WebhookPath,
		sc.PublicKey, sc.SecretKey, &http.Client{Timeout: 10 * time.Second}, app.Log)
	if err != nil {
		return fmt.Errorf("development carrier platform: %w", err)
	}
	routes[config.DevSendcloudPrefix] = dev
	app.Log.Warn("development carrier platform on: labels are test labels, and parcels move by hand at " + cfg.PublicURL + config.DevSendcloudPrefix)
	return nil
}
