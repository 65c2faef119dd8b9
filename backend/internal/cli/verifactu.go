package cli

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/aeat"
	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/metrics"
)

// checkVerifactuCertificate says at start what the owner must know of the
// certificate records are sent with: when it expires (also a gauge, alerted
// 30 days before), whether it is valid now, and whether it names the shop's
// NIF. Production refused to start already if sending is on with one
// invalid (config.Refusals); in development it is logged only.
func checkVerifactuCertificate(ctx context.Context, app *App, pool *pgxpool.Pool, m *metrics.Metrics) error {
	cfg := app.Config
	cert := cfg.VerifactuCertificate
	if cert == nil {
		if cfg.VerifactuSend {
			app.Log.WarnContext(ctx, "VERIFACTU_SEND is on without VERIFACTU_CERTIFICATE: records are prepared and kept, not sent")
		}
		return nil
	}
	if err := m.Register(metrics.VerifactuCertificateExpiry(cert.NotAfter())); err != nil {
		return err
	}
	log := app.Log.With("nif", cert.NIF, "expires", cert.NotAfter().UTC().Format(time.DateOnly), "endpoint", cfg.VerifactuEndpoint(), "sending", cfg.VerifactuSend)
	if err := cert.ValidAt(time.Now()); err != nil {
		log.WarnContext(ctx, "VeriFactu certificate: "+err.Error())
	} else {
		log.InfoContext(ctx, "VeriFactu certificate loaded")
	}
	issuer, err := invoice.SettingsIssuer{}.Issuer(ctx, pool)
	switch {
	case errors.Is(err, invoice.ErrIssuerMissing):
		return nil // no identity saved yet: invoicing refuses until there is one
	case err != nil:
		return err
	}
	if warning := cert.CheckNIF(issuer.NIF, cfg.VerifactuCertificateHolder); warning != "" {
		log.WarnContext(ctx, warning)
	}
	return nil
}

// verifactuSender posts the VeriFactu messages to the AEAT's endpoint of
// VERIFACTU_ENVIRONMENT with the shop's certificate, or is nil while
// sending is off or no certificate is configured (the messages are then
// prepared and kept).
func verifactuSender(cfg *config.Config) invoice.Sender {
	if !cfg.VerifactuSend || cfg.VerifactuCertificate == nil {
		return nil
	}
	return aeat.NewClient(cfg.VerifactuEndpoint(), cfg.VerifactuCertificate, nil)
}

// verification is what invoices show of VERI*FACTU: the QR code to the
// checker of the environment records go to, and the legend while they are
// sent.
func verification(cfg *config.Config) invoice.Verification {
	v := invoice.Verification{QRBase: invoice.QRTestURL, Legend: cfg.VerifactuSend}
	if cfg.VerifactuEnvironment == config.VerifactuProduction {
		v.QRBase = invoice.QRProductionURL
	}
	return v
}
