package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/sabores/sabores/backend/internal/contact"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/mail"
)

// newsletterAttempts is how often one delivery is tried: River's backoff
// (attempt⁴ seconds) spreads 6 attempts over about half an hour; then the
// delivery is counted failed.
const newsletterAttempts = 6

// SendNewsletterArgs sends one campaign to one subscriber.
type SendNewsletterArgs struct {
	CampaignID     int64 `json:"campaign_id"`
	SubscriptionID int64 `json:"subscription_id"`
}

// Kind names the job in river_job.
func (SendNewsletterArgs) Kind() string { return "send_newsletter" }

// SendNewsletterTestArgs sends a campaign in one language to the owner.
type SendNewsletterTestArgs struct {
	CampaignID int64  `json:"campaign_id"`
	Language   string `json:"language"`
	To         string `json:"to"`
	// At tells one test press from the next.
	At time.Time `json:"at"`
}

// Kind names the job in river_job.
func (SendNewsletterTestArgs) Kind() string { return "send_newsletter_test" }

// BackInStockArgs e-mails a restocked product's confirmed requests; the
// stock ledger's trigger inserts it in SQL (migration 00660), under this
// kind and with these args.
type BackInStockArgs struct {
	ProductID int64 `json:"product_id"`
}

// Kind names the job in river_job.
func (BackInStockArgs) Kind() string { return "back_in_stock" }

// NewsletterQueue queues the newsletter's jobs in the caller's transaction.
type NewsletterQueue struct {
	client *river.Client[pgx.Tx]
}

var (
	_ contact.Campaigns  = NewsletterQueue{}
	_ contact.StockQueue = NewsletterQueue{}
)

// NewNewsletterQueue queues through client.
func NewNewsletterQueue(client *river.Client[pgx.Tx]) NewsletterQueue {
	return NewsletterQueue{client: client}
}

// uniqueForever keeps a second job with the same args out whatever state
// the first is in, completed included: one subscriber, one copy.
var uniqueForever = river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
	rivertype.JobStateAvailable, rivertype.JobStateCompleted, rivertype.JobStatePending, rivertype.JobStateRetryable,
	rivertype.JobStateRunning, rivertype.JobStateScheduled, rivertype.JobStateDiscarded, rivertype.JobStateCancelled,
}}

// QueueDeliveries inserts one job per delivery, scheduled at its time.
func (q NewsletterQueue) QueueDeliveries(ctx context.Context, tx pgx.Tx, campaignID int64, ds []contact.Delivery) error {
	params := make([]river.InsertManyParams, len(ds))
	for i, d := range ds {
		params[i] = river.InsertManyParams{
			Args:       SendNewsletterArgs{CampaignID: campaignID, SubscriptionID: d.SubscriptionID},
			InsertOpts: &river.InsertOpts{MaxAttempts: newsletterAttempts, ScheduledAt: d.At, UniqueOpts: uniqueForever},
		}
	}
	if _, err := q.client.InsertManyTx(ctx, tx, params); err != nil {
		return fmt.Errorf("jobs: queue campaign %d: %w", campaignID, err)
	}
	return nil
}

// QueueTest inserts the test send of a campaign in language to to.
func (q NewsletterQueue) QueueTest(ctx context.Context, tx pgx.Tx, campaignID int64, language, to string) error {
	_, err := q.client.InsertTx(ctx, tx, SendNewsletterTestArgs{CampaignID: campaignID, Language: language, To: to, At: time.Now()},
		&river.InsertOpts{MaxAttempts: 3})
	if err != nil {
		return fmt.Errorf("jobs: queue test of campaign %d: %w", campaignID, err)
	}
	return nil
}

// QueueBackInStock inserts a pass over a product's confirmed requests.
func (q NewsletterQueue) QueueBackInStock(ctx context.Context, tx pgx.Tx, productID int64) error {
	if _, err := q.client.InsertTx(ctx, tx, BackInStockArgs{ProductID: productID}, &river.InsertOpts{MaxAttempts: 10}); err != nil {
		return fmt.Errorf("jobs: queue back-in-stock of product %d: %w", productID, err)
	}
	return nil
}

type newsletterWorker struct {
	river.WorkerDefaults[SendNewsletterArgs]
	pool     *pgxpool.Pool
	sender   Sender
	identity IdentitySource
	from     string
	log      *slog.Logger
}

// Work sends one delivery unless it was sent, skipped or given up already,
// and never to a subscriber who is not confirmed and active now: consent
// is read again when the e-mail goes, not when the campaign started. The
// only way to send twice is a crash between the SMTP server's acceptance
// and the update recording it, and then the copy has the same Message-ID.
func (w *newsletterWorker) Work(ctx context.Context, job *river.Job[SendNewsletterArgs]) error {
	q := db.New(w.pool)
	key := db.DeliveryGetParams{CampaignID: job.Args.CampaignID, SubscriptionID: job.Args.SubscriptionID}
	d, err := q.DeliveryGet(ctx, key)
	if errors.Is(err, pgx.ErrNoRows) {
		return river.JobCancel(fmt.Errorf("jobs: no delivery %d/%d", key.CampaignID, key.SubscriptionID))
	}
	if err != nil {
		return fmt.Errorf("jobs: read delivery %d/%d: %w", key.CampaignID, key.SubscriptionID, err)
	}
	if d.Status != "queued" {
		return nil
	}
	finish := func() error {
		if err := q.CampaignFinishIfDone(ctx, key.CampaignID); err != nil {
			return fmt.Errorf("jobs: finish campaign %d: %w", key.CampaignID, err)
		}
		return nil
	}
	if d.ConfirmedAt == nil || d.UnsubscribedAt != nil {
		if err := q.DeliveryMarkSkipped(ctx, db.DeliveryMarkSkippedParams(key)); err != nil {
			return fmt.Errorf("jobs: skip delivery %d/%d: %w", key.CampaignID, key.SubscriptionID, err)
		}
		return finish()
	}
	c, err := q.CampaignGet(ctx, key.CampaignID)
	if err != nil {
		return fmt.Errorf("jobs: campaign %d: %w", key.CampaignID, err)
	}
	m, err := w.compose(ctx, q, c, d)
	if err != nil {
		return err
	}
	if err := w.sender.Send(ctx, m); err != nil {
		final := job.Attempt >= job.MaxAttempts
		if merr := q.DeliveryMarkAttemptFailed(ctx, db.DeliveryMarkAttemptFailedParams{
			CampaignID: key.CampaignID, SubscriptionID: key.SubscriptionID, LastError: err.Error(), Final: final,
		}); merr != nil {
			w.log.ErrorContext(ctx, "jobs: record newsletter failure", "campaign", key.CampaignID, "error", merr)
		}
		if final {
			if ferr := finish(); ferr != nil {
				w.log.ErrorContext(ctx, "jobs: finish campaign", "campaign", key.CampaignID, "error", ferr)
			}
		}
		return err
	}
	if err := q.DeliveryMarkSent(ctx, db.DeliveryMarkSentParams(key)); err != nil {
		return fmt.Errorf("jobs: record delivery %d/%d sent: %w", key.CampaignID, key.SubscriptionID, err)
	}
	return finish()
}

// compose renders campaign c for the delivery's subscriber in their
// language, with their own one-click unsubscribe address.
func (w *newsletterWorker) compose(ctx context.Context, q *db.Queries, c db.NewsletterCampaign, d db.DeliveryGetRow) (mail.Message, error) {
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: shop identity: %w", err)
	}
	key, err := contact.NewsletterKey(ctx, q)
	if err != nil {
		return mail.Message{}, err
	}
	oneClick := contact.UnsubscribeOneClickLink(identity.PublicURL,
		contact.NewsletterToken(key, contact.NewsletterUnsubscribe, d.SubscriptionID, d.Email))
	text := contact.TextOf(c)
	subject, body := text.SubjectES, text.BodyES
	if d.Language == "pt" {
		subject, body = text.SubjectPT, text.BodyPT
	}
	subject, html, txt, err := mail.RenderCampaign(mail.Campaign{
		Language: d.Language, Subject: subject, Body: body, UnsubscribeURL: oneClick,
	}, identity)
	if err != nil {
		return mail.Message{}, river.JobCancel(err)
	}
	return mail.Message{
		MessageID: fmt.Sprintf("<campaign-%d-%d@%s>", c.ID, d.SubscriptionID, mail.Domain(w.from)),
		To:        d.Email, Subject: subject, HTML: html, Text: txt, ListUnsubscribe: oneClick,
	}, nil
}

type newsletterTestWorker struct {
	river.WorkerDefaults[SendNewsletterTestArgs]
	pool     *pgxpool.Pool
	sender   Sender
	identity IdentitySource
	from     string
}

// Work sends the owner's test: the campaign as it is now, in one
// language, marked as a test, with no unsubscribe header (the owner is
// not a recipient of the list).
func (w *newsletterTestWorker) Work(ctx context.Context, job *river.Job[SendNewsletterTestArgs]) error {
	q := db.New(w.pool)
	c, err := q.CampaignGet(ctx, job.Args.CampaignID)
	if errors.Is(err, pgx.ErrNoRows) {
		return river.JobCancel(fmt.Errorf("jobs: no campaign %d", job.Args.CampaignID))
	}
	if err != nil {
		return fmt.Errorf("jobs: campaign %d: %w", job.Args.CampaignID, err)
	}
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return fmt.Errorf("jobs: shop identity: %w", err)
	}
	text := contact.TextOf(c)
	subject, body := text.SubjectES, text.BodyES
	if job.Args.Language == "pt" {
		subject, body = text.SubjectPT, text.BodyPT
	}
	subject, html, txt, err := mail.RenderCampaign(mail.Campaign{
		Language: job.Args.Language, Subject: subject, Body: body, Test: true,
		UnsubscribeURL: contact.UnsubscribeOneClickLink(identity.PublicURL, ""),
	}, identity)
	if err != nil {
		return river.JobCancel(err)
	}
	return w.sender.Send(ctx, mail.Message{
		MessageID: fmt.Sprintf("<campaign-%d-test-%s-%d@%s>", c.ID, job.Args.Language, job.ID, mail.Domain(w.from)),
		To:        job.Args.To, Subject: subject, HTML: html, Text: txt,
	})
}

type backInStockWorker struct {
	river.WorkerDefaults[BackInStockArgs]
	pool *pgxpool.Pool
	from string
	log  *slog.Logger
}

// Work e-mails the product's confirmed requests through the outbox and
// closes them (contact.NotifyBackInStock).
func (w *backInStockWorker) Work(ctx context.Context, job *river.Job[BackInStockArgs]) error {
	queue := NewMailQueue(river.ClientFromContext[pgx.Tx](ctx), w.from)
	n, err := contact.New(w.pool, nil).WithBackInStock(queue, nil).NotifyBackInStock(ctx, job.Args.ProductID)
	if n > 0 {
		w.log.InfoContext(ctx, "jobs: back-in-stock alerts queued", "product", job.Args.ProductID, "alerts", n)
	}
	return err
}
