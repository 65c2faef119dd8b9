package invoice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// SubmissionQueue queues the submission job in the transaction that
// writes a VeriFactu record (jobs.VerifactuQueue): the job exists exactly
// when the record does.
type SubmissionQueue interface {
	QueueSubmission(ctx context.Context, tx pgx.Tx) error
}

// PrepareSubmissions turns every record not yet in a submission into
// RegFactuSistemaFacturacion messages, in chain order, up to 1000 records
// each and one issuer NIF each, and stores them as ready to send
// (verifactu_submissions). It runs in a transaction of its own under a
// lock that makes concurrent runs wait, so no record goes into two
// messages. It returns how many records it prepared. Sending them waits
// for the shop's certificate (docs/verifactu.md).
func PrepareSubmissions(ctx context.Context, pool *pgxpool.Pool, system System) (int, error) {
	var prepared int
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var err error
		prepared, err = prepareSubmissions(ctx, tx, system)
		return err
	})
	return prepared, err
}

func prepareSubmissions(ctx context.Context, tx pgx.Tx, system System) (int, error) {
	q := db.New(tx)
	if err := q.LockVerifactuSubmissions(ctx); err != nil {
		return 0, fmt.Errorf("invoice: lock submissions: %w", err)
	}
	prepared := 0
	for {
		after, err := q.LastSubmittedRecord(ctx)
		if err != nil {
			return prepared, fmt.Errorf("invoice: last submitted record: %w", err)
		}
		records, err := PendingRecords(ctx, tx, after)
		if err != nil || len(records) == 0 {
			return prepared, err
		}
		records = sameIssuer(records)
		first := records[0].Invoice
		message, err := SubmissionXML(Issuer{Name: first.IssuerName, NIF: first.IssuerNif, Address: first.IssuerAddress}, system, records)
		if err != nil {
			return prepared, err
		}
		if _, err := q.InsertVerifactuSubmission(ctx, db.InsertVerifactuSubmissionParams{
			FirstRecordID: records[0].Record.ID, LastRecordID: records[len(records)-1].Record.ID,
			RecordCount: int32(len(records)), Message: string(message), //nolint:gosec // at most 1000
		}); err != nil {
			return prepared, fmt.Errorf("invoice: store submission: %w", err)
		}
		prepared += len(records)
	}
}

// sameIssuer is the leading records issued under the first one's NIF: a
// message has one ObligadoEmision, so a change of the shop's NIF starts a
// new one.
func sameIssuer(records []SubmissionRecord) []SubmissionRecord {
	for i, r := range records {
		if r.Invoice.IssuerNif != records[0].Invoice.IssuerNif {
			return records[:i]
		}
	}
	return records
}

// SubmissionStatus is where the records stand on their way to the AEAT.
type SubmissionStatus struct {
	// Ready counts the records in messages prepared and not yet sent.
	Ready int64
	// Unsubmitted counts the records in no message yet (the job has not
	// run since they were issued).
	Unsubmitted int64
	// LastPrepared is when the last message was prepared; zero for never.
	LastPrepared time.Time
	// ByState counts the prepared records by their message's state.
	ByState []db.VerifactuRecordsByStateRow
	// Refused are the latest records refused or accepted with errors.
	Refused []db.RefusedVerifactuRecordsRow
	// Answers are the AEAT's latest answers, newest first, with their CSV.
	Answers []db.RecentVerifactuAnswersRow
}

// ReadSubmissionStatus reads the records' way to the AEAT.
func ReadSubmissionStatus(ctx context.Context, q db.DBTX) (SubmissionStatus, error) {
	queries := db.New(q)
	row, err := queries.VerifactuSubmissionStatus(ctx)
	if err != nil {
		return SubmissionStatus{}, fmt.Errorf("invoice: submission status: %w", err)
	}
	out := SubmissionStatus{Ready: row.ReadyRecords, Unsubmitted: row.UnsubmittedRecords}
	last, err := queries.LastVerifactuSubmission(ctx)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
	case err != nil:
		return SubmissionStatus{}, fmt.Errorf("invoice: last submission: %w", err)
	default:
		out.LastPrepared = last.CreatedAt
	}
	if out.ByState, err = queries.VerifactuRecordsByState(ctx); err != nil {
		return SubmissionStatus{}, fmt.Errorf("invoice: records by state: %w", err)
	}
	if out.Refused, err = queries.RefusedVerifactuRecords(ctx); err != nil {
		return SubmissionStatus{}, fmt.Errorf("invoice: refused records: %w", err)
	}
	if out.Answers, err = queries.RecentVerifactuAnswers(ctx); err != nil {
		return SubmissionStatus{}, fmt.Errorf("invoice: recent answers: %w", err)
	}
	return out, nil
}
