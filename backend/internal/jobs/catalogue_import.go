package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/catalogueio"
)

// CatalogueImportArgs imports the stored CSV file of a catalogue import.
type CatalogueImportArgs struct {
	ImportID int64 `json:"import_id"`
}

// Kind names the job in river_job.
func (CatalogueImportArgs) Kind() string { return "catalogue_import" }

// catalogueImportAttempts: the import is all or nothing, so a retry after
// a lost connection starts from scratch; a third failure is left failed.
const catalogueImportAttempts = 3

// CatalogueImportQueue queues catalogue imports as River jobs in the
// caller's transaction (catalogueio.Queue).
type CatalogueImportQueue struct {
	client *river.Client[pgx.Tx]
}

var _ catalogueio.Queue = CatalogueImportQueue{}

// NewCatalogueImportQueue queues through client.
func NewCatalogueImportQueue(client *river.Client[pgx.Tx]) CatalogueImportQueue {
	return CatalogueImportQueue{client: client}
}

// QueueCatalogueImport inserts the import's job in tx.
func (q CatalogueImportQueue) QueueCatalogueImport(ctx context.Context, tx pgx.Tx, importID int64) error {
	if _, err := q.client.InsertTx(ctx, tx, CatalogueImportArgs{ImportID: importID},
		&river.InsertOpts{MaxAttempts: catalogueImportAttempts}); err != nil {
		return fmt.Errorf("jobs: queue catalogue import %d: %w", importID, err)
	}
	return nil
}

type catalogueImportWorker struct {
	river.WorkerDefaults[CatalogueImportArgs]
	pool *pgxpool.Pool
	log  *slog.Logger
}

// Timeout allows a 100 000-row file with room to spare (River's default
// is a minute).
func (w *catalogueImportWorker) Timeout(*river.Job[CatalogueImportArgs]) time.Duration {
	return 10 * time.Minute
}

// Work runs the import (catalogueio.Run).
func (w *catalogueImportWorker) Work(ctx context.Context, job *river.Job[CatalogueImportArgs]) error {
	return catalogueio.Run(ctx, w.pool, job.Args.ImportID, w.log)
}
