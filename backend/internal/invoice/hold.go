package invoice

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/aeat"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// ErrInvoicingHeld refuses an invoice while invoicing is held after a
// restore (HoldInvoicing): the restored chain may lack records the AEAT
// holds, and a new invoice would take one of their numbers.
var ErrInvoicingHeld = &Refusal{"INVOICING_HELD_AFTER_RESTORE", "invoicing is held since the database was restored, until its records match the AEAT's"}

// HoldInvoicing stops invoicing until CheckAfterRestore finds the AEAT's
// records all in the local chain: shopd restore calls it while VeriFactu
// sending is on (with it off the AEAT holds nothing to compare with).
func HoldInvoicing(ctx context.Context, q db.DBTX, now time.Time) error {
	if err := db.New(q).HoldInvoicing(ctx, now); err != nil {
		return fmt.Errorf("invoice: hold invoicing: %w", err)
	}
	return nil
}

// refuseWhileHeld is ErrInvoicingHeld while invoicing is held.
func refuseWhileHeld(ctx context.Context, q *db.Queries) error {
	held, err := q.InvoicingHeld(ctx)
	if err != nil {
		return fmt.Errorf("invoice: is invoicing held: %w", err)
	}
	if held {
		return ErrInvoicingHeld
	}
	return nil
}

// AwaitInvoice notes, in the transaction that recorded the payment or the
// refund, an invoice an order could not get while invoicing is held; it is
// issued when the hold is lifted. kind is Simplified (a paid order) or
// Corrective (the whole order, with reason).
func AwaitInvoice(ctx context.Context, tx pgx.Tx, orderID int64, kind Kind, reason string, now time.Time) error {
	if err := db.New(tx).AwaitInvoice(ctx, db.AwaitInvoiceParams{OrderID: orderID, Kind: string(kind), Reason: reason, HeldAt: now}); err != nil {
		return fmt.Errorf("invoice: note order %d's invoice for after the hold: %w", orderID, err)
	}
	return nil
}

// Querier reads the records the AEAT holds (aeat.Client.Query; the
// development AEAT in tests).
type Querier interface {
	Query(ctx context.Context, q aeat.Query) (*aeat.QueryResponse, error)
}

// MissingRecord is a record the AEAT holds and the local chain lacks.
type MissingRecord struct {
	Number      string `json:"number"`
	Date        string `json:"date"`
	Hash        string `json:"hash"`
	State       string `json:"state"`
	GeneratedAt string `json:"generated_at"`
}

// Hold is where invoicing stands after a restore, for the owner.
type Hold struct {
	Held      bool
	HeldSince time.Time
	// CheckedAt is the last comparison with the AEAT (zero before any).
	CheckedAt      time.Time
	AEATHeadNumber string
	AEATHeadHash   string
	LocalHeadHash  string
	Missing        []MissingRecord
	// Error is why the last check could not compare (the AEAT down).
	Error string
	// Issued counts the awaiting invoices issued when the hold was lifted.
	Issued int
}

// CompareWithAEAT says which of the AEAT's records the local chain
// (every record's issuer, number, date and hash) lacks, which is the
// AEAT's last (the last generated), and whether the chains match: nothing
// missing and the AEAT's last record is a local one. With nothing at the
// AEAT they match.
func CompareWithAEAT(local []db.LocalRecordKeysRow, remote []aeat.QueryRecord) (missing []MissingRecord, head *aeat.QueryRecord, matched bool) {
	invoices := map[string]bool{}
	hashes := map[string]bool{}
	for _, r := range local {
		invoices[r.IssuerNif+"|"+r.SeriesNumber+"|"+r.IssueDate] = true
		hashes[r.Hash] = true
	}
	for i := range remote {
		r := &remote[i]
		// Records generated in the same second (one transaction) are
		// answered in the order received: the later one wins the tie.
		if head == nil || !laterRecord(head.Data.GeneratedAt, r.Data.GeneratedAt) {
			head = r
		}
		if !invoices[r.ID.IssuerNIF+"|"+r.ID.Number+"|"+r.ID.Date] {
			missing = append(missing, MissingRecord{Number: r.ID.Number, Date: r.ID.Date, Hash: r.Data.Hash, State: r.State.Estado, GeneratedAt: r.Data.GeneratedAt})
		}
	}
	return missing, head, len(missing) == 0 && (head == nil || hashes[head.Data.Hash])
}

// laterRecord compares two FechaHoraHusoGenRegistro (RFC 3339 with offset);
// unreadable ones compare as text.
func laterRecord(a, b string) bool {
	ta, errA := time.Parse(time.RFC3339, a)
	tb, errB := time.Parse(time.RFC3339, b)
	if errA != nil || errB != nil {
		return a > b
	}
	return ta.After(tb)
}

// CheckAfterRestore compares the local chain with what the AEAT holds of
// the shop's invoices, from the month of the local chain's last record to
// this one, and keeps what it found for the owner. When they match it
// lifts the hold and issues, with iv, the invoices that waited for it, in
// one transaction. It does nothing while invoicing is not held.
func (iv Invoicer) CheckAfterRestore(ctx context.Context, pool *pgxpool.Pool, querier Querier) (Hold, error) {
	q := db.New(pool)
	row, err := q.InvoicingHold(ctx)
	if errors.Is(err, pgx.ErrNoRows) {
		return Hold{}, nil
	}
	if err != nil {
		return Hold{}, fmt.Errorf("invoice: read the hold: %w", err)
	}
	now := iv.now()
	hold := Hold{Held: true, HeldSince: row.HeldSince, CheckedAt: now}
	local, err := q.LocalRecordKeys(ctx)
	if err != nil {
		return hold, fmt.Errorf("invoice: local records: %w", err)
	}
	remote, err := iv.aeatRecords(ctx, pool, querier, local, now)
	if err != nil {
		hold.Error = err.Error()
		return hold, keepCheck(ctx, q, hold)
	}
	missing, head, matched := CompareWithAEAT(local, remote)
	hold.Missing = missing
	if head != nil {
		hold.AEATHeadNumber, hold.AEATHeadHash = head.ID.Number, head.Data.Hash
	}
	if chain, err := q.VerifactuChainHead(ctx); err == nil {
		hold.LocalHeadHash = chain.Hash
	}
	if !matched {
		return hold, keepCheck(ctx, q, hold)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := db.New(tx).LiftInvoicingHold(ctx); err != nil {
			return fmt.Errorf("invoice: lift the hold: %w", err)
		}
		hold.Held = false
		hold.Issued, err = iv.issueAwaiting(ctx, tx)
		return err
	})
	if err != nil {
		return Hold{}, err
	}
	return hold, nil
}

// aeatRecords reads every record the AEAT holds of the shop's invoices of
// the months from the local chain's last record's to now's.
func (iv Invoicer) aeatRecords(ctx context.Context, pool *pgxpool.Pool, querier Querier, local []db.LocalRecordKeysRow, now time.Time) ([]aeat.QueryRecord, error) {
	if querier == nil {
		return nil, errors.New("VeriFactu sending is off: the AEAT's records cannot be read")
	}
	issuer, err := iv.Issuer.Issuer(ctx, pool)
	if err != nil {
		return nil, err
	}
	end := now.In(shoptime.Madrid)
	// A backup older than every invoice: a year back is as far as a shop
	// restores from.
	from := end.AddDate(-1, 0, 0)
	if len(local) > 0 {
		if d, err := time.ParseInLocation("02-01-2006", local[len(local)-1].IssueDate, shoptime.Madrid); err == nil {
			from = d
		}
	}
	var out []aeat.QueryRecord
	for m := time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, shoptime.Madrid); !m.After(end); m = m.AddDate(0, 1, 0) {
		query := aeat.Query{IssuerNIF: issuer.NIF, IssuerName: issuer.Name, Year: m.Year(), Month: int(m.Month())}
		for {
			page, err := querier.Query(ctx, query)
			if err != nil {
				return nil, err
			}
			out = append(out, page.Records...)
			if page.More != "S" || page.Next == nil {
				break
			}
			query.After = page.Next
		}
	}
	return out, nil
}

func keepCheck(ctx context.Context, q *db.Queries, h Hold) error {
	missing, err := json.Marshal(h.Missing)
	if err != nil {
		return fmt.Errorf("invoice: keep the check: %w", err)
	}
	if err := q.RecordInvoicingCheck(ctx, db.RecordInvoicingCheckParams{
		CheckedAt: &h.CheckedAt, AeatHeadNumber: h.AEATHeadNumber, AeatHeadHash: h.AEATHeadHash,
		LocalHeadHash: h.LocalHeadHash, Missing: missing, CheckError: h.Error,
	}); err != nil {
		return fmt.Errorf("invoice: keep the check: %w", err)
	}
	return nil
}

// issueAwaiting issues the invoices orders did not get while invoicing was
// held, in tx.
func (iv Invoicer) issueAwaiting(ctx context.Context, tx pgx.Tx) (int, error) {
	q := db.New(tx)
	rows, err := q.InvoicesAwaiting(ctx)
	if err != nil {
		return 0, fmt.Errorf("invoice: invoices awaiting: %w", err)
	}
	issued := 0
	for _, r := range rows {
		switch Kind(r.Kind) {
		case Corrective:
			_, err = iv.IssueCorrective(ctx, tx, r.OrderID, r.Reason)
		default:
			_, err = iv.IssueForPaidOrder(ctx, tx, r.OrderID)
		}
		switch {
		case errors.Is(err, ErrNotInvoiced), errors.Is(err, ErrOverCorrected):
			// Nothing left to correct: nothing is owed.
		case err != nil:
			return issued, fmt.Errorf("invoice: issue order %d's awaiting invoice: %w", r.OrderID, err)
		default:
			issued++
		}
		if err := q.DeleteInvoiceAwaiting(ctx, r.ID); err != nil {
			return issued, fmt.Errorf("invoice: awaiting invoice %d: %w", r.ID, err)
		}
	}
	return issued, nil
}

// InvoicingHold reads where invoicing stands after a restore, as the last
// check left it.
func InvoicingHold(ctx context.Context, q db.DBTX) (Hold, error) {
	row, err := db.New(q).InvoicingHold(ctx)
	if errors.Is(err, pgx.ErrNoRows) {
		return Hold{}, nil
	}
	if err != nil {
		return Hold{}, fmt.Errorf("invoice: read the hold: %w", err)
	}
	h := Hold{Held: true, HeldSince: row.HeldSince, AEATHeadNumber: row.AeatHeadNumber, AEATHeadHash: row.AeatHeadHash,
		LocalHeadHash: row.LocalHeadHash, Error: row.CheckError}
	if row.CheckedAt != nil {
		h.CheckedAt = *row.CheckedAt
	}
	if err := json.Unmarshal(row.Missing, &h.Missing); err != nil {
		return Hold{}, fmt.Errorf("invoice: read the hold's missing records: %w", err)
	}
	return h, nil
}
