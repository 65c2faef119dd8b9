package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/webhook"
)

// DispatchWebhooksArgs is one pass of the webhook dispatcher: the events
// committed since the last pass, queued for each endpoint taking them.
type DispatchWebhooksArgs struct{}

// Kind names the job in river_job.
func (DispatchWebhooksArgs) Kind() string { return "dispatch_webhooks" }

// dispatchWebhooksEvery is how often the dispatcher runs: a receiver hears
// of an event within about this long (issue 39 asks for 5 seconds).
const dispatchWebhooksEvery = time.Second

type dispatchWebhooksWorker struct {
	river.WorkerDefaults[DispatchWebhooksArgs]
	pool *pgxpool.Pool
}

// Work queues the deliveries of the events since the dispatcher's cursor
// in the transaction that moves it (webhook.Dispatch): each is queued
// once, and none is lost to a crash between the two.
func (w *dispatchWebhooksWorker) Work(ctx context.Context, _ *river.Job[DispatchWebhooksArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	for {
		var queued int
		err := pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
			deliveries, err := webhook.Dispatch(ctx, tx)
			if err != nil || len(deliveries) == 0 {
				return err
			}
			params := make([]river.InsertManyParams, len(deliveries))
			for i, d := range deliveries {
				params[i] = river.InsertManyParams{Args: DeliverWebhookArgs{EndpointID: d.EndpointID, EventID: d.EventID},
					InsertOpts: &river.InsertOpts{MaxAttempts: webhookAttempts}}
			}
			queued = len(deliveries)
			if _, err := client.InsertManyTx(ctx, tx, params); err != nil {
				return fmt.Errorf("jobs: queue webhook deliveries: %w", err)
			}
			return nil
		})
		if err != nil || queued == 0 {
			return err
		}
	}
}

func dispatchWebhooksPeriodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(dispatchWebhooksEvery),
		func() (river.JobArgs, *river.InsertOpts) {
			return DispatchWebhooksArgs{}, &river.InsertOpts{
				MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: dispatchWebhooksEvery},
			}
		},
		&river.PeriodicJobOpts{ID: "dispatch_webhooks", RunOnStart: true})
}

// webhookAttempts is how often a delivery is tried: River's backoff
// (attempt⁴ seconds) spreads 14 attempts over about 25 hours, past the
// day a receiver may be down.
const webhookAttempts = 14

// DeliverWebhookArgs sends one event to one endpoint.
type DeliverWebhookArgs struct {
	EndpointID int64     `json:"endpoint_id"`
	EventID    uuid.UUID `json:"event_id"`
}

// Kind names the job in river_job.
func (DeliverWebhookArgs) Kind() string { return "deliver_webhook" }

type deliverWebhookWorker struct {
	river.WorkerDefaults[DeliverWebhookArgs]
	pool   *pgxpool.Pool
	client *http.Client
	now    func() time.Time
	log    *slog.Logger
}

// Work delivers; a failure is retried with River's backoff, and a
// delivery whose endpoint or event is gone is cancelled.
func (w *deliverWebhookWorker) Work(ctx context.Context, job *river.Job[DeliverWebhookArgs]) error {
	err := webhook.Deliver(ctx, db.New(w.pool), w.client, webhook.Delivery{EndpointID: job.Args.EndpointID, EventID: job.Args.EventID}, w.now())
	if errors.Is(err, webhook.ErrGone) {
		return river.JobCancel(err)
	}
	if err != nil {
		w.log.WarnContext(ctx, "jobs: webhook delivery failed", "endpoint", job.Args.EndpointID, "event", job.Args.EventID,
			"attempt", job.Attempt, "err", err)
	}
	return err
}

// Timeout of a delivery: a receiver that takes longer is retried.
const webhookTimeout = 15 * time.Second

// addWebhookWorkers adds the dispatcher and the delivery workers, through
// client (webhook.Client refusing private addresses when nil).
func addWebhookWorkers(workers *river.Workers, pool *pgxpool.Pool, client *http.Client, now func() time.Time, log *slog.Logger) error {
	if client == nil {
		client = webhook.Client(false, webhookTimeout)
	}
	if err := river.AddWorkerSafely(workers, &dispatchWebhooksWorker{pool: pool}); err != nil {
		return fmt.Errorf("jobs: add webhook dispatcher: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &deliverWebhookWorker{pool: pool, client: client, now: now, log: log}); err != nil {
		return fmt.Errorf("jobs: add webhook delivery worker: %w", err)
	}
	return nil
}
