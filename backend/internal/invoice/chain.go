package invoice

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// appendRecord chains rec after the chain's head and queues its
// submission, in tx.
func (iv Invoicer) appendRecord(ctx context.Context, tx pgx.Tx, invoiceID int64, rec Record) (db.VerifactuRecord, error) {
	stored, err := chainRecord(ctx, db.New(tx), invoiceID, rec, nil)
	if err != nil || iv.Submissions == nil {
		return stored, err
	}
	if err := iv.Submissions.QueueSubmission(ctx, tx); err != nil {
		return stored, fmt.Errorf("invoice: queue the submission of record %d: %w", stored.ID, err)
	}
	return stored, nil
}

// correction says which record a new one corrects (Subsanacion) and
// whether the AEAT refused that one (RechazoPrevio).
type correction struct {
	of            int64
	rechazoPrevio bool
}

// chainRecord chains rec after the chain's head, under the head's lock;
// corr is nil for a record that corrects none.
func chainRecord(ctx context.Context, q *db.Queries, invoiceID int64, rec Record, corr *correction) (db.VerifactuRecord, error) {
	prev, err := q.LockVerifactuChain(ctx)
	if err != nil {
		return db.VerifactuRecord{}, fmt.Errorf("invoice: lock the record chain: %w", err)
	}
	rec.PreviousHash = prev
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
