package jobs

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/db"
)

// FoldContactsArgs is one fold of the new orders' contacts into
// order_contacts, the order desk's search (migration 00282). The search is
// exact without it, reading the orders not folded yet by their own LIKE;
// folding keeps that tail a couple of seconds long, out of the checkout's
// transaction.
type FoldContactsArgs struct{}

// Kind names the job in river_job.
func (FoldContactsArgs) Kind() string { return "fold_order_contacts" }

type foldContactsWorker struct {
	river.WorkerDefaults[FoldContactsArgs]
	pool *pgxpool.Pool
}

// Work folds. Two folds never overlap (the function's advisory lock: the
// second returns at once), and a failed one leaves its orders to the next.
func (w *foldContactsWorker) Work(ctx context.Context, _ *river.Job[FoldContactsArgs]) error {
	if err := db.New(w.pool).FoldOrderContacts(ctx); err != nil {
		return fmt.Errorf("jobs: fold order contacts: %w", err)
	}
	return nil
}
