// Package jobs is shopd's background work, on River: a job queue kept in the
// shop's own PostgreSQL, so a job is inserted in the transaction of the
// change that causes it, survives restarts, and runs once across replicas.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/withdrawal"
)

// Options configure the job client.
type Options struct {
	// PaymentWindows are how long unpaid orders wait, per payment method.
	PaymentWindows order.PaymentWindows
	// ExpiryInterval is how often unpaid orders are looked at; a minute by default.
	ExpiryInterval time.Duration
	// StatsFoldInterval is how often the dashboard statistics' deltas are
	// folded into their rollups; 15 seconds by default.
	StatsFoldInterval time.Duration
	// ContactsFoldInterval is how often the new orders' contacts are folded
	// into the order desk's search; 2 seconds by default.
	ContactsFoldInterval time.Duration
	// Now is the clock of the expiry pass; time.Now by default. Tests move it.
	Now    func() time.Time
	Logger *slog.Logger
	// Sender sends e-mails; with none, e-mail jobs are not worked here.
	Sender Sender
	// Identity is the shop's identity in e-mails.
	Identity IdentitySource
	// From is the sender address, the domain of Message-IDs.
	From string
	// Refunds gives card and Bizum payments back through Redsys (late
	// payments); nil when no Redsys terminal is configured.
	Refunds *payment.Gateway
	// HTTPClient calls Redsys's REST interface; a 30-second client by default.
	HTTPClient *http.Client
	// Links signs the withdrawal link of order e-mails; nil leaves it out
	// (the e-mail then links to the return policy page).
	Links *withdrawal.Links
	// Verifactu sends the prepared VeriFactu messages to the AEAT; nil
	// prepares them and keeps them ready (VERIFACTU_SEND off).
	Verifactu invoice.Sender
	// RetryPolicy overrides River's (attempt⁴ seconds: minutes, then hours,
	// then days over its 25 attempts); tests shorten it.
	RetryPolicy river.ClientRetryPolicy
	// Parcels polls the carrier platform for the parcels whose webhooks
	// did not come; nil when no labels are bought through one.
	Parcels ParcelPoller
	// Lots blocks, at midnight in Madrid, the lots their date blocks; nil
	// runs no such pass.
	Lots *lots.Service
	// ParcelPollInterval is how often; ten minutes by default.
	ParcelPollInterval time.Duration
	// CartIdle is how long a signed-in shopper's cart stays untouched
	// before it is abandoned; cart.DefaultIdle (24 hours) by default.
	CartIdle time.Duration
	// WebhookClient delivers webhooks; nil is webhook.Client refusing
	// loopback, link-local and private addresses, as production must.
	WebhookClient *http.Client
}

// ExpireUnpaidArgs is one pass over the orders whose payment window closed.
type ExpireUnpaidArgs struct{}

// Kind names the job in river_job.
func (ExpireUnpaidArgs) Kind() string { return "expire_unpaid_orders" }

type expireWorker struct {
	river.WorkerDefaults[ExpireUnpaidArgs]
	pool    *pgxpool.Pool
	windows order.PaymentWindows
	now     func() time.Time
	log     *slog.Logger
	// mail says e-mail jobs are worked: only then are they queued.
	mail bool
	from string
}

// Work runs a pass. Were two to overlap (a retry beside a new pass), each
// order would still be cancelled once: order.Cancel decides that per row.
func (w *expireWorker) Work(ctx context.Context, _ *river.Job[ExpireUnpaidArgs]) error {
	var mailer order.Mailer
	if w.mail {
		mailer = NewMailQueue(river.ClientFromContext[pgx.Tx](ctx), w.from)
	}
	n, err := order.ExpireUnpaid(ctx, w.pool, w.windows, w.now(), mailer)
	if n > 0 {
		w.log.InfoContext(ctx, "jobs: unpaid orders expired", "orders", n)
	}
	return err
}

// NewClient returns a River client on pool with the shop's workers and the
// periodic expiry pass; the caller starts and stops it. River's leader
// election means one replica schedules the periodic pass, and any replica
// may work it.
func NewClient(pool *pgxpool.Pool, opts Options) (*river.Client[pgx.Tx], error) {
	if opts.ExpiryInterval == 0 {
		opts.ExpiryInterval = time.Minute
	}
	if opts.StatsFoldInterval == 0 {
		opts.StatsFoldInterval = 15 * time.Second
	}
	if opts.ContactsFoldInterval == 0 {
		// The search reads the orders since the last fold one heap page
		// each (1 000 orders cost a search ~1 000 buffers on the bench's
		// template): 2 seconds keep that near 400 at the mixed bench's 200
		// orders a second, for a fold of a few milliseconds.
		opts.ContactsFoldInterval = 2 * time.Second
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	workers := river.NewWorkers()
	if err := river.AddWorkerSafely(workers, &expireWorker{
		pool: pool, windows: opts.PaymentWindows, now: opts.Now, log: opts.Logger, from: opts.From,
		mail: opts.Sender != nil,
	}); err != nil {
		return nil, fmt.Errorf("jobs: add expiry worker: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &verifactuWorker{pool: pool, log: opts.Logger, sender: opts.Verifactu, now: opts.Now}); err != nil {
		return nil, fmt.Errorf("jobs: add verifactu worker: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &catalogueImportWorker{pool: pool, log: opts.Logger}); err != nil {
		return nil, fmt.Errorf("jobs: add catalogue import worker: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &foldStatsWorker{pool: pool}); err != nil {
		return nil, fmt.Errorf("jobs: add statistics fold worker: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &foldContactsWorker{pool: pool}); err != nil {
		return nil, fmt.Errorf("jobs: add contacts fold worker: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &pruneNotificationsWorker{pool: pool, now: opts.Now, log: opts.Logger}); err != nil {
		return nil, fmt.Errorf("jobs: add notifications prune worker: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &pruneFeedsWorker{pool: pool, now: opts.Now, log: opts.Logger}); err != nil {
		return nil, fmt.Errorf("jobs: add feeds prune worker: %w", err)
	}
	if err := addWebhookWorkers(workers, pool, opts); err != nil {
		return nil, err
	}
	periodic := []*river.PeriodicJob{}
	if opts.Sender != nil {
		if err := river.AddWorkerSafely(workers, &mailWorker{
			pool: pool, sender: opts.Sender, identity: opts.Identity, log: opts.Logger, links: opts.Links, lots: opts.Lots,
		}); err != nil {
			return nil, fmt.Errorf("jobs: add mail worker: %w", err)
		}
		if err := river.AddWorkerSafely(workers, &newsletterWorker{
			pool: pool, sender: opts.Sender, identity: opts.Identity, from: opts.From, log: opts.Logger,
		}); err != nil {
			return nil, fmt.Errorf("jobs: add newsletter worker: %w", err)
		}
		if err := river.AddWorkerSafely(workers, &newsletterTestWorker{
			pool: pool, sender: opts.Sender, identity: opts.Identity, from: opts.From,
		}); err != nil {
			return nil, fmt.Errorf("jobs: add newsletter test worker: %w", err)
		}
		if err := river.AddWorkerSafely(workers, &backInStockWorker{pool: pool, from: opts.From, log: opts.Logger}); err != nil {
			return nil, fmt.Errorf("jobs: add back-in-stock worker: %w", err)
		}
		// The warnings are e-mails: without a sender there is no way to
		// give them, and keys stay unwarned until there is.
		if err := river.AddWorkerSafely(workers, &warnExpiringKeysWorker{
			pool: pool, now: opts.Now, log: opts.Logger, from: opts.From,
		}); err != nil {
			return nil, fmt.Errorf("jobs: add API key expiry worker: %w", err)
		}
		periodic = append(periodic, warnExpiringKeysPeriodic())
		if opts.CartIdle <= 0 {
			opts.CartIdle = cart.DefaultIdle
		}
		if err := river.AddWorkerSafely(workers, &remindCartsWorker{
			pool: pool, now: opts.Now, idle: opts.CartIdle, log: opts.Logger, from: opts.From,
		}); err != nil {
			return nil, fmt.Errorf("jobs: add cart reminder worker: %w", err)
		}
		periodic = append(periodic, remindCartsPeriodic(opts.CartIdle))
	}
	if opts.Refunds != nil {
		if opts.HTTPClient == nil {
			opts.HTTPClient = &http.Client{Timeout: 30 * time.Second}
		}
		if err := river.AddWorkerSafely(workers, &refundWorker{
			pool: pool, gateway: opts.Refunds, client: opts.HTTPClient, log: opts.Logger,
		}); err != nil {
			return nil, fmt.Errorf("jobs: add refund worker: %w", err)
		}
	}
	if opts.Lots != nil {
		if err := river.AddWorkerSafely(workers, &blockLotsWorker{lots: opts.Lots, log: opts.Logger}); err != nil {
			return nil, fmt.Errorf("jobs: add lots worker: %w", err)
		}
		periodic = append(periodic, blockLotsPeriodic())
		if opts.Sender != nil {
			if err := river.AddWorkerSafely(workers, &lotDigestWorker{
				lots: opts.Lots, identity: opts.Identity, log: opts.Logger, from: opts.From,
			}); err != nil {
				return nil, fmt.Errorf("jobs: add lots digest worker: %w", err)
			}
			periodic = append(periodic, lotDigestPeriodic())
		}
	}
	if opts.Parcels != nil {
		if opts.ParcelPollInterval == 0 {
			opts.ParcelPollInterval = pollParcelsEvery
		}
		if err := river.AddWorkerSafely(workers, &pollParcelsWorker{parcels: opts.Parcels, log: opts.Logger}); err != nil {
			return nil, fmt.Errorf("jobs: add parcels poll worker: %w", err)
		}
		periodic = append(periodic, pollParcelsPeriodic(opts.ParcelPollInterval))
	}
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues:      map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 4}, WebhookQueueName: {MaxWorkers: 4}},
		Workers:     workers,
		Logger:      opts.Logger,
		RetryPolicy: opts.RetryPolicy,
		PeriodicJobs: append(periodic,
			river.NewPeriodicJob(river.PeriodicInterval(opts.ExpiryInterval),
				// Unique per interval: however many schedulers enqueue it
				// around a leader change, one pass runs per interval, and
				// passes do not pile up while the database is away.
				func() (river.JobArgs, *river.InsertOpts) {
					return ExpireUnpaidArgs{}, &river.InsertOpts{
						MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: max(opts.ExpiryInterval, time.Second)},
					}
				},
				// At once when a scheduler starts too: after a restart or
				// a leader change nothing waits a full interval.
				&river.PeriodicJobOpts{ID: "expire_unpaid_orders", RunOnStart: true}),
			verifactuPeriodic(),
			river.NewPeriodicJob(river.PeriodicInterval(opts.StatsFoldInterval),
				// One fold per interval, however many schedulers enqueue it;
				// a missed one only leaves more deltas for the next.
				func() (river.JobArgs, *river.InsertOpts) {
					return FoldStatsArgs{}, &river.InsertOpts{
						MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: max(opts.StatsFoldInterval, time.Second)},
					}
				},
				&river.PeriodicJobOpts{ID: "fold_order_stats", RunOnStart: true}),
			river.NewPeriodicJob(river.PeriodicInterval(opts.ContactsFoldInterval),
				func() (river.JobArgs, *river.InsertOpts) {
					return FoldContactsArgs{}, &river.InsertOpts{
						MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: max(opts.ContactsFoldInterval, time.Second)},
					}
				},
				&river.PeriodicJobOpts{ID: "fold_order_contacts", RunOnStart: true}),
			pruneNotificationsPeriodic(),
			pruneFeedsPeriodic(),
		),
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: river client: %w", err)
	}
	return client, nil
}
