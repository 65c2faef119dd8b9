package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/payment"
)

// PruneNotificationsArgs forgets the Redsys notifications past their
// retention (payment.PruneNotifications), so what is kept of them stays
// bounded: unverified ones are never stored, verified ones are a few per
// payment attempt, and their repeats are forgotten after a month.
type PruneNotificationsArgs struct{}

// Kind names the job in river_job.
func (PruneNotificationsArgs) Kind() string { return "prune_payment_notifications" }

// pruneNotificationsEvery is how often the job runs.
const pruneNotificationsEvery = 24 * time.Hour

type pruneNotificationsWorker struct {
	river.WorkerDefaults[PruneNotificationsArgs]
	pool *pgxpool.Pool
	now  func() time.Time
	log  *slog.Logger
}

// Work prunes; a failed run leaves its rows to the next.
func (w *pruneNotificationsWorker) Work(ctx context.Context, _ *river.Job[PruneNotificationsArgs]) error {
	n, err := payment.PruneNotifications(ctx, db.New(w.pool), w.now())
	if err != nil {
		return err
	}
	if n > 0 {
		w.log.InfoContext(ctx, "jobs: redsys notifications past their retention forgotten", "rows", n)
	}
	return nil
}

func pruneNotificationsPeriodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(pruneNotificationsEvery),
		func() (river.JobArgs, *river.InsertOpts) {
			return PruneNotificationsArgs{}, &river.InsertOpts{
				MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: pruneNotificationsEvery},
			}
		},
		&river.PeriodicJobOpts{ID: "prune_payment_notifications", RunOnStart: true})
}
