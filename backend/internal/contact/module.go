// Package contact is the business module of the newsletter with double
// opt-in (the consent kept with its time and text version, a signed link to
// confirm it, a signed link to leave in every newsletter e-mail) and the
// contact page's form, delivered to the shop's e-mail address. Both e-mails
// go through the outbox (package jobs), queued in the transaction that
// stores the request, so a stored request always gets its e-mail and a
// failed one never does. The back office lists both, each read audited.
package contact

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/shopsettings"
)

// Mailer queues the module's e-mails in the caller's transaction
// (jobs.MailQueue).
type Mailer interface {
	NewsletterConfirmation(ctx context.Context, tx pgx.Tx, sub db.NewsletterSubscription) error
	ContactMessage(ctx context.Context, tx pgx.Tx, msg db.ContactMessage, to string) error
}

// Service holds the newsletter's and the contact form's use cases.
type Service struct {
	pool   *pgxpool.Pool
	q      *db.Queries
	mailer Mailer
	log    *slog.Logger

	campaigns   Campaigns
	perMinute   int
	identity    IdentitySource
	stockMailer StockMailer
	stockQueue  StockQueue
}

// New returns the module, queueing its e-mails through mailer.
func New(pool *pgxpool.Pool, mailer Mailer) *Service {
	return &Service{pool: pool, q: db.New(pool), mailer: mailer, log: slog.Default()}
}

// Subscription is a request to receive the newsletter.
type Subscription struct {
	Email string
	// Language is the stored language code, "es" or "pt".
	Language       string
	ConsentVersion string
}

// Subscribe records the request and its consent and queues the
// confirmation e-mail, in one transaction. An address already confirmed
// gets nothing new, and the answer is the same.
func (s *Service) Subscribe(ctx context.Context, in Subscription) error {
	if in.ConsentVersion != NewsletterConsentVersion {
		return &fault.Error{Kind: fault.Refused, Reason: "NEWSLETTER_CONSENT_OUTDATED",
			Message:  fmt.Sprintf("consent version %q is not the current one", in.ConsentVersion),
			Metadata: map[string]string{"current": NewsletterConsentVersion}}
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		sub, err := db.New(tx).NewsletterRequest(ctx, db.NewsletterRequestParams{
			Email: strings.ToLower(strings.TrimSpace(in.Email)), Language: in.Language,
			ConsentVersion: in.ConsentVersion,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // already subscribed and confirmed
		}
		if err != nil {
			return fmt.Errorf("contact: record subscription: %w", err)
		}
		return s.mailer.NewsletterConfirmation(ctx, tx, sub)
	})
}

// subscriptionOf finds the subscription a link's token is for and checks
// the token's signature against its address.
func (s *Service) subscriptionOf(ctx context.Context, action NewsletterAction, token string) (db.NewsletterSubscription, error) {
	invalid := &fault.Error{Kind: fault.Invalid, Reason: "NEWSLETTER_LINK_INVALID",
		Message: "the newsletter link is not valid"}
	id, ok := NewsletterTokenID(token)
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
	key, err := NewsletterKey(ctx, s.q)
	if err != nil {
		return db.NewsletterSubscription{}, err
	}
	if !ValidNewsletterToken(key, action, sub.ID, sub.Email, token) {
		return db.NewsletterSubscription{}, invalid
	}
	return sub, nil
}

// Confirm confirms the subscription of a valid confirmation link and
// returns its address.
func (s *Service) Confirm(ctx context.Context, token string) (string, error) {
	sub, err := s.subscriptionOf(ctx, NewsletterConfirm, token)
	if err != nil {
		return "", err
	}
	if _, err := s.q.NewsletterConfirm(ctx, sub.ID); errors.Is(err, pgx.ErrNoRows) {
		return "", &fault.Error{Kind: fault.Refused, Reason: "NEWSLETTER_UNSUBSCRIBED",
			Message: "this subscription has ended; subscribe again to receive the newsletter"}
	} else if err != nil {
		return "", fmt.Errorf("contact: confirm subscription %d: %w", sub.ID, err)
	}
	return sub.Email, nil
}

// Unsubscribe ends the subscription of a valid unsubscribe link and
// returns its address.
func (s *Service) Unsubscribe(ctx context.Context, token string) (string, error) {
	sub, err := s.subscriptionOf(ctx, NewsletterUnsubscribe, token)
	if err != nil {
		return "", err
	}
	if _, err := s.q.NewsletterUnsubscribe(ctx, sub.ID); err != nil {
		return "", fmt.Errorf("contact: unsubscribe %d: %w", sub.ID, err)
	}
	return sub.Email, nil
}

// The stored values of the contact form's subjects.
const (
	SubjectProducts = "consulta-productos"
	SubjectOrder    = "pedido"
	SubjectReturns  = "devoluciones"
	SubjectOther    = "otros"
)

// Message is a message sent through the contact form.
type Message struct {
	Name, Email, Phone string
	// Subject is one of the Subject constants.
	Subject string
	Message string
	// Language is the stored language code, "es" or "pt".
	Language string
}

// Send stores the message and queues it for the shop's e-mail address
// (from the shop settings), in one transaction, and returns its number.
// With no address set yet the message is kept for the back office only,
// and the omission logged.
func (s *Service) Send(ctx context.Context, m Message) (int64, error) {
	switch m.Subject {
	case SubjectProducts, SubjectOrder, SubjectReturns, SubjectOther:
	default:
		return 0, fault.InvalidField("subject", "choose what the message is about")
	}
	var saved db.ContactMessage
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var err error
		saved, err = q.ContactInsert(ctx, db.ContactInsertParams{
			Name: strings.TrimSpace(m.Name), Email: strings.TrimSpace(m.Email), Phone: strings.TrimSpace(m.Phone),
			Subject: m.Subject, Message: strings.TrimSpace(m.Message), Language: m.Language,
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
		return 0, err
	}
	return saved.ID, nil
}

// pageSizes are the back office lists' page sizes.
var pageSizes = paging.Sizes{Default: 20, Max: 100}

// listRead is what the audit trail records of a list read: who read which
// page of personal data.
type listRead struct {
	Page  int32 `json:"page"`
	Size  int32 `json:"page_size"`
	Shown int   `json:"shown"`
}

// Page is one page of a back office list and the size of the whole list.
type Page[T any] struct {
	Rows  []T
	Total int32
}

// ListSubscriptions lists the subscriptions and their consent, recording
// the read in the audit trail in the same transaction.
func (s *Service) ListSubscriptions(ctx context.Context, by audit.Caller, page, size int32) (Page[db.NewsletterSubscription], error) {
	w, err := paging.Page(page, size, pageSizes)
	if err != nil {
		return Page[db.NewsletterSubscription]{}, err
	}
	var out Page[db.NewsletterSubscription]
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		total, err := q.NewsletterCount(ctx)
		if err != nil {
			return fmt.Errorf("contact: count subscriptions: %w", err)
		}
		rows, err := q.NewsletterList(ctx, db.NewsletterListParams{PageLimit: w.Size, PageOffset: w.Offset})
		if err != nil {
			return fmt.Errorf("contact: list subscriptions: %w", err)
		}
		out = Page[db.NewsletterSubscription]{Rows: rows, Total: int32(total)}
		return audit.Record(ctx, q, by, "newsletter.list", "newsletter", nil, listRead{Page: w.Page, Size: w.Size, Shown: len(rows)})
	})
	return out, err
}

// ListMessages lists the contact messages, recording the read in the audit
// trail in the same transaction.
func (s *Service) ListMessages(ctx context.Context, by audit.Caller, page, size int32) (Page[db.ContactMessage], error) {
	w, err := paging.Page(page, size, pageSizes)
	if err != nil {
		return Page[db.ContactMessage]{}, err
	}
	var out Page[db.ContactMessage]
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		total, err := q.ContactCount(ctx)
		if err != nil {
			return fmt.Errorf("contact: count messages: %w", err)
		}
		rows, err := q.ContactList(ctx, db.ContactListParams{PageLimit: w.Size, PageOffset: w.Offset})
		if err != nil {
			return fmt.Errorf("contact: list messages: %w", err)
		}
		out = Page[db.ContactMessage]{Rows: rows, Total: int32(total)}
		return audit.Record(ctx, q, by, "contact.list", "contact", nil, listRead{Page: w.Page, Size: w.Size, Shown: len(rows)})
	})
	return out, err
}
