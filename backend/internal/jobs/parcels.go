package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
)

// ParcelPoller asks the carrier platform where the parcels on their way
// stand, the webhooks' fallback, and applies what moved (carrier.Service).
type ParcelPoller interface {
	Poll(ctx context.Context) (int, error)
}

// PollParcelsArgs is one pass of the parcels' poll.
type PollParcelsArgs struct{}

// Kind names the job in river_job.
func (PollParcelsArgs) Kind() string { return "poll_parcels" }

// pollParcelsEvery is how often the poll runs by default; each pass asks
// only about parcels not asked about for an hour.
const pollParcelsEvery = 10 * time.Minute

type pollParcelsWorker struct {
	river.WorkerDefaults[PollParcelsArgs]
	parcels ParcelPoller
	log     *slog.Logger
}

// Work runs a pass; a parcel the platform could not answer for waits for
// the next one.
func (w *pollParcelsWorker) Work(ctx context.Context, _ *river.Job[PollParcelsArgs]) error {
	n, err := w.parcels.Poll(ctx)
	if n > 0 {
		w.log.InfoContext(ctx, "jobs: parcels moved by the poll", "parcels", n)
	}
	return err
}

func pollParcelsPeriodic(every time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(every),
		// One pass per interval, however many schedulers enqueue it.
		func() (river.JobArgs, *river.InsertOpts) {
			return PollParcelsArgs{}, &river.InsertOpts{
				MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByPeriod: max(every, time.Second)},
			}
		},
		&river.PeriodicJobOpts{ID: "poll_parcels", RunOnStart: true})
}
