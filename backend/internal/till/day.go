package till

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// Refusal reasons of the drawer's day.
const (
	ReasonDayOpen    = "TILL_DAY_OPEN"
	ReasonDayClosed  = "TILL_DAY_CLOSED"
	ReasonDayNotOpen = "TILL_DAY_NOT_OPEN"
)

// PaymentTotal is a day's takings by one payment method.
type PaymentTotal struct {
	Method  Method
	Sales   int64
	Refunds int64
}

// VAT is a day's base and VAT at one rate.
type VAT struct {
	BasisPoints int32
	Base        int64
	VAT         int64
}

// ZReport is a day of the till: its sales by payment method and VAT rate,
// and the drawer's float, movements and count.
type ZReport struct {
	Day          time.Time
	Sales        int32
	Returns      int32
	ByPayment    []PaymentTotal
	ByVAT        []VAT
	Float        int64
	CashMoved    int64
	ExpectedCash int64
	CountedCash  int64
	Difference   int64
	Closed       bool
	// Opened says the float was recorded: the till sells until Closed.
	Opened bool
}

// today is the shop's day now.
func (s *Service) today() time.Time {
	now := time.Now().In(shoptime.Madrid)
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
}

// OpenDay records the opening float of today.
func (s *Service) OpenDay(ctx context.Context, by audit.Caller, float int64) (time.Time, error) {
	day := s.today()
	if err := s.entry(ctx, by, day, "open", float, "", ReasonDayOpen, "the day is open already"); err != nil {
		return time.Time{}, err
	}
	return day, nil
}

// MoveCash records cash put in (amount > 0) or taken out of the drawer.
func (s *Service) MoveCash(ctx context.Context, by audit.Caller, amount int64, reason string) error {
	if amount == 0 || reason == "" {
		return fault.InvalidField("reason", "say how much and why")
	}
	return s.entry(ctx, by, s.today(), "move", amount, reason, "", "")
}

// CloseDay records today's closing count and answers its Z report.
func (s *Service) CloseDay(ctx context.Context, by audit.Caller, counted int64) (ZReport, error) {
	day := s.today()
	if err := s.entry(ctx, by, day, "close", counted, "", ReasonDayClosed, "the day is closed already"); err != nil {
		return ZReport{}, err
	}
	return s.Report(ctx, day)
}

// checkOpen refuses a sale outside today's opened and not yet closed
// drawer: a sale before the float is counted, or after the closing count,
// would be cash the Z report of no day accounts for.
func (s *Service) checkOpen(ctx context.Context, q *db.Queries) error {
	state, err := q.TillDayState(ctx, pgtype.Date{Time: s.today(), Valid: true})
	if err != nil {
		return fmt.Errorf("today's drawer: %w", err)
	}
	switch {
	case !state.Opened:
		return &fault.Error{Kind: fault.Refused, Reason: ReasonDayNotOpen,
			Message: "today's till is not open: count the opening float first"}
	case state.Closed:
		return &fault.Error{Kind: fault.Refused, Reason: ReasonDayClosed,
			Message: "today's till is closed: its count is final"}
	}
	return nil
}

// entry appends one entry of day's drawer; conflictReason refuses a
// second opening or closing.
func (s *Service) entry(ctx context.Context, by audit.Caller, day time.Time, kind string, amount int64, reason, conflictReason, conflict string) error {
	var actor *int64
	if by.UserID != 0 {
		actor = &by.UserID
	}
	n, err := db.New(s.pool).TillDayEntryInsert(ctx, db.TillDayEntryInsertParams{
		Day: pgtype.Date{Time: day, Valid: true}, Kind: kind, AmountCents: amount, Reason: reason, Actor: by.Name, ActorUserID: actor,
	})
	if err != nil {
		return fmt.Errorf("till: record %s of %s: %w", kind, day.Format(time.DateOnly), err)
	}
	if n == 0 {
		return &fault.Error{Kind: fault.Refused, Reason: conflictReason, Message: conflict}
	}
	return nil
}

// Report is day's Z report (day is a date at UTC midnight), read in one
// snapshot.
func (s *Service) Report(ctx context.Context, day time.Time) (ZReport, error) {
	from := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, shoptime.Madrid)
	span := db.TillDayPaymentsParams{FromTime: from, ToTime: from.AddDate(0, 0, 1)}
	r := ZReport{Day: day}
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		entries, err := q.TillDayEntries(ctx, pgtype.Date{Time: day, Valid: true})
		if err != nil {
			return fmt.Errorf("entries: %w", err)
		}
		for _, e := range entries {
			switch e.Kind {
			case "open":
				r.Float, r.Opened = e.AmountCents, true
			case "move":
				r.CashMoved += e.AmountCents
			case "close":
				r.CountedCash, r.Closed = e.AmountCents, true
			}
		}
		if r.Sales, err = q.TillDaySales(ctx, db.TillDaySalesParams(span)); err != nil {
			return fmt.Errorf("sales: %w", err)
		}
		payments, err := q.TillDayPayments(ctx, span)
		if err != nil {
			return fmt.Errorf("payments: %w", err)
		}
		byMethod := map[Method]*PaymentTotal{}
		for _, m := range []Method{Cash, Card, Bizum} {
			r.ByPayment = append(r.ByPayment, PaymentTotal{Method: m})
		}
		for i := range r.ByPayment {
			byMethod[r.ByPayment[i].Method] = &r.ByPayment[i]
		}
		for _, p := range payments {
			byMethod[Method(p.Method)].Sales = p.AmountCents
		}
		refunds, err := q.TillDayRefunds(ctx, db.TillDayRefundsParams(span))
		if err != nil {
			return fmt.Errorf("refunds: %w", err)
		}
		for _, p := range refunds {
			byMethod[Method(p.Method)].Refunds = p.AmountCents
			r.Returns += p.Returns
		}
		taxes, err := q.TillDayTaxes(ctx, db.TillDayTaxesParams(span))
		if err != nil {
			return fmt.Errorf("taxes: %w", err)
		}
		for _, t := range taxes {
			r.ByVAT = append(r.ByVAT, VAT{BasisPoints: t.VatBasisPoints, Base: t.BaseCents, VAT: t.VatCents})
		}
		return nil
	})
	if err != nil {
		return ZReport{}, fmt.Errorf("till: Z report of %s: %w", day.Format(time.DateOnly), err)
	}
	cash := methodTotal(r.ByPayment, Cash)
	r.ExpectedCash = r.Float + cash.Sales - cash.Refunds + r.CashMoved
	if r.Closed {
		r.Difference = r.CountedCash - r.ExpectedCash
	}
	return r, nil
}

// methodTotal is the line of method in by.
func methodTotal(by []PaymentTotal, method Method) PaymentTotal {
	for _, p := range by {
		if p.Method == method {
			return p
		}
	}
	return PaymentTotal{}
}
