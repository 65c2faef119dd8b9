package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	"github.com/sabores/sabores/backend/internal/webhook"
	"github.com/sabores/sabores/backend/internal/withdrawal"
)

// orderLimits are the hoarding limits the configuration sets.
func orderLimits(c *config.Config) order.Limits {
	return order.Limits{
		MaxUnitsPerLine:      c.OrderMaxUnitsPerLine,
		MaxUnpaidOrders:      c.OrderMaxUnpaid,
		TransferSharePercent: c.OrderTransferSharePercent,
		MaxUnitsPerDay:       c.OrderMaxUnitsPerDay,
	}
}

// paymentWindows are the payment windows the configuration sets; Bizum, a
// phone payment made at checkout, waits as long as a card.
func paymentWindows(c *config.Config) order.PaymentWindows {
	return order.PaymentWindows{
		"card": c.PaymentWindowCard, "bizum": c.PaymentWindowCard, "transfer": c.PaymentWindowTransfer,
	}
}

// newJobs builds the background job client (River) with the e-mail
// sender; serve starts it once the shop is open (startJobs), and
// Databases.Close stops it gracefully before the pools close.
func newJobs(app *App, dbs *Databases, refunds *payment.Gateway, links *withdrawal.Links, parcels jobs.ParcelPoller, verifactu invoice.Sender) (*river.Client[pgx.Tx], error) {
	cfg := app.Config
	sender, err := mail.NewSender(mail.Settings{
		Host: cfg.SMTPHost, Port: cfg.SMTPPort, Username: cfg.SMTPUsername, Password: cfg.SMTPPassword,
		TLS: cfg.SMTPTLS, From: cfg.MailFrom, ReplyTo: cfg.MailReplyTo,
	})
	if err != nil {
		return nil, err
	}
	client, err := jobs.NewClient(dbs.Primary, jobs.Options{
		PaymentWindows: paymentWindows(cfg), Logger: app.Log,
		Sender: sender, Identity: settingsIdentity{q: db.New(dbs.Primary), publicURL: cfg.PublicURL}, From: cfg.MailFrom,
		Refunds:   refunds,
		Links:     links,
		Parcels:   parcels,
		Verifactu: verifactu,
		Lots:      lots.New(dbs.Primary, nil),
		CartIdle:  cfg.CartIdle,
		// Development and tests deliver to receivers on this machine;
		// production to the internet only.
		WebhookClient: webhook.Client(cfg.Env != config.EnvProduction, 15*time.Second),
	})
	if err != nil {
		return nil, err
	}
	dbs.jobs = client
	return client, nil
}

// startJobs starts the job client newJobs built. It gets a context of its
// own: the serve context ends at the first signal, and jobs in flight
// should finish rather than be cut off then.
func startJobs(ctx context.Context, dbs *Databases) error {
	if err := dbs.jobs.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("start jobs: %w", err)
	}
	dbs.jobsStarted = true
	return nil
}

// settingsIdentity is the shop's identity in e-mails, read from the shop
// settings the owner keeps in the back office (seeded with marked samples),
// at each send so a correction reaches the next e-mail.
type settingsIdentity struct {
	q         *db.Queries
	publicURL string
}

func (c settingsIdentity) MailIdentity(ctx context.Context) (mail.Identity, error) {
	s, _, err := shopsettings.Read(ctx, c.q)
	if err != nil {
		return mail.Identity{}, fmt.Errorf("mail identity: %w", err)
	}
	a := s.Address
	return mail.Identity{
		Name: "Sabores", LegalName: s.LegalName, TaxID: s.NIF,
		Address: strings.TrimSpace(fmt.Sprintf("%s, %s %s (%s)", a.Street, a.PostalCode, a.City, a.Province)),
		Email:   s.Email, Phone: s.Phone, IBAN: s.IBAN, Beneficiary: s.LegalName,
		PublicURL: c.publicURL, TermsURL: c.publicURL + "/terms", WithdrawalURL: c.publicURL + "/return-policy",
	}, nil
}
