package catalogueio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
)

// Queue queues an import's job in the transaction that stores its file
// (jobs.CatalogueImportQueue).
type Queue interface {
	QueueCatalogueImport(ctx context.Context, tx pgx.Tx, importID int64) error
}

// errRefused rolls back an import whose file has problems.
var errRefused = errors.New("catalogueio: the file has problems")

// Run imports a stored file, all or nothing, in one transaction: the
// products the file names locked, the file checked a batch at a time (each
// batch copied into catalogue_import_rows while the file has no problem),
// then Apply, the audit row on behalf of whoever uploaded it, and the
// import marked succeeded, all committed together. A file with problems
// writes nothing but its report. Progress goes to catalogue_imports on
// another connection as it runs, so the back office sees it. An import
// already finished is left alone.
func Run(ctx context.Context, pool *pgxpool.Pool, importID int64, log *slog.Logger) error {
	q := db.New(pool)
	file, err := q.GetCatalogueImportFile(ctx, importID)
	if errors.Is(err, pgx.ErrNoRows) {
		log.WarnContext(ctx, "catalogueio: import vanished", "import_id", importID)
		return nil
	}
	if err != nil {
		return fmt.Errorf("catalogueio: read import %d: %w", importID, err)
	}
	if file.Status != "queued" && file.Status != "running" {
		return nil
	}
	ctx = auth.WithPrincipal(ctx, auth.Principal{UserID: deref(file.CreatedBy), Email: file.CreatedByActor, Role: auth.RoleAdmin})
	total := 0
	report := func(percent, rows int) {
		total = rows
		if err := q.CatalogueImportProgress(ctx, db.CatalogueImportProgressParams{
			ID: importID, ProgressPercent: int32(percent), RowsTotal: int32(rows),
		}); err != nil {
			log.WarnContext(ctx, "catalogueio: progress not recorded", "import_id", importID, "error", err)
		}
	}
	report(1, 0)
	var plan *Plan
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		qt := db.New(tx)
		if err := qt.CatalogueFileStatementTimeout(ctx); err != nil {
			return fmt.Errorf("catalogueio: lift the statement timeout: %w", err)
		}
		if file.UploadID == nil {
			return &UploadRefusal{Reason: ReasonUploadNotFound, Message: "the import's file is gone; upload it again"}
		}
		// The file is read twice, a piece at a time: once to lock its
		// products, once to check and copy its rows.
		content, _, err := OpenUpload(ctx, qt, deref(file.CreatedBy), *file.UploadID, false)
		if err != nil {
			return err
		}
		ids, lines, err := namedProducts(ctx, qt, content)
		if err != nil {
			return err
		}
		report(1, lines)
		if err := qt.LockCatalogueProducts(ctx, ids); err != nil {
			return fmt.Errorf("catalogueio: lock the file's products: %w", err)
		}
		content, size, err := OpenUpload(ctx, qt, deref(file.CreatedBy), *file.UploadID, false)
		if err != nil {
			return err
		}
		note := "CSV import " + file.FileName
		if plan, err = check(ctx, qt, content, true,
			func(read int64) { report(1+int(read*49/max(size, 1)), lines) },
			func(rows []Row) error { return stage(ctx, qt, importID, file.CreatedBy, note, rows) }); err != nil {
			return err
		}
		if plan.ProblemCount > 0 {
			return errRefused
		}
		rows := plan.Rows
		report(50, rows)
		res, err := Apply(ctx, qt, importID, plan, file.CreatedBy, note,
			func(step int) { report(50+step*9, rows) })
		if err != nil {
			return err
		}
		type audited struct {
			FileName string `json:"file_name"`
			Rows     int    `json:"rows"`
			Result
		}
		if err := audit.Record(ctx, qt, auth.Caller(ctx), "catalogue.import", fmt.Sprintf("catalogue_import:%d", importID), nil,
			audited{file.FileName, rows, res}); err != nil {
			return err
		}
		return finish(ctx, qt, importID, "succeeded", rows, res, nil, 0)
	})
	switch {
	case errors.Is(err, errRefused):
		return finish(ctx, q, importID, "failed", plan.Rows, Result{}, plan.Problems, plan.ProblemCount)
	case err != nil:
		log.ErrorContext(ctx, "catalogueio: import failed", "import_id", importID, "error", err)
		if ferr := finish(ctx, q, importID, "failed", total, Result{}, []Problem{{
			Reason: "IMPORT_FAILED", Message: "the import failed and wrote nothing; try again",
		}}, 1); ferr != nil {
			log.ErrorContext(ctx, "catalogueio: failure not recorded", "import_id", importID, "error", ferr)
		}
		return err
	}
	return nil
}

// finish records an import's outcome, with its first problems and how
// many there were, and drops its file.
func finish(ctx context.Context, q *db.Queries, importID int64, status string, rows int, res Result, problems []Problem, count int) error {
	listed := problems[:min(len(problems), MaxListedProblems)]
	if listed == nil {
		listed = []Problem{}
	}
	raw, err := json.Marshal(listed)
	if err != nil {
		return fmt.Errorf("catalogueio: encode problems: %w", err)
	}
	if err := q.FinishCatalogueImport(ctx, db.FinishCatalogueImportParams{
		ID: importID, Status: status, RowsTotal: int32(rows), Created: int32(res.Created), Updated: int32(res.Updated),
		Problems: raw, ProblemCount: int32(count),
	}); err != nil {
		return fmt.Errorf("catalogueio: finish import %d: %w", importID, err)
	}
	// The file is not kept once imported or refused: the audit trail says
	// what it was.
	if err := q.DeleteImportUpload(ctx, importID); err != nil {
		return fmt.Errorf("catalogueio: delete the file of import %d: %w", importID, err)
	}
	return nil
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
