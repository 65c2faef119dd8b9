package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// LotDigestArgs is the weekly e-mail to the owner of the lots expiring
// soon (lots.Service.QueueExpiryDigest, docs/lots.md).
type LotDigestArgs struct{}

// Kind names the job in River.
func (LotDigestArgs) Kind() string { return "lot_expiry_digest" }

type lotDigestWorker struct {
	river.WorkerDefaults[LotDigestArgs]
	lots     *lots.Service
	identity IdentitySource
	log      *slog.Logger
	from     string
}

// Work queues this week's digest to the shop's address (the owner's, in
// the shop's settings) when lots expire within the digest's days; run
// again in the same week it queues nothing more.
func (w *lotDigestWorker) Work(ctx context.Context, _ *river.Job[LotDigestArgs]) error {
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return fmt.Errorf("jobs: shop identity: %w", err)
	}
	n, err := w.lots.QueueExpiryDigest(ctx, NewMailQueue(river.ClientFromContext[pgx.Tx](ctx), w.from), identity.Email)
	if n > 0 {
		w.log.InfoContext(ctx, "jobs: lots expiry digest queued", "lots", n)
	}
	return err
}

// madridMondayMorning is River's schedule of the digest: each Monday at
// 08:00 in Madrid, as the week's work starts (summer time included).
type madridMondayMorning struct{}

// Next is the first Monday 08:00 in Madrid after t.
func (madridMondayMorning) Next(t time.Time) time.Time {
	m := t.In(shoptime.Madrid)
	days := (int(time.Monday) - int(m.Weekday()) + 7) % 7
	next := time.Date(m.Year(), m.Month(), m.Day()+days, 8, 0, 0, 0, shoptime.Madrid)
	if !next.After(t) {
		next = time.Date(m.Year(), m.Month(), m.Day()+days+7, 8, 0, 0, 0, shoptime.Madrid)
	}
	return next
}

// lotDigestPeriodic runs the digest on Monday mornings; unique for a day
// however many schedulers enqueue it, and the e-mail's message id makes it
// once a week whatever runs it. Not on a scheduler's start: a restart
// does not send a digest in the middle of the week.
func lotDigestPeriodic() *river.PeriodicJob {
	return river.NewPeriodicJob(madridMondayMorning{},
		func() (river.JobArgs, *river.InsertOpts) {
			return LotDigestArgs{}, &river.InsertOpts{
				MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByPeriod: 24 * time.Hour},
			}
		},
		&river.PeriodicJobOpts{ID: "lot_expiry_digest"})
}

// LotExpiryDigest records the week's expiry digest to the owner, to, and
// inserts its job in tx; once per week (lots.DigestMailer).
func (m *MailQueue) LotExpiryDigest(ctx context.Context, tx pgx.Tx, week, to string) error {
	id := fmt.Sprintf("<lot-expiry-digest-%s@%s>", week, mail.Domain(m.from))
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertOwnerAlertEmail(ctx, db.InsertOwnerAlertEmailParams{
			MessageID: id, Kind: string(mail.LotExpiryDigest), Recipient: to,
		})
	})
}

// composeLotDigest writes the digest from the lots as they are now, in the
// language the owner chose in the lots' rules, linking the expiry list.
func (w *mailWorker) composeLotDigest(ctx context.Context, e db.OutboundEmail) (mail.Message, error) {
	if w.lots == nil {
		return mail.Message{}, river.JobCancel(fmt.Errorf("jobs: e-mail %s: no lots module here", e.MessageID))
	}
	identity, err := w.identity.MailIdentity(ctx)
	if err != nil {
		return mail.Message{}, fmt.Errorf("jobs: shop identity: %w", err)
	}
	rules, err := w.lots.Rules(ctx)
	if err != nil {
		return mail.Message{}, err
	}
	page, err := w.lots.Expiring(ctx, rules.DigestDays)
	if err != nil {
		return mail.Message{}, err
	}
	d := mail.LotDigest{Days: rules.DigestDays, Until: page.Until, Link: identity.PublicURL + "/admin/lots"}
	for _, l := range page.Lots {
		d.Lots = append(d.Lots, mail.DigestLot{
			Product: l.ProductName, Code: l.Code, Expires: l.Expires, UseBy: l.Type == lots.UseBy,
			Remaining: l.Remaining, Blocked: l.Blocked, SellPast: l.SellPast,
		})
	}
	subject, html, text, err := mail.RenderLotDigest(d, identity, rules.DigestLanguage)
	if err != nil {
		return mail.Message{}, river.JobCancel(err)
	}
	return mail.Message{MessageID: e.MessageID, To: e.Recipient, Subject: subject, HTML: html, Text: text}, nil
}
