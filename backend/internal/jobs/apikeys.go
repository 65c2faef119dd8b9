package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/auth"
)

// WarnExpiringKeysArgs e-mails the owners of API keys expiring within
// auth.KeyExpiryNotice, once per key (auth.WarnExpiringKeys).
type WarnExpiringKeysArgs struct{}

// Kind names the job in river_job.
func (WarnExpiringKeysArgs) Kind() string { return "warn_expiring_api_keys" }

// warnExpiringKeysEvery is how often: hourly, so a key is warned of at most
// an hour past its 14 days, for 24 job rows a day.
const warnExpiringKeysEvery = time.Hour

type warnExpiringKeysWorker struct {
	river.WorkerDefaults[WarnExpiringKeysArgs]
	pool *pgxpool.Pool
	now  func() time.Time
	log  *slog.Logger
	from string
}

// Work warns; a failed pass leaves its keys unwarned for the next.
func (w *warnExpiringKeysWorker) Work(ctx context.Context, _ *river.Job[WarnExpiringKeysArgs]) error {
	n, err := auth.WarnExpiringKeys(ctx, w.pool, NewMailQueue(river.ClientFromContext[pgx.Tx](ctx), w.from), w.now())
	if n > 0 {
		w.log.InfoContext(ctx, "jobs: owners warned of expiring API keys", "keys", n)
	}
	return err
}

func warnExpiringKeysPeriodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(warnExpiringKeysEvery),
		func() (river.JobArgs, *river.InsertOpts) {
			return WarnExpiringKeysArgs{}, &river.InsertOpts{
				MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: warnExpiringKeysEvery},
			}
		},
		&river.PeriodicJobOpts{ID: "warn_expiring_api_keys", RunOnStart: true})
}
