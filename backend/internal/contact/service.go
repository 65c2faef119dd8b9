// Package contact serves ContactService: the newsletter with double opt-in
// (the consent kept with its time and text version, a signed link to confirm
// it, a signed link to leave in every newsletter e-mail) and the contact
// page's form, delivered to the shop's e-mail address. Both e-mails go
// through the outbox (package jobs), queued in the transaction that stores
// the request, so a stored request always gets its e-mail and a failed one
// never does. The back office lists both, each read audited.
package contact

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/shop"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	v1connect "github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Mailer queues the service's e-mails in the caller's transaction
// (jobs.MailQueue).
type Mailer interface {
	NewsletterConfirmation(ctx context.Context, tx pgx.Tx, sub db.NewsletterSubscription) error
	ContactMessage(ctx context.Context, tx pgx.Tx, msg db.ContactMessage, to string) error
}

// Service implements ContactService.
type Service struct {
	pool   *pgxpool.Pool
	q      *db.Queries
	mailer Mailer
	log    *slog.Logger
}

var _ v1connect.ContactServiceHandler = (*Service)(nil)

// New returns the service, queueing its e-mails through mailer.
func New(pool *pgxpool.Pool, mailer Mailer) *Service {
	return &Service{pool: pool, q: db.New(pool), mailer: mailer, log: slog.Default()}
}

// languageCode is the stored language of a request.
func languageCode(l saboresv1.Language) string {
	if l == saboresv1.Language_LANGUAGE_PT {
		return "pt"
	}
	return "es"
}

// SubscribeNewsletter records the request and its consent and queues the
// confirmation e-mail, in one transaction. An address already confirmed
// gets nothing new, and the answer is the same.
func (s *Service) SubscribeNewsletter(ctx context.Context, req *connect.Request[saboresv1.SubscribeNewsletterRequest]) (*connect.Response[saboresv1.SubscribeNewsletterResponse], error) {
	m := req.Msg
	if m.GetConsentVersion() != shop.NewsletterConsentVersion {
		return nil, &fault.Error{Kind: fault.Refused, Reason: "NEWSLETTER_CONSENT_OUTDATED",
			Message:  fmt.Sprintf("consent version %q is not the current one", m.GetConsentVersion()),
			Metadata: map[string]string{"current": shop.NewsletterConsentVersion}}
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		sub, err := db.New(tx).NewsletterRequest(ctx, db.NewsletterRequestParams{
			Email: strings.ToLower(strings.TrimSpace(m.GetEmail())), Language: languageCode(m.GetLanguage()),
			ConsentVersion: m.GetConsentVersion(),
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // already subscribed and confirmed
		}
		if err != nil {
			return fmt.Errorf("contact: record subscription: %w", err)
		}
		return s.mailer.NewsletterConfirmation(ctx, tx, sub)
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SubscribeNewsletterResponse{}), nil
}

// subscriptionOf finds the subscription a link's token is for and checks
// the token's signature against its address.
func (s *Service) subscriptionOf(ctx context.Context, action shop.NewsletterAction, token string) (db.NewsletterSubscription, error) {
	invalid := &fault.Error{Kind: fault.Invalid, Reason: "NEWSLETTER_LINK_INVALID",
		Message: "the newsletter link is not valid"}
	id, ok := shop.NewsletterTokenID(token)
	if !ok {
		return db.NewsletterSubscription{}, invalid
	}
	sub, err := s.q.NewsletterGet(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.NewsletterSubscription{}, invalid
	}
	if err != nil {
		return db.NewsletterSubscription{}, fmt.Errorf("contact: read subscription %d: %w", id, err)
	}
	key, err := shop.NewsletterKey(ctx, s.q)
	if err != nil {
		return db.NewsletterSubscription{}, err
	}
	if !shop.ValidNewsletterToken(key, action, sub.ID, sub.Email, token) {
		return db.NewsletterSubscription{}, invalid
	}
	return sub, nil
}

// ConfirmNewsletter confirms the subscription of a valid confirmation link.
func (s *Service) ConfirmNewsletter(ctx context.Context, req *connect.Request[saboresv1.ConfirmNewsletterRequest]) (*connect.Response[saboresv1.ConfirmNewsletterResponse], error) {
	sub, err := s.subscriptionOf(ctx, shop.NewsletterConfirm, req.Msg.GetToken())
	if err != nil {
		return nil, err
	}
	if _, err := s.q.NewsletterConfirm(ctx, sub.ID); errors.Is(err, pgx.ErrNoRows) {
		return nil, &fault.Error{Kind: fault.Refused, Reason: "NEWSLETTER_UNSUBSCRIBED",
			Message: "this subscription has ended; subscribe again to receive the newsletter"}
	} else if err != nil {
		return nil, fmt.Errorf("contact: confirm subscription %d: %w", sub.ID, err)
	}
	return connect.NewResponse(&saboresv1.ConfirmNewsletterResponse{Email: sub.Email}), nil
}

// UnsubscribeNewsletter ends the subscription of a valid unsubscribe link.
func (s *Service) UnsubscribeNewsletter(ctx context.Context, req *connect.Request[saboresv1.UnsubscribeNewsletterRequest]) (*connect.Response[saboresv1.UnsubscribeNewsletterResponse], error) {
	sub, err := s.subscriptionOf(ctx, shop.NewsletterUnsubscribe, req.Msg.GetToken())
	if err != nil {
		return nil, err
	}
	if _, err := s.q.NewsletterUnsubscribe(ctx, sub.ID); err != nil {
		return nil, fmt.Errorf("contact: unsubscribe %d: %w", sub.ID, err)
	}
	return connect.NewResponse(&saboresv1.UnsubscribeNewsletterResponse{Email: sub.Email}), nil
}

// subjects are the stored values of the contact form's subjects.
var subjects = map[saboresv1.ContactSubject]string{
	saboresv1.ContactSubject_CONTACT_SUBJECT_PRODUCTS: "consulta-productos",
	saboresv1.ContactSubject_CONTACT_SUBJECT_ORDER:    "pedido",
	saboresv1.ContactSubject_CONTACT_SUBJECT_RETURNS:  "devoluciones",
	saboresv1.ContactSubject_CONTACT_SUBJECT_OTHER:    "otros",
}

// SendContactMessage stores the message and queues it for the shop's
// e-mail address (from the shop settings), in one transaction. With no
// address set yet the message is kept for the back office only, and the
// omission logged.
func (s *Service) SendContactMessage(ctx context.Context, req *connect.Request[saboresv1.SendContactMessageRequest]) (*connect.Response[saboresv1.SendContactMessageResponse], error) {
	m := req.Msg
	subject, ok := subjects[m.GetSubject()]
	if !ok {
		return nil, fault.InvalidField("subject", "choose what the message is about")
	}
	var saved db.ContactMessage
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var err error
		saved, err = q.ContactInsert(ctx, db.ContactInsertParams{
			Name: strings.TrimSpace(m.GetName()), Email: strings.TrimSpace(m.GetEmail()), Phone: strings.TrimSpace(m.GetPhone()),
			Subject: subject, Message: strings.TrimSpace(m.GetMessage()), Language: languageCode(m.GetLanguage()),
		})
		if err != nil {
			return fmt.Errorf("contact: store message: %w", err)
		}
		settings, _, err := shopsettings.Read(ctx, q)
		if err != nil {
			return err
		}
		if settings.Email == "" {
			s.log.WarnContext(ctx, "contact: the shop has no e-mail address; message kept for the back office only", "message", saved.ID)
			return nil
		}
		return s.mailer.ContactMessage(ctx, tx, saved, settings.Email)
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SendContactMessageResponse{Id: saved.ID}), nil
}
