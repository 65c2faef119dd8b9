package invoice

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// appendRecord queues the record's submission, then chains rec after the
// chain's head, in tx.
func (iv Invoicer) appendRecord(ctx context.Context, tx pgx.Tx, invoiceID int64, rec Record) (db.VerifactuRecord, error) {
	if err := iv.queueSubmission(ctx, tx); err != nil {
		return db.VerifactuRecord{}, err
	}
	return chainRecord(ctx, db.New(tx), invoiceID, rec, nil, iv.now)
}

// queueSubmission queues the job that sends the record tx is about to
// chain. It is called before the locks of the series and the chain are
// taken: the job only becomes visible at commit wherever it is queued,
// and each statement before those locks is one every other issuer does
// not wait for.
func (iv Invoicer) queueSubmission(ctx context.Context, tx pgx.Tx) error {
	if iv.Submissions == nil {
		return nil
	}
	if err := iv.Submissions.QueueSubmission(ctx, tx); err != nil {
		return fmt.Errorf("invoice: queue the record's submission: %w", err)
	}
	return nil
}

// correction says which record a new one corrects (Subsanacion) and
// whether the AEAT refused that one (RechazoPrevio).
type correction struct {
	of            int64
	rechazoPrevio bool
}

// chainRecord chains rec after the chain's head, under the head's lock,
// generated at now() read under that lock: records follow one another in
// the order of their times, which the chain's recovery relies on (hold.go
// takes the latest the AEAT holds for the head). corr is nil for a record
// that corrects none.
func chainRecord(ctx context.Context, q *db.Queries, invoiceID int64, rec Record, corr *correction, now func() time.Time) (db.VerifactuRecord, error) {
	prev, err := q.LockVerifactuChain(ctx)
	if err != nil {
		return db.VerifactuRecord{}, fmt.Errorf("invoice: lock the record chain: %w", err)
	}
	rec.PreviousHash = prev
	rec.GeneratedAt = AEATTime(now())
	kind := "alta"
	if rec.Cancellation {
		kind = "anulacion"
	}
	params := db.InsertVerifactuRecordParams{
		InvoiceID: invoiceID, Kind: kind, IssuerNif: rec.IssuerNIF, SeriesNumber: rec.SeriesNumber,
		IssueDate: rec.IssueDate, InvoiceType: rec.InvoiceType, VatTotal: rec.VATTotal, Total: rec.Total,
		PreviousHash: rec.PreviousHash, GeneratedAt: rec.GeneratedAt, Hash: rec.Hash(),
	}
	if corr != nil {
		params.CorrectsRecordID, params.RechazoPrevio = &corr.of, corr.rechazoPrevio
	}
	row, err := q.InsertVerifactuRecord(ctx, params)
	if err != nil {
		return db.VerifactuRecord{}, fmt.Errorf("invoice: insert record: %w", err)
	}
	if err := q.MoveVerifactuChain(ctx, db.MoveVerifactuChainParams{RecordID: &row.ID, Hash: row.Hash}); err != nil {
		return db.VerifactuRecord{}, fmt.Errorf("invoice: move the chain head: %w", err)
	}
	return row, nil
}
