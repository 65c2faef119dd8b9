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

	"github.com/sabores/sabores/backend/internal/webhook"
)

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

// WebhookQueue queues webhook deliveries as River jobs in the caller's
// transaction (webhook.Queue).
type WebhookQueue struct {
	client *river.Client[pgx.Tx]
}

var _ webhook.Queue = WebhookQueue{}

// NewWebhookQueue queues through client.
func NewWebhookQueue(client *river.Client[pgx.Tx]) WebhookQueue { return WebhookQueue{client: client} }

// WebhookQueueName is the River queue deliveries run in, apart from the
// shop's own work: a receiver that answers slowly (each delivery may wait
// webhookTimeout) or a burst of events holds its own workers, never the
// e-mails, refunds and VeriFactu records of the default queue.
const WebhookQueueName = "webhooks"

// QueueWebhookDeliveries inserts one job per delivery in tx.
func (q WebhookQueue) QueueWebhookDeliveries(ctx context.Context, tx pgx.Tx, ds []webhook.Delivery) error {
	params := make([]river.InsertManyParams, len(ds))
	for i, d := range ds {
		params[i] = river.InsertManyParams{Args: DeliverWebhookArgs{EndpointID: d.EndpointID, EventID: d.EventID},
			InsertOpts: &river.InsertOpts{MaxAttempts: webhookAttempts, Queue: WebhookQueueName}}
	}
	if _, err := q.client.InsertManyTx(ctx, tx, params); err != nil {
		return fmt.Errorf("jobs: queue webhook deliveries: %w", err)
	}
	return nil
}

// WebhookChannel is the notification channel the api_events trigger
// wakes the dispatcher on (migration 00520).
const WebhookChannel = "api_events"

// WebhookSweep is how often the dispatcher looks at the events without
// being woken: a notification lost with its connection waits this long.
const WebhookSweep = time.Minute

// WebhookDispatcher queues webhook deliveries as events commit. It is not
// a River job: a periodic job fast enough for the 5 seconds a receiver may
// wait wrote a job row every second, ~86 000 a day, with no endpoint at
// all. It LISTENs on WebhookChannel and passes once per wake-up, and once
// every Sweep. Replicas may each run one: webhook.Dispatch locks its cursor.
type WebhookDispatcher struct {
	pool  *pgxpool.Pool
	queue WebhookQueue
	log   *slog.Logger
	sweep time.Duration
}

// NewWebhookDispatcher dispatches the events of pool through client's
// queue, logging to log (nil: slog.Default()).
func NewWebhookDispatcher(pool *pgxpool.Pool, client *river.Client[pgx.Tx], log *slog.Logger) *WebhookDispatcher {
	if log == nil {
		log = slog.Default()
	}
	return &WebhookDispatcher{pool: pool, queue: NewWebhookQueue(client), log: log, sweep: WebhookSweep}
}

// WithSweep returns the dispatcher sweeping every d: tests lengthen it to
// show that deliveries do not wait for it.
func (d *WebhookDispatcher) WithSweep(every time.Duration) *WebhookDispatcher {
	c := *d
	c.sweep = every
	return &c
}

// heldBack bounds how long the dispatcher waits before looking again at
// events a transaction still running holds back (webhook.Pass.Waiting): it
// starts short and doubles, as such transactions are usually short.
const (
	heldBackFirst = 50 * time.Millisecond
	heldBackMax   = 2 * time.Second
)

// Run dispatches until ctx ends. ready, if not nil, is closed once the
// first LISTEN is in place: a commit from then on wakes it.
func (d *WebhookDispatcher) Run(ctx context.Context, ready chan<- struct{}) {
	wake := make(chan struct{}, 1)
	go d.listen(ctx, wake, ready)
	heldBack := heldBackFirst
	for {
		wait := d.sweep
		pass, err := d.pass(ctx)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			d.log.WarnContext(ctx, "jobs: webhook dispatch failed", "error", err)
			wait = heldBackMax
		case pass.Read > 0 && pass.Waiting:
			continue
		case pass.Waiting:
			wait, heldBack = heldBack, min(heldBack*2, heldBackMax)
		default:
			heldBack = heldBackFirst
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-wake:
		case <-timer.C:
		}
		timer.Stop()
	}
}

// pass runs webhook.Dispatch and queues its deliveries in its transaction:
// each is queued once, and none is lost to a crash between the two.
func (d *WebhookDispatcher) pass(ctx context.Context) (webhook.Pass, error) {
	var pass webhook.Pass
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		var err error
		if pass, err = webhook.Dispatch(ctx, tx); err != nil || len(pass.Deliveries) == 0 {
			return err
		}
		return d.queue.QueueWebhookDeliveries(ctx, tx, pass.Deliveries)
	})
	return pass, err
}

// listen keeps a connection listening on WebhookChannel, waking the loop
// on every notification and after every (re)connection, since what was
// committed while nobody listened is unknown.
func (d *WebhookDispatcher) listen(ctx context.Context, wake chan<- struct{}, ready chan<- struct{}) {
	cfg := d.pool.Config().ConnConfig.Copy()
	cfg.RuntimeParams["application_name"] = "shopd webhooks"
	delay := 100 * time.Millisecond
	poke := func() {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	for ctx.Err() == nil {
		err := func() error {
			conn, err := pgx.ConnectConfig(ctx, cfg)
			if err != nil {
				return err
			}
			defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
			if _, err := conn.Exec(ctx, "LISTEN "+WebhookChannel); err != nil {
				return err
			}
			delay = 100 * time.Millisecond
			poke()
			if ready != nil {
				close(ready)
				ready = nil
			}
			for {
				if _, err := conn.WaitForNotification(ctx); err != nil {
					return err
				}
				poke()
			}
		}()
		if ctx.Err() != nil {
			return
		}
		d.log.WarnContext(ctx, "jobs: webhook listener disconnected; sweeping until it is back", "error", err, "retry_in", delay)
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
		delay = min(delay*2, 5*time.Second)
	}
}

type deliverWebhookWorker struct {
	river.WorkerDefaults[DeliverWebhookArgs]
	pool   *pgxpool.Pool
	client *http.Client
	now    func() time.Time
	log    *slog.Logger
	// mail says e-mail jobs are worked: only then is the owner e-mailed
	// when an endpoint is disabled.
	mail bool
	from string
}

// Work delivers; a failure is retried with River's backoff, and a
// delivery whose endpoint is gone or disabled, or whose event is gone, is
// cancelled.
func (w *deliverWebhookWorker) Work(ctx context.Context, job *river.Job[DeliverWebhookArgs]) error {
	service := webhook.New(w.pool)
	if w.mail {
		service = service.WithAlerts(NewMailQueue(river.ClientFromContext[pgx.Tx](ctx), w.from))
	}
	err := service.Deliver(ctx, w.client, webhook.Delivery{EndpointID: job.Args.EndpointID, EventID: job.Args.EventID},
		w.now(), job.Attempt >= job.MaxAttempts)
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

// addWebhookWorkers adds the delivery worker, through client
// (webhook.Client refusing private addresses when nil).
func addWebhookWorkers(workers *river.Workers, pool *pgxpool.Pool, opts Options) error {
	client := opts.WebhookClient
	if client == nil {
		client = webhook.Client(false, webhookTimeout)
	}
	if err := river.AddWorkerSafely(workers, &deliverWebhookWorker{
		pool: pool, client: client, now: opts.Now, log: opts.Logger, mail: opts.Sender != nil, from: opts.From,
	}); err != nil {
		return fmt.Errorf("jobs: add webhook delivery worker: %w", err)
	}
	return nil
}
