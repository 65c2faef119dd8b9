package carrier

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/money"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// A carrier that collects cash on delivery pays the money over later, in a
// remittance: its reference, the day, and a line per parcel (the tracking
// number, or the order number the label carries, and the amount). Sendcloud's
// API publishes no remittances (the carrier's contract is the shop's own), so
// the desk enters the file the carrier sends, as CSV.

// RemittanceLine is one parcel of a remittance as the carrier wrote it.
type RemittanceLine struct {
	// Reference names the parcel: its tracking number or the order number.
	Reference   string
	AmountCents int64
}

// Candidate is an order a remittance line may name, as it stands.
type Candidate struct {
	OrderID int64
	// TrackingNumber is the parcel's (the platform's, or the one the desk
	// typed), upper case; "" for none.
	TrackingNumber string
	PaymentMethod  string
	Fulfilment     order.Fulfilment
	Payment        order.Payment
	// DueCents is what the carrier was to collect: the parcel's amount, or
	// the order's total for a label bought outside the platform.
	DueCents int64
}

// Verdict is what a remittance line does.
type Verdict string

// The verdicts. Every one but VerdictPaid is a difference the desk looks
// into; its order is left as it was.
const (
	// VerdictPaid: the line matches a delivered cash order and its amount;
	// the order becomes paid.
	VerdictPaid Verdict = "paid"
	// VerdictAmountMismatch: the amount is not what the carrier was to
	// collect.
	VerdictAmountMismatch Verdict = "amount_mismatch"
	// VerdictUnknown: no order has this tracking or order number.
	VerdictUnknown Verdict = "unknown"
	// VerdictAlreadyPaid: the order is paid already (by an earlier
	// remittance, or at the door) or refunded.
	VerdictAlreadyPaid Verdict = "already_paid"
	// VerdictNotCash: the order was not paid on delivery.
	VerdictNotCash Verdict = "not_cash"
	// VerdictNotDelivered: the order is not delivered (or was cancelled):
	// mark its parcel delivered first.
	VerdictNotDelivered Verdict = "not_delivered"
	// VerdictRepeated: an earlier line of the same remittance names the
	// same order.
	VerdictRepeated Verdict = "repeated"
)

// Verdicts lists every verdict.
var Verdicts = []Verdict{VerdictPaid, VerdictAmountMismatch, VerdictUnknown, VerdictAlreadyPaid, VerdictNotCash, VerdictNotDelivered, VerdictRepeated}

// Match is a remittance line with its order (0 for none), what was due and
// its verdict.
type Match struct {
	Line          RemittanceLine
	OrderID       int64
	ExpectedCents int64
	Verdict       Verdict
}

// MatchRemittance decides each line's verdict against the orders it may
// name: by tracking number first (what carriers print), else by order
// number (as the label carries it, "1234", "#1234" or the platform
// reference "sabores-order-1234"). A line pays its order only when that
// order is cash on delivery, delivered, still due, named once, and the
// amount is exactly what was to be collected.
func MatchRemittance(lines []RemittanceLine, candidates []Candidate) []Match {
	byTracking := make(map[string]Candidate, len(candidates))
	byID := make(map[int64]Candidate, len(candidates))
	for _, c := range candidates {
		if c.TrackingNumber != "" {
			byTracking[c.TrackingNumber] = c
		}
		byID[c.OrderID] = c
	}
	seen := map[int64]bool{}
	out := make([]Match, len(lines))
	for i, l := range lines {
		m := Match{Line: l}
		c, ok := byTracking[normalReference(l.Reference)]
		if !ok {
			if id, isOrder := orderNumber(l.Reference); isOrder {
				c, ok = byID[id]
			}
		}
		if ok {
			m.OrderID, m.ExpectedCents = c.OrderID, c.DueCents
		}
		m.Verdict = verdict(l, c, ok, seen[c.OrderID])
		if ok {
			seen[c.OrderID] = true
		}
		out[i] = m
	}
	return out
}

func verdict(l RemittanceLine, c Candidate, found, repeated bool) Verdict {
	switch {
	case !found:
		return VerdictUnknown
	case repeated:
		return VerdictRepeated
	case c.PaymentMethod != "cash":
		return VerdictNotCash
	case c.Payment != order.OnDelivery:
		return VerdictAlreadyPaid
	case c.Fulfilment != order.Delivered:
		return VerdictNotDelivered
	case l.AmountCents != c.DueCents:
		return VerdictAmountMismatch
	}
	return VerdictPaid
}

// normalReference is a line's reference as tracking numbers are compared:
// upper case, without spaces.
func normalReference(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

// orderNumber reads an order number as a label or the platform carries
// it: "1234", "#1234", "sabores-order-1234".
func orderNumber(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "#")
	s = strings.TrimPrefix(strings.ToLower(s), referencePrefix)
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}

// MaxRemittanceLines bounds a remittance: a carrier's week of parcels for a
// small shop is tens.
const MaxRemittanceLines = 2000

// ParseRemittanceCSV reads a remittance's lines as carriers send them or
// the desk types them: one parcel a line, its reference and its amount,
// separated by a semicolon, a tab or a comma ("SCDEV1A2B000001;12,34",
// "1234,12.34 €"). An amount may use a comma or a dot for its decimals and
// the other for thousands. A first line whose amount is not a number is a
// header and skipped; blank lines are skipped. An error names the line.
func ParseRemittanceCSV(text string) ([]RemittanceLine, error) {
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = separator(text)
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	var out []RemittanceLine
	for n := 1; ; n++ {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fault.InvalidField("csv", fmt.Sprintf("line %d cannot be read: %v", n, err))
		}
		line, _ := r.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) < 2 {
			return nil, fault.InvalidField("csv", fmt.Sprintf("line %d: a reference and an amount are needed", line))
		}
		ref := strings.TrimSpace(rec[0])
		cents, err := money.Parse(rec[1])
		if err != nil {
			if len(out) == 0 && line == 1 {
				continue // a header
			}
			return nil, fault.InvalidField("csv", fmt.Sprintf("line %d: amount %q: %v", line, rec[1], err))
		}
		if ref == "" {
			return nil, fault.InvalidField("csv", fmt.Sprintf("line %d: the reference is empty", line))
		}
		out = append(out, RemittanceLine{Reference: ref, AmountCents: cents})
		if len(out) > MaxRemittanceLines {
			return nil, fault.InvalidField("csv", fmt.Sprintf("at most %d lines", MaxRemittanceLines))
		}
	}
	if len(out) == 0 {
		return nil, fault.InvalidField("csv", "the remittance has no lines")
	}
	return out, nil
}

// separator is the CSV's field separator: a semicolon (Spanish
// spreadsheets, whose decimal comma a comma would split) or a tab when
// the first line has one, else a comma.
func separator(text string) rune {
	first, _, _ := strings.Cut(text, "\n")
	switch {
	case strings.Contains(first, ";"):
		return ';'
	case strings.Contains(first, "\t"):
		return '\t'
	}
	return ','
}

// RemittanceInput is a remittance the desk enters.
type RemittanceInput struct {
	// Reference is the carrier's reference of the remittance: entering it
	// again changes nothing.
	Reference string
	Carrier   string
	// Day is when the carrier paid it (YYYY-MM-DD), not in the future.
	Day   string
	Lines []RemittanceLine
	By    audit.Caller
}

// Remittance is a remittance as recorded, with each line's verdict.
type Remittance struct {
	db.CodRemittance
	Lines []Match
	// Repeated: the reference was recorded before; this is that record and
	// nothing was applied now.
	Repeated bool
}

// Reconcile records a carrier's cash-on-delivery remittance and pays each
// order a line matches (MatchRemittance) through the order lifecycle,
// with its invoice and "payment received" e-mail, in one transaction with
// the lines' verdicts and the audit event. A reference recorded before is
// answered as it was then, Repeated, and pays nothing: a remittance is
// never applied twice.
func (s *Service) Reconcile(ctx context.Context, in RemittanceInput) (Remittance, error) {
	in.Reference, in.Carrier = strings.TrimSpace(in.Reference), strings.TrimSpace(in.Carrier)
	if in.Reference == "" || len(in.Reference) > 100 {
		return Remittance{}, fault.InvalidField("reference", "the carrier's reference of the remittance is needed (at most 100 characters)")
	}
	day, err := time.ParseInLocation(time.DateOnly, in.Day, shoptime.Madrid)
	if err != nil || day.After(s.opts.Now()) {
		return Remittance{}, fault.InvalidField("remitted_on", "must be a day (YYYY-MM-DD), not in the future")
	}
	if len(in.Lines) == 0 || len(in.Lines) > MaxRemittanceLines {
		return Remittance{}, fault.InvalidField("lines", fmt.Sprintf("from 1 to %d lines", MaxRemittanceLines))
	}
	var total int64
	for _, l := range in.Lines {
		total += l.AmountCents
	}
	var out Remittance
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var by *int64
		if in.By.UserID != 0 {
			by = &in.By.UserID
		}
		rem, err := q.InsertRemittance(ctx, db.InsertRemittanceParams{
			Reference: in.Reference, Carrier: in.Carrier, RemittedOn: pgtype.Date{Time: day, Valid: true},
			TotalCents: total, EnteredBy: by,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			out.Repeated = true
			return nil
		}
		if err != nil {
			return fmt.Errorf("carrier: record remittance %q: %w", in.Reference, err)
		}
		candidates, err := s.candidates(ctx, q, in.Lines)
		if err != nil {
			return err
		}
		out.CodRemittance, out.Lines = rem, MatchRemittance(in.Lines, candidates)
		paid := 0
		for i, m := range out.Lines {
			if err := s.applyLine(ctx, tx, rem, i, m, in.By); err != nil {
				return err
			}
			if m.Verdict == VerdictPaid {
				paid++
			}
		}
		return audit.Record(ctx, q, in.By, "remittance.record", fmt.Sprintf("remittance:%d", rem.ID), nil, remittanceAudit{
			Reference: rem.Reference, Carrier: rem.Carrier, Day: in.Day, TotalCents: total,
			Lines: len(out.Lines), Paid: paid, Differences: len(out.Lines) - paid,
		})
	})
	if err != nil {
		return Remittance{}, err
	}
	if out.Repeated {
		return s.RemittanceByReference(ctx, in.Reference, true)
	}
	return out, nil
}

// remittanceAudit is what the audit trail keeps of a remittance.
type remittanceAudit struct {
	Reference   string `json:"reference"`
	Carrier     string `json:"carrier,omitempty"`
	Day         string `json:"day"`
	TotalCents  int64  `json:"total_cents"`
	Lines       int    `json:"lines"`
	Paid        int    `json:"paid"`
	Differences int    `json:"differences"`
}

// candidates reads, locked, the orders the lines may name.
func (s *Service) candidates(ctx context.Context, q *db.Queries, lines []RemittanceLine) ([]Candidate, error) {
	var ids []int64
	var numbers []string
	for _, l := range lines {
		numbers = append(numbers, normalReference(l.Reference))
		if id, ok := orderNumber(l.Reference); ok {
			ids = append(ids, id)
		}
	}
	rows, err := q.RemittanceCandidates(ctx, db.RemittanceCandidatesParams{OrderIds: ids, TrackingNumbers: numbers})
	if err != nil {
		return nil, fmt.Errorf("carrier: orders of a remittance: %w", err)
	}
	out := make([]Candidate, len(rows))
	for i, r := range rows {
		due := r.TotalCents
		if r.ParcelCodCents != nil && *r.ParcelCodCents > 0 {
			due = *r.ParcelCodCents
		}
		out[i] = Candidate{
			OrderID: r.ID, TrackingNumber: r.TrackingNumber, PaymentMethod: r.PaymentMethod,
			Fulfilment: order.Fulfilment(r.Status), Payment: order.Payment(r.PaymentStatus), DueCents: due,
		}
	}
	return out, nil
}

// applyLine records line i of remittance rem and, when it matched, pays
// its order as the desk (by) through the one path of every payment.
func (s *Service) applyLine(ctx context.Context, tx pgx.Tx, rem db.CodRemittance, i int, m Match, by audit.Caller) error {
	var orderID, expected *int64
	if m.OrderID != 0 {
		orderID, expected = &m.OrderID, &m.ExpectedCents
	}
	if err := db.New(tx).InsertRemittanceLine(ctx, db.InsertRemittanceLineParams{
		RemittanceID: rem.ID, Position: int32(i), Reference: m.Line.Reference, AmountCents: m.Line.AmountCents, //nolint:gosec // at most MaxRemittanceLines
		OrderID: orderID, ExpectedCents: expected, Verdict: string(m.Verdict),
	}); err != nil {
		return fmt.Errorf("carrier: record line %d of remittance %q: %w", i+1, rem.Reference, err)
	}
	if m.Verdict != VerdictPaid {
		return nil
	}
	_, _, err := order.Advance(ctx, tx, order.Step{
		OrderID: m.OrderID, Who: order.AdminActor, ActorUserID: by.UserID, Pay: order.Paid,
		Note: "remesa contra reembolso " + rem.Reference,
	}, s.effects())
	return err
}

// RemittanceByReference reads a recorded remittance with its lines.
func (s *Service) RemittanceByReference(ctx context.Context, reference string, repeated bool) (Remittance, error) {
	rem, err := s.q.RemittanceByReference(ctx, reference)
	if errors.Is(err, pgx.ErrNoRows) {
		return Remittance{}, fmt.Errorf("carrier: remittance %q: %w", reference, fault.ErrNotFound)
	}
	if err != nil {
		return Remittance{}, fmt.Errorf("carrier: read remittance %q: %w", reference, err)
	}
	return s.withLines(ctx, rem, repeated)
}

// GetRemittance reads remittance id with its lines.
func (s *Service) GetRemittance(ctx context.Context, id int64) (Remittance, error) {
	rem, err := s.q.GetRemittance(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Remittance{}, fmt.Errorf("carrier: remittance %d: %w", id, fault.ErrNotFound)
	}
	if err != nil {
		return Remittance{}, fmt.Errorf("carrier: read remittance %d: %w", id, err)
	}
	return s.withLines(ctx, rem, false)
}

func (s *Service) withLines(ctx context.Context, rem db.CodRemittance, repeated bool) (Remittance, error) {
	rows, err := s.q.RemittanceLines(ctx, rem.ID)
	if err != nil {
		return Remittance{}, fmt.Errorf("carrier: lines of remittance %d: %w", rem.ID, err)
	}
	out := Remittance{CodRemittance: rem, Repeated: repeated, Lines: make([]Match, len(rows))}
	for i, r := range rows {
		m := Match{Line: RemittanceLine{Reference: r.Reference, AmountCents: r.AmountCents}, Verdict: Verdict(r.Verdict)}
		if r.OrderID != nil {
			m.OrderID = *r.OrderID
		}
		if r.ExpectedCents != nil {
			m.ExpectedCents = *r.ExpectedCents
		}
		out.Lines[i] = m
	}
	return out, nil
}

// RecentRemittances are the newest remittances, with how many lines paid
// their order and how many are differences.
func (s *Service) RecentRemittances(ctx context.Context, limit int32) ([]db.ListRemittancesRow, error) {
	if limit <= 0 || limit > 100 {
		limit = 50
	}
	rows, err := s.q.ListRemittances(ctx, limit)
	if err != nil {
		return nil, fmt.Errorf("carrier: list remittances: %w", err)
	}
	return rows, nil
}
