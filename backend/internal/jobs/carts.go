package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/cart"
)

// RemindCartsArgs is one pass over the abandoned carts: each of a shopper
// who consented to commercial e-mail gets its one reminder
// (cart.RemindAbandoned).
type RemindCartsArgs struct{}

// Kind names the job in river_job.
func (RemindCartsArgs) Kind() string { return "remind_abandoned_carts" }

// remindCartsEvery is how often: a cart is reminded of at most a quarter
// of an hour after it became abandoned, for 96 job rows a day.
const remindCartsEvery = 15 * time.Minute

type remindCartsWorker struct {
	river.WorkerDefaults[RemindCartsArgs]
	pool *pgxpool.Pool
	now  func() time.Time
	idle time.Duration
	log  *slog.Logger
	from string
}

// Work reminds; a failed pass leaves its carts for the next.
func (w *remindCartsWorker) Work(ctx context.Context, _ *river.Job[RemindCartsArgs]) error {
	n, err := cart.RemindAbandoned(ctx, w.pool, NewMailQueue(river.ClientFromContext[pgx.Tx](ctx), w.from), w.idle, w.now())
	if n > 0 {
		w.log.InfoContext(ctx, "jobs: abandoned carts reminded of", "carts", n)
	}
	return err
}

// remindCartsPeriodic is unique per period: however many schedulers
// enqueue it, one pass runs per quarter hour, or per idle time when that
// is shorter (a shop that abandons carts after minutes looks as often).
func remindCartsPeriodic(idle time.Duration) *river.PeriodicJob {
	every := min(remindCartsEvery, max(idle, time.Second))
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) {
			return RemindCartsArgs{}, &river.InsertOpts{
				MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: every},
			}
		},
		&river.PeriodicJobOpts{ID: "remind_abandoned_carts", RunOnStart: true})
}
