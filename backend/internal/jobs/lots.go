package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// BlockLotsArgs is the midnight pass that blocks the lots whose date the
// new day brings within the rules (lots.Service.BlockDue).
type BlockLotsArgs struct{}

// Kind names the job in River.
func (BlockLotsArgs) Kind() string { return "block_due_lots" }

type blockLotsWorker struct {
	river.WorkerDefaults[BlockLotsArgs]
	lots *lots.Service
	log  *slog.Logger
}

// Work blocks; a failed pass is retried, and one that ran blocks nothing
// more when run again.
func (w *blockLotsWorker) Work(ctx context.Context, _ *river.Job[BlockLotsArgs]) error {
	ids, err := w.lots.BlockDue(ctx)
	if len(ids) > 0 {
		w.log.InfoContext(ctx, "jobs: lots blocked by their date", "lots", len(ids))
	}
	return err
}

// madridMidnight is River's schedule of a pass at each midnight in Madrid,
// the shop's day (summer time included).
type madridMidnight struct{}

// Next is the first midnight in Madrid after t.
func (madridMidnight) Next(t time.Time) time.Time {
	m := t.In(shoptime.Madrid)
	return time.Date(m.Year(), m.Month(), m.Day()+1, 0, 0, 0, 0, shoptime.Madrid)
}

// blockLotsPeriodic runs the pass at midnight in Madrid, and at a
// scheduler's start so a restart over midnight misses no day; unique per
// day, however many schedulers enqueue it.
func blockLotsPeriodic() *river.PeriodicJob {
	return river.NewPeriodicJob(madridMidnight{},
		func() (river.JobArgs, *river.InsertOpts) {
			return BlockLotsArgs{}, &river.InsertOpts{
				MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByPeriod: time.Hour},
			}
		},
		&river.PeriodicJobOpts{ID: "block_due_lots", RunOnStart: true})
}
