package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/feed"
	"github.com/sabores/sabores/backend/internal/webhook"
)

// PruneFeedsArgs forgets the events and order changes past their 30 days
// and stock batches' answers past their day (feed.Prune), so the feeds an
// integrator follows stay bounded.
type PruneFeedsArgs struct{}

// Kind names the job in river_job.
func (PruneFeedsArgs) Kind() string { return "prune_feeds" }

// pruneFeedsEvery is how often the job runs: hourly keeps each pass small.
const pruneFeedsEvery = time.Hour

type pruneFeedsWorker struct {
	river.WorkerDefaults[PruneFeedsArgs]
	pool *pgxpool.Pool
	now  func() time.Time
	log  *slog.Logger
}

// Work prunes; a failed run leaves its rows to the next.
func (w *pruneFeedsWorker) Work(ctx context.Context, _ *river.Job[PruneFeedsArgs]) error {
	q := db.New(w.pool)
	n, err := feed.Prune(ctx, q, w.now())
	if err != nil {
		return err
	}
	deliveries, err := webhook.Prune(ctx, q, w.now())
	if err != nil {
		return err
	}
	n += deliveries
	if n > 0 {
		w.log.InfoContext(ctx, "jobs: feed rows past their retention forgotten", "rows", n)
	}
	return nil
}

func pruneFeedsPeriodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(pruneFeedsEvery),
		func() (river.JobArgs, *river.InsertOpts) {
			return PruneFeedsArgs{}, &river.InsertOpts{
				MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: pruneFeedsEvery},
			}
		},
		&river.PeriodicJobOpts{ID: "prune_feeds", RunOnStart: true})
}
