package discount

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// Service holds the back office's discount code use cases, each in its own
// transaction with its audit record.
type Service struct {
	pool *pgxpool.Pool
}

// New returns the discount codes' use cases on pool.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool}
}

// Spec is a new code as the owner sets it up; days are YYYY-MM-DD in
// Madrid, "" for no bound.
type Spec struct {
	Code                       string
	Kind                       Kind
	PercentBasisPoints         int32
	AmountCents, MinimumCents  int64
	StartsOn, EndsOn           string
	MaxUses, MaxUsesPerShopper int32
	FirstOrderOnly             bool
	FreeShipping               bool
	ExcludedProducts           []int64
	ExcludedCategories         []string
}

// codePattern is a code as stored: capitals, digits, "-" and "_", 3 to 32.
var codePattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9_-]{2,31}$`)

// CheckSpec refuses a code that could never work or that means two
// things: a percentage without a share (or above 100 %), a fixed code
// without an amount, unless either only waives shipping, and an end before
// the start. The request's field is named, so the form can point at it.
func CheckSpec(s Spec) (db.InsertDiscountCodeParams, error) {
	p := db.InsertDiscountCodeParams{
		Code: Normalize(s.Code), Kind: string(s.Kind), MinimumCents: s.MinimumCents,
		MaxUses: s.MaxUses, MaxUsesPerShopper: s.MaxUsesPerShopper, FirstOrderOnly: s.FirstOrderOnly,
		FreeShipping: s.FreeShipping, ExcludedProductIds: s.ExcludedProducts, ExcludedCategories: s.ExcludedCategories,
	}
	if p.ExcludedProductIds == nil {
		p.ExcludedProductIds = []int64{}
	}
	if p.ExcludedCategories == nil {
		p.ExcludedCategories = []string{}
	}
	if !codePattern.MatchString(p.Code) {
		return p, fault.InvalidField("spec.code", "3 to 32 letters, digits, - or _")
	}
	switch s.Kind {
	case Percentage:
		if s.PercentBasisPoints < 0 || s.PercentBasisPoints > 10000 || (s.PercentBasisPoints == 0 && !s.FreeShipping) {
			return p, fault.InvalidField("spec.percent_basis_points", "must be above 0 % and at most 100 %")
		}
		p.PercentBasisPoints = s.PercentBasisPoints
	case Fixed:
		if s.AmountCents < 0 || (s.AmountCents == 0 && !s.FreeShipping) {
			return p, fault.InvalidField("spec.amount_cents", "must be above 0")
		}
		p.AmountCents = s.AmountCents
	default:
		return p, fault.InvalidField("spec.kind", "must be a percentage or a fixed amount")
	}
	if s.MinimumCents < 0 || s.MaxUses < 0 || s.MaxUsesPerShopper < 0 {
		return p, fault.InvalidField("spec", "amounts and limits must not be negative")
	}
	var err error
	if p.StartsOn, err = day("spec.starts_on", s.StartsOn); err != nil {
		return p, err
	}
	if p.EndsOn, err = day("spec.ends_on", s.EndsOn); err != nil {
		return p, err
	}
	if p.StartsOn.Valid && p.EndsOn.Valid && p.EndsOn.Time.Before(p.StartsOn.Time) {
		return p, fault.InvalidField("spec.ends_on", "must not be before the first day")
	}
	return p, nil
}

func day(field, s string) (pgtype.Date, error) {
	if s == "" {
		return pgtype.Date{}, nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return pgtype.Date{}, fault.InvalidField(field, "must be a day, YYYY-MM-DD")
	}
	return pgtype.Date{Time: t, Valid: true}, nil
}

// Create stores a new code, audited; a code already taken is a conflict.
func (s *Service) Create(ctx context.Context, by audit.Caller, spec Spec) (db.DiscountCode, error) {
	p, err := CheckSpec(spec)
	if err != nil {
		return db.DiscountCode{}, err
	}
	var out db.DiscountCode
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.InsertDiscountCode(ctx, p)
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.Conflict, Reason: "DISCOUNT_CODE_TAKEN", Field: "spec.code", Message: "code " + p.Code + " exists already"}
		}
		if err != nil {
			return fmt.Errorf("discount: create %s: %w", p.Code, err)
		}
		out = row
		return audit.Record(ctx, q, by, "discount_code.create", entity(row.ID), nil, row)
	})
	return out, err
}

// SetPaused pauses or resumes code id, audited with the state before and
// after; a code already in that state is answered as it is, with no record.
func (s *Service) SetPaused(ctx context.Context, by audit.Caller, id int64, paused bool) (db.DiscountCode, error) {
	var out db.DiscountCode
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		before, err := q.DiscountCodeByID(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("discount: code %d: %w", id, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("discount: read code %d: %w", id, err)
		}
		if out, err = q.SetDiscountCodePaused(ctx, db.SetDiscountCodePausedParams{ID: id, Paused: paused}); err != nil {
			return fmt.Errorf("discount: pause code %d: %w", id, err)
		}
		if (before.PausedAt != nil) == paused {
			return nil
		}
		action := "discount_code.resume"
		if paused {
			action = "discount_code.pause"
		}
		type state struct {
			Code   string `json:"code"`
			Paused bool   `json:"paused"`
		}
		return audit.Record(ctx, q, by, action, entity(id), state{before.Code, !paused}, state{out.Code, paused})
	})
	return out, err
}

// List is the codes with their use, newest first.
func (s *Service) List(ctx context.Context) ([]db.ListDiscountCodesRow, error) {
	rows, err := db.New(s.pool).ListDiscountCodes(ctx)
	if err != nil {
		return nil, fmt.Errorf("discount: list codes: %w", err)
	}
	return rows, nil
}

func entity(id int64) string { return "discount_code:" + strconv.FormatInt(id, 10) }
