package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/invoice"
)

// VerifactuArgs prepares every VeriFactu record not yet in a submission as
// the AEAT's RegFactuSistemaFacturacion message and, when sending is on,
// sends the messages the AEAT has not answered. It names no record: each
// run takes all that are waiting, so a run queued by one record also
// carries those whose run has not come yet, and extra runs find nothing to
// do.
type VerifactuArgs struct{}

// Kind names the job in river_job.
func (VerifactuArgs) Kind() string { return "verifactu_submit" }

// verifactuAttempts bounds the retries of a run that failed (a database
// error, the AEAT unreachable or answering 5xx): River's backoff, then the
// periodic pass tries again anyway, and nothing is lost meanwhile (a
// message stays unanswered until an answer is kept).
const verifactuAttempts = 5

// verifactuInterval is how often the periodic pass looks for records whose
// issuer queued no run (an Invoicer without Submissions): the AEAT's own
// waiting time between messages is 60 seconds.
const verifactuInterval = time.Minute

// VerifactuQueue queues the submission job in the transaction that writes
// a VeriFactu record (invoice.SubmissionQueue).
type VerifactuQueue struct {
	client *river.Client[pgx.Tx]
}

var _ invoice.SubmissionQueue = VerifactuQueue{}

// NewVerifactuQueue queues through client.
func NewVerifactuQueue(client *river.Client[pgx.Tx]) VerifactuQueue {
	return VerifactuQueue{client: client}
}

// QueueSubmission inserts a run in tx.
func (q VerifactuQueue) QueueSubmission(ctx context.Context, tx pgx.Tx) error {
	if _, err := q.client.InsertTx(ctx, tx, VerifactuArgs{}, &river.InsertOpts{MaxAttempts: verifactuAttempts}); err != nil {
		return fmt.Errorf("jobs: queue verifactu submission: %w", err)
	}
	return nil
}

type verifactuWorker struct {
	river.WorkerDefaults[VerifactuArgs]
	pool   *pgxpool.Pool
	log    *slog.Logger
	sender invoice.Sender
	now    func() time.Time
}

// verifactuTimeout bounds a run: an answer may take the client's two
// minutes, and River's default (a minute) would cut it.
const verifactuTimeout = 5 * time.Minute

// Timeout lets a run wait for the AEAT's answer.
func (w *verifactuWorker) Timeout(*river.Job[VerifactuArgs]) time.Duration { return verifactuTimeout }

// Work prepares the waiting records' messages and, with a sender, posts
// them; when the AEAT's waiting time (TiempoEsperaEnvio) holds the next
// one back, the run is snoozed until it has passed. Without a sender
// (VERIFACTU_SEND off) they stay "ready" and the admin's chain check says so.
func (w *verifactuWorker) Work(ctx context.Context, _ *river.Job[VerifactuArgs]) error {
	if w.sender == nil {
		prepared, err := invoice.PrepareSubmissions(ctx, w.pool, invoice.Sabores)
		if err != nil {
			return err
		}
		if prepared > 0 {
			w.log.InfoContext(ctx, "jobs: verifactu records ready; sending is off (VERIFACTU_SEND)", "records", prepared)
		}
		return nil
	}
	// After a restore nothing is sent, and nothing chained, until the
	// local chain matches what the AEAT holds; each run compares again.
	iv := invoice.Invoicer{Issuer: invoice.SettingsIssuer{}, Now: w.now}
	hold, err := iv.CheckAfterRestore(ctx, w.pool, w.sender)
	if err != nil {
		return err
	}
	if hold.Held {
		w.log.WarnContext(ctx, "jobs: invoicing held since the restore: the AEAT holds records the shop lacks",
			"missing", len(hold.Missing), "aeat_head", hold.AEATHeadNumber, "error", hold.Error)
		return nil
	}
	if !hold.CheckedAt.IsZero() {
		w.log.InfoContext(ctx, "jobs: the chain matches the AEAT's; invoicing resumed", "invoices_issued", hold.Issued)
	}
	res, err := invoice.SendSubmissions(ctx, w.pool, invoice.Sabores, w.sender, w.now)
	if res.Sent > 0 {
		w.log.InfoContext(ctx, "jobs: verifactu messages answered by the AEAT", "messages", res.Sent, "endpoint", w.sender.Endpoint())
	}
	if err != nil {
		return err
	}
	if res.Wait > 0 {
		return river.JobSnooze(res.Wait)
	}
	return nil
}

// verifactuPeriodic is the pass that catches records whose issuer queued
// no run, once a minute and at a scheduler's start.
func verifactuPeriodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(verifactuInterval),
		func() (river.JobArgs, *river.InsertOpts) {
			return VerifactuArgs{}, &river.InsertOpts{
				MaxAttempts: verifactuAttempts, UniqueOpts: river.UniqueOpts{ByPeriod: verifactuInterval},
			}
		},
		&river.PeriodicJobOpts{ID: "verifactu_submit", RunOnStart: true})
}
