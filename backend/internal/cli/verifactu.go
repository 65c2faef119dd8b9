package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/aeat"
	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/devaeat"
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
// VERIFACTU_ENVIRONMENT with the shop's certificate, or to the development
// AEAT (DEV_AEAT) it starts on a loopback port until ctx ends; it is nil
// while sending is off or no certificate is configured (the messages are
// then prepared and kept).
func verifactuSender(ctx context.Context, app *App) (invoice.Sender, error) {
	cfg := app.Config
	switch {
	case cfg.DevAEAT:
		return startDevAEAT(ctx, app)
	case !cfg.VerifactuSend || cfg.VerifactuCertificate == nil:
		return nil, nil
	}
	return aeat.NewClient(cfg.VerifactuEndpoint(), cfg.VerifactuCertificate, nil), nil
}

// devAEATNIF is the NIF of the certificate the development AEAT issues
// the shop: it checks the chain, not who sends.
const devAEATNIF = "00000000T"

// startDevAEAT serves the development AEAT over TLS on a free loopback
// port, requiring the client certificate it issues, and returns a client
// holding that certificate.
func startDevAEAT(ctx context.Context, app *App) (invoice.Sender, error) {
	ca, err := devaeat.NewAuthority()
	if err != nil {
		return nil, err
	}
	serverTLS, err := ca.ServerTLS()
	if err != nil {
		return nil, err
	}
	cert, err := ca.ClientCertificate(devAEATNIF)
	if err != nil {
		return nil, err
	}
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("development AEAT: listen: %w", err)
	}
	srv := &http.Server{Handler: devaeat.New(nil), TLSConfig: serverTLS, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.ServeTLS(ln, "", ""); err != nil && !errors.Is(err, http.ErrServerClosed) {
			app.Log.Error("development AEAT stopped", "err", err)
		}
	}()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	url := "https://" + ln.Addr().String() + "/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP"
	app.Log.Warn("development AEAT on: VeriFactu records are sent to " + url + ", never to the AEAT")
	return aeat.NewClient(url, cert, ca.Pool()), nil
}

// verification is what invoices show of VERI*FACTU: the QR code to the
// checker of the environment records go to, and the legend while they are
// sent.
func verification(cfg *config.Config) invoice.Verification {
	v := invoice.Verification{QRBase: invoice.QRTestURL, Legend: cfg.VerifactuSending()}
	if cfg.VerifactuEnvironment == config.VerifactuProduction {
		v.QRBase = invoice.QRProductionURL
	}
	return v
}

// sending is how records leave, for the owner's chain check.
func sending(cfg *config.Config) invoice.Sending {
	s := invoice.Sending{On: cfg.VerifactuSending(), Environment: cfg.VerifactuEnvironment}
	if cfg.DevAEAT {
		s.Environment = "development"
	}
	if cfg.VerifactuCertificate != nil {
		s.CertificateExpiry = cfg.VerifactuCertificate.NotAfter()
	}
	return s
}
