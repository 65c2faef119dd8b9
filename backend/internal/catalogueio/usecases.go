package catalogueio

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// ExportAll writes the catalogue to w as CSV (Export) from one REPEATABLE
// READ snapshot, then audits the export as done by by. A w that buffers
// (has Flush() error) is flushed before the snapshot ends. It returns how
// many products it wrote.
func ExportAll(ctx context.Context, pool *pgxpool.Pool, by audit.Caller, w io.Writer, bom bool) (int, error) {
	var rows int
	err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		if rows, err = Export(ctx, db.New(tx), w, bom); err != nil {
			return err
		}
		if f, ok := w.(interface{ Flush() error }); ok {
			return f.Flush()
		}
		return nil
	})
	if err != nil {
		return rows, err
	}
	return rows, audit.Record(ctx, db.New(pool), by, "catalogue.export", "catalogue", nil, map[string]int{"rows": rows})
}

// DryRun checks userID's upload uploadID as the import would, and writes
// nothing (a read-only transaction): every row through the product form's
// rules, codes against the file and the shop.
func DryRun(ctx context.Context, pool *pgxpool.Pool, userID, uploadID int64) (*Plan, error) {
	var plan *Plan
	err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.CatalogueFileStatementTimeout(ctx); err != nil {
			return fmt.Errorf("catalogueio: lift the statement timeout: %w", err)
		}
		file, _, err := OpenUpload(ctx, q, userID, uploadID, false)
		if err != nil {
			return err
		}
		plan, err = Check(ctx, q, file)
		return err
	})
	return plan, err
}

// Start queues the import of upload uploadID of by (a signed-in user) as
// fileName through queue, in one transaction that takes the upload (no
// piece can be added after) and audits who and which file. A file whose
// header is not the catalogue's is refused at once; so is any import on a
// server that runs no jobs (queue nil).
func Start(ctx context.Context, pool *pgxpool.Pool, queue Queue, by audit.Caller, uploadID int64, fileName string) (db.CreateCatalogueImportRow, error) {
	var row db.CreateCatalogueImportRow
	if queue == nil {
		return row, &fault.Error{Kind: fault.Refused, Reason: "IMPORTS_NOT_CONFIGURED",
			Message: "this server runs no background jobs"}
	}
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		file, size, err := OpenUpload(ctx, q, by.UserID, uploadID, true)
		if err != nil {
			return err
		}
		problems, err := HeaderProblems(file)
		if err != nil {
			return err
		}
		if len(problems) > 0 {
			p := problems[0]
			return &fault.Error{Kind: fault.Invalid, Reason: p.Reason, Message: "csv: " + p.Message,
				Metadata: map[string]string{"column": p.Column}}
		}
		if row, err = q.CreateCatalogueImport(ctx, db.CreateCatalogueImportParams{
			FileName: fileName, UploadID: uploadID, CreatedBy: &by.UserID, CreatedByActor: by.Name,
		}); err != nil {
			return fmt.Errorf("catalogueio: store catalogue import: %w", err)
		}
		if err := queue.QueueCatalogueImport(ctx, tx, row.ID); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "catalogue.import.start", "catalogue_import:"+strconv.FormatInt(row.ID, 10), nil,
			map[string]any{"file_name": row.FileName, "bytes": size})
	})
	return row, err
}
