package jobs

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/db"
)

// FoldStatsArgs is one fold of the dashboard statistics' deltas into their
// rollups (migration 00255). The dashboard is exact without it; folding
// keeps what a dashboard read sums small.
type FoldStatsArgs struct{}

// Kind names the job in river_job.
func (FoldStatsArgs) Kind() string { return "fold_order_stats" }

type foldStatsWorker struct {
	river.WorkerDefaults[FoldStatsArgs]
	pool *pgxpool.Pool
}

// Work folds. Two folds never overlap (the function's advisory lock: the
// second returns at once), and a failed one leaves the deltas for the next.
func (w *foldStatsWorker) Work(ctx context.Context, _ *river.Job[FoldStatsArgs]) error {
	if err := db.New(w.pool).FoldStats(ctx); err != nil {
		return fmt.Errorf("jobs: fold order statistics: %w", err)
	}
	return nil
}
