package invoice

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/aeat"
	"github.com/sabores/sabores/backend/internal/db"
)

// Sender posts a RegFactuSistemaFacturacion message to the AEAT and reads
// its answer (aeat.Client; the development AEAT in tests).
type Sender interface {
	Send(ctx context.Context, message []byte) (*aeat.Response, []byte, error)
	Endpoint() string
	Querier
}

// Sending is how records leave, for the owner's view: whether they are
// posted, to which environment, and when the certificate expires (zero
// when none is configured).
type Sending struct {
	On                bool
	Environment       string
	CertificateExpiry time.Time
}

// SendResult is what a sending pass did.
type SendResult struct {
	// Sent counts the messages the AEAT answered.
	Sent int
	// Wait is how long until the next message may go (the AEAT's
	// TiempoEsperaEnvio since its last answer); zero when none waits.
	Wait time.Duration
}

// SendSubmissions corrects the records the AEAT refused or accepted with
// errors (each by a new record, CorrectRecords), prepares the messages of
// the records in none (PrepareSubmissions) once the AEAT's
// TiempoEsperaEnvio since its last answer has passed, and posts them in
// order, one at a time across replicas, keeping each answer whole. It
// stops when the next message must wait (Wait says how long) or when none
// is left. A post without an answer (the network,
// the AEAT down) returns the error and leaves the message to be posted
// again: its records were not received, or a duplicate answer (3000) will
// say they were.
func SendSubmissions(ctx context.Context, pool *pgxpool.Pool, system System, sender Sender, now func() time.Time) (SendResult, error) {
	var out SendResult
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return out, fmt.Errorf("invoice: connection to send: %w", err)
	}
	defer conn.Release()
	q := db.New(conn)
	if err := q.LockVerifactuSending(ctx); err != nil {
		return out, fmt.Errorf("invoice: lock sending: %w", err)
	}
	defer func() {
		// A connection lost takes the lock with it; one that is not is
		// unlocked even when ctx ended.
		_ = q.UnlockVerifactuSending(context.WithoutCancel(ctx))
	}()
	for {
		if err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			return correctRecords(ctx, tx, now)
		}); err != nil {
			return out, err
		}
		// The records are put into messages only once the next message
		// may go: a record issued during the AEAT's waiting time joins the
		// others that waited with it, up to 1 000 a message. Prepared at
		// once, each would be a message of its own, and a burst of
		// records (a morning at the till) a queue of messages a minute
		// apart, the last answered many minutes after it was issued.
		wait, err := waitBeforeSending(ctx, q, now())
		if err != nil {
			return out, err
		}
		if wait > 0 {
			// The run waits only when something is left to send.
			left, err := q.VerifactuSubmissionStatus(ctx)
			if err != nil {
				return out, fmt.Errorf("invoice: records left to send: %w", err)
			}
			if left.ReadyRecords+left.UnsubmittedRecords > 0 {
				out.Wait = wait
			}
			return out, nil
		}
		if err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			_, err := prepareSubmissions(ctx, tx, system)
			return err
		}); err != nil {
			return out, err
		}
		next, err := q.NextUnansweredSubmission(ctx)
		if errors.Is(err, pgx.ErrNoRows) {
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("invoice: next submission: %w", err)
		}
		answer, raw, err := sender.Send(ctx, []byte(next.Message))
		if err != nil {
			return out, fmt.Errorf("invoice: send submission %d: %w", next.ID, err)
		}
		if err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			return keepAnswer(ctx, tx, next, sender.Endpoint(), answer, raw, now())
		}); err != nil {
			return out, err
		}
		out.Sent++
	}
}

// waitBeforeSending is what remains of the last answer's TiempoEsperaEnvio.
func waitBeforeSending(ctx context.Context, q *db.Queries, now time.Time) (time.Duration, error) {
	last, err := q.LastVerifactuAnswer(ctx)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return 0, nil
	case err != nil:
		return 0, fmt.Errorf("invoice: last answer: %w", err)
	}
	return max(0, last.AnsweredAt.Add(time.Duration(last.WaitSeconds)*time.Second).Sub(now)), nil
}

// keepAnswer stores the answer to submission and each record's line, and
// moves the submission to what they say.
func keepAnswer(ctx context.Context, tx pgx.Tx, s db.VerifactuSubmission, endpoint string, a *aeat.Response, raw []byte, now time.Time) error {
	q := db.New(tx)
	answerID, err := q.InsertVerifactuAnswer(ctx, db.InsertVerifactuAnswerParams{
		SubmissionID: s.ID, Endpoint: endpoint, EstadoEnvio: a.EstadoEnvio, Csv: a.CSV,
		WaitSeconds: int32(a.Wait() / time.Second), Response: string(raw), AnsweredAt: now, //nolint:gosec // at most 9999 (Tipo6Type's pattern)
	})
	if err != nil {
		return fmt.Errorf("invoice: keep the answer to submission %d: %w", s.ID, err)
	}
	records, err := q.VerifactuRecordsBetween(ctx, db.VerifactuRecordsBetweenParams{FirstID: s.FirstRecordID, LastID: s.LastRecordID})
	if err != nil {
		return fmt.Errorf("invoice: records of submission %d: %w", s.ID, err)
	}
	received := 0
	for _, r := range records {
		line := lineOf(a, r)
		if err := q.InsertVerifactuRecordAnswer(ctx, db.InsertVerifactuRecordAnswerParams{
			AnswerID: answerID, RecordID: r.ID, EstadoRegistro: line.Estado,
			ErrorCode: int32(line.Code), ErrorDescription: line.Description, Received: line.Received(), //nolint:gosec // the AEAT's codes have 4 digits
		}); err != nil {
			return fmt.Errorf("invoice: keep the answer to record %d: %w", r.ID, err)
		}
		if line.Received() {
			received++
		}
	}
	state := "partially_accepted"
	switch received {
	case len(records):
		state = "accepted"
	case 0:
		state = "rejected"
	}
	if err := q.SetVerifactuSubmissionState(ctx, db.SetVerifactuSubmissionStateParams{ID: s.ID, State: state}); err != nil {
		return fmt.Errorf("invoice: move submission %d: %w", s.ID, err)
	}
	return nil
}

// lineOf is the answer's line about r: the same invoice and operation. A
// record the answer says nothing of was not received (a message refused
// as a whole answers Incorrecto with no lines).
func lineOf(a *aeat.Response, r db.VerifactuRecord) aeat.Line {
	operation := "Alta"
	if r.Kind == "anulacion" {
		operation = "Anulacion"
	}
	for _, l := range a.Lines {
		if l.ID.IssuerNIF == r.IssuerNif && l.ID.Number == r.SeriesNumber && l.ID.Date == r.IssueDate && l.Operation.Type == operation {
			return l
		}
	}
	return aeat.Line{Estado: aeat.Incorrecto, Description: "la AEAT no respondió sobre este registro (envío " + a.EstadoEnvio + ")"}
}

// correctRecords adds a new record for each record the AEAT refused
// (Incorrecto: Subsanacion and RechazoPrevio) or accepted with errors
// (AceptadoConErrores: Subsanacion), chained like any other; the record
// answered stays as it is (Orden HAC/1177/2024 art. 12: records are never
// changed). A correction the AEAT answers the same way is not corrected
// again: it would carry the same data, so it waits for the owner.
func correctRecords(ctx context.Context, tx pgx.Tx, now func() time.Time) error {
	q := db.New(tx)
	rows, err := q.RecordsToCorrect(ctx)
	if err != nil {
		return fmt.Errorf("invoice: records to correct: %w", err)
	}
	for _, row := range rows {
		r, err := q.GetVerifactuRecord(ctx, row.ID)
		if err != nil {
			return fmt.Errorf("invoice: record %d: %w", row.ID, err)
		}
		rec := Record{
			Cancellation: r.Kind == "anulacion", IssuerNIF: r.IssuerNif, SeriesNumber: r.SeriesNumber,
			IssueDate: r.IssueDate, InvoiceType: r.InvoiceType, VATTotal: r.VatTotal, Total: r.Total,
		}
		if _, err := chainRecord(ctx, q, r.InvoiceID, rec, &correction{of: r.ID, rechazoPrevio: !row.Received}, now); err != nil {
			return fmt.Errorf("invoice: correct record %d: %w", r.ID, err)
		}
	}
	return nil
}
