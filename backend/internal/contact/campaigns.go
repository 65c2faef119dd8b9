package contact

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/mail"
)

// Newsletters that send (issue 41): the owner writes a campaign in both
// languages, previews it, sends it to themselves, then sends it. Sending
// makes one delivery per confirmed, active subscriber and queues one job
// per delivery (unique by campaign and subscriber), scheduled at the
// shop's pace; the job checks the subscriber's consent again when it runs.

// Campaigns queues the campaigns' jobs in the caller's transaction
// (jobs.NewsletterQueue).
type Campaigns interface {
	QueueDeliveries(ctx context.Context, tx pgx.Tx, campaignID int64, deliveries []Delivery) error
	QueueTest(ctx context.Context, tx pgx.Tx, campaignID int64, language, to string) error
}

// IdentitySource reads the shop's identity for the preview
// (the e-mails' own, jobs.IdentitySource).
type IdentitySource interface {
	MailIdentity(ctx context.Context) (mail.Identity, error)
}

// Delivery is one subscriber's copy of a campaign and when it goes.
type Delivery struct {
	SubscriptionID int64
	At             time.Time
}

// WithCampaigns lets the module send campaigns through queue, at most
// perMinute e-mails a minute, previewing them with identity.
func (s *Service) WithCampaigns(queue Campaigns, perMinute int, identity IdentitySource) *Service {
	s.campaigns, s.perMinute, s.identity = queue, max(perMinute, 1), identity
	return s
}

// CampaignText is what the owner writes, in both languages.
type CampaignText struct {
	SubjectES, SubjectPT, BodyES, BodyPT string
}

// The limits of a campaign's text.
const (
	maxSubject = 200
	maxBody    = 20000
)

// check refuses an empty or overlong field, naming the contract's field.
func (c CampaignText) check() error {
	for _, f := range []struct {
		name, value string
		max         int
	}{
		{"subject_es", c.SubjectES, maxSubject}, {"subject_pt", c.SubjectPT, maxSubject},
		{"body_es", c.BodyES, maxBody}, {"body_pt", c.BodyPT, maxBody},
	} {
		if strings.TrimSpace(f.value) == "" {
			return fault.InvalidField(f.name, "write it in both languages")
		}
		if utf8.RuneCountInString(f.value) > f.max {
			return fault.InvalidField(f.name, fmt.Sprintf("at most %d characters", f.max))
		}
	}
	return nil
}

func (c CampaignText) in(lang string) (subject, body string) {
	if lang == "pt" {
		return c.SubjectPT, c.BodyPT
	}
	return c.SubjectES, c.BodyES
}

// TextOf is a stored campaign's text.
func TextOf(c db.NewsletterCampaign) CampaignText {
	return CampaignText{SubjectES: c.SubjectEs, SubjectPT: c.SubjectPt, BodyES: c.BodyEs, BodyPT: c.BodyPt}
}

// notDraft is the refusal of a change to a campaign already sent.
func notDraft(id int64) error {
	return &fault.Error{Kind: fault.Refused, Reason: "NEWSLETTER_CAMPAIGN_SENT",
		Message: fmt.Sprintf("campaign %d is being sent or was sent; it can no longer change", id)}
}

func campaignNotFound(id int64) error {
	return &fault.Error{Kind: fault.NotFound, Reason: "NEWSLETTER_CAMPAIGN_NOT_FOUND",
		Message: fmt.Sprintf("no campaign %d", id)}
}

// SaveCampaign creates a campaign (id 0) or changes a draft, audited in
// the same transaction.
func (s *Service) SaveCampaign(ctx context.Context, by audit.Caller, id int64, text CampaignText) (db.NewsletterCampaign, error) {
	if err := text.check(); err != nil {
		return db.NewsletterCampaign{}, err
	}
	var out db.NewsletterCampaign
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if id == 0 {
			c, err := q.CampaignInsert(ctx, db.CampaignInsertParams{
				SubjectEs: text.SubjectES, SubjectPt: text.SubjectPT, BodyEs: text.BodyES, BodyPt: text.BodyPT,
			})
			if err != nil {
				return fmt.Errorf("contact: create campaign: %w", err)
			}
			out = c
			return audit.Record(ctx, q, by, "newsletter_campaign.create", fmt.Sprintf("newsletter_campaign:%d", c.ID), nil, text)
		}
		before, err := q.CampaignGetForUpdate(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return campaignNotFound(id)
		}
		if err != nil {
			return fmt.Errorf("contact: read campaign %d: %w", id, err)
		}
		c, err := q.CampaignUpdate(ctx, db.CampaignUpdateParams{
			ID: id, SubjectEs: text.SubjectES, SubjectPt: text.SubjectPT, BodyEs: text.BodyES, BodyPt: text.BodyPT,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return notDraft(id)
		}
		if err != nil {
			return fmt.Errorf("contact: update campaign %d: %w", id, err)
		}
		out = c
		return audit.Record(ctx, q, by, "newsletter_campaign.update", fmt.Sprintf("newsletter_campaign:%d", id), TextOf(before), text)
	})
	return out, err
}

// CampaignRow is a campaign with its sending's counts.
type CampaignRow = db.CampaignListRow

// ListCampaigns lists the newest campaigns with their counts.
func (s *Service) ListCampaigns(ctx context.Context) ([]CampaignRow, error) {
	rows, err := s.q.CampaignList(ctx, 100)
	if err != nil {
		return nil, fmt.Errorf("contact: list campaigns: %w", err)
	}
	return rows, nil
}

// Preview is a campaign as a subscriber in one language receives it.
type Preview struct {
	Language, Subject, HTML, Text string
}

// PreviewCampaign renders text in both languages exactly as the e-mails
// go out (an example unsubscribe link in place of the recipient's).
func (s *Service) PreviewCampaign(ctx context.Context, text CampaignText) ([]Preview, error) {
	if err := text.check(); err != nil {
		return nil, err
	}
	shop, err := s.identity.MailIdentity(ctx)
	if err != nil {
		return nil, fmt.Errorf("contact: shop identity: %w", err)
	}
	out := make([]Preview, 0, 2)
	for _, lang := range []string{"es", "pt"} {
		subject, body := text.in(lang)
		sub, html, txt, err := mail.RenderCampaign(mail.Campaign{
			Language: lang, Subject: subject, Body: body,
			UnsubscribeURL: UnsubscribeOneClickLink(shop.PublicURL, "…"),
		}, shop)
		if err != nil {
			return nil, err
		}
		out = append(out, Preview{Language: lang, Subject: sub, HTML: html, Text: txt})
	}
	return out, nil
}

// SendCampaignTest queues the campaign in both languages to the caller's
// own address, marked as a test, audited.
func (s *Service) SendCampaignTest(ctx context.Context, by audit.Caller, id int64) (string, error) {
	if by.UserID == 0 {
		return "", &fault.Error{Kind: fault.Refused, Reason: "NEWSLETTER_TEST_NEEDS_USER",
			Message: "a test is sent to the signed-in owner's address; an API key has none"}
	}
	var to string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := q.CampaignGet(ctx, id); errors.Is(err, pgx.ErrNoRows) {
			return campaignNotFound(id)
		} else if err != nil {
			return fmt.Errorf("contact: read campaign %d: %w", id, err)
		}
		var err error
		if to, err = q.UserEmail(ctx, by.UserID); err != nil {
			return fmt.Errorf("contact: caller's address: %w", err)
		}
		for _, lang := range []string{"es", "pt"} {
			if err := s.campaigns.QueueTest(ctx, tx, id, lang, to); err != nil {
				return err
			}
		}
		return audit.Record(ctx, q, by, "newsletter_campaign.test", fmt.Sprintf("newsletter_campaign:%d", id), nil,
			map[string]string{"to": to})
	})
	return to, err
}

// SendCampaign starts sending a draft: one delivery per confirmed, active
// subscriber, the n-th due n/perMinute minutes from now, each queued as
// its own job, all in one transaction with its audit row. A campaign
// already started is refused, so pressing twice sends nothing twice.
func (s *Service) SendCampaign(ctx context.Context, by audit.Caller, id int64) (db.NewsletterCampaign, int, error) {
	var out db.NewsletterCampaign
	var queued int
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := q.CampaignGetForUpdate(ctx, id); errors.Is(err, pgx.ErrNoRows) {
			return campaignNotFound(id)
		} else if err != nil {
			return fmt.Errorf("contact: read campaign %d: %w", id, err)
		}
		c, err := q.CampaignStart(ctx, db.CampaignStartParams{ID: id, PerMinute: ptr(int32(s.perMinute))})
		if errors.Is(err, pgx.ErrNoRows) {
			return notDraft(id)
		}
		if err != nil {
			return fmt.Errorf("contact: start campaign %d: %w", id, err)
		}
		rows, err := q.CampaignQueueDeliveries(ctx, db.CampaignQueueDeliveriesParams{
			CampaignID: id, Start: *c.SendStartedAt, PerMinute: int32(s.perMinute),
		})
		if err != nil {
			return fmt.Errorf("contact: deliveries of campaign %d: %w", id, err)
		}
		ds := make([]Delivery, len(rows))
		for i, r := range rows {
			ds[i] = Delivery{SubscriptionID: r.SubscriptionID, At: r.ScheduledAt}
		}
		if len(ds) > 0 {
			if err := s.campaigns.QueueDeliveries(ctx, tx, id, ds); err != nil {
				return err
			}
		} else if err := q.CampaignFinishIfDone(ctx, id); err != nil {
			return fmt.Errorf("contact: finish campaign %d: %w", id, err)
		}
		out, queued = c, len(ds)
		return audit.Record(ctx, q, by, "newsletter_campaign.send", fmt.Sprintf("newsletter_campaign:%d", id), nil,
			map[string]int{"recipients": len(ds), "per_minute": s.perMinute})
	})
	return out, queued, err
}

func ptr[T any](v T) *T { return &v }
