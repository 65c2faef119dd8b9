package till

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// Refusal reasons of a line discount.
const (
	ReasonDiscountNotAllowed = "TILL_DISCOUNT_NOT_ALLOWED"
	ReasonDiscountTooHigh    = "TILL_DISCOUNT_TOO_HIGH"
)

// SettingKey is the settings row of the owner's till rules.
const SettingKey = "till"

// Rules are the owner's rules for the till.
type Rules struct {
	// MaxLineDiscountBasisPoints is the most a line may be discounted
	// (1000 = 10 %); 0 forbids discounts.
	MaxLineDiscountBasisPoints int32 `json:"max_line_discount_basis_points"`
}

// DefaultRules are the rules until the owner saves others: up to 10 % off
// a line, the usual margin a shop gives on a dented tin or a last unit.
var DefaultRules = Rules{MaxLineDiscountBasisPoints: 1000}

// CheckDiscount applies the owner's rules to a line discount of bp basis
// points asked by a caller who mayDiscount (the owner and admins: a till
// user cannot change prices, so cannot discount either).
func CheckDiscount(rules Rules, mayDiscount bool, bp int32) error {
	switch {
	case bp == 0:
		return nil
	case bp < 0 || bp > 10000:
		return fault.InvalidField("discount_basis_points", "a discount is between 0 and 100 %")
	case !mayDiscount:
		return &fault.Error{Kind: fault.Refused, Reason: ReasonDiscountNotAllowed,
			Message: "only the owner or an admin may discount a line"}
	case bp > rules.MaxLineDiscountBasisPoints:
		return &fault.Error{Kind: fault.Refused, Reason: ReasonDiscountTooHigh,
			Message:  fmt.Sprintf("the owner allows at most %d.%02d %% off a line", rules.MaxLineDiscountBasisPoints/100, rules.MaxLineDiscountBasisPoints%100),
			Metadata: map[string]string{"max_basis_points": strconv.Itoa(int(rules.MaxLineDiscountBasisPoints))}}
	}
	return nil
}

// DiscountCents is bp basis points of a line's amount, rounded half up to
// the cent: 10 % of 2,55 € is 0,255 € and takes 0,26 € off.
func DiscountCents(total int64, bp int32) int64 {
	return (total*int64(bp) + 5000) / 10000
}

// Rules is the owner's till rules in force.
func (s *Service) Rules(ctx context.Context) (Rules, error) {
	return readRules(ctx, db.New(s.pool))
}

// SetRules saves the owner's till rules, audited with the rules they
// replace, in one transaction.
func (s *Service) SetRules(ctx context.Context, by audit.Caller, r Rules) (Rules, error) {
	if r.MaxLineDiscountBasisPoints < 0 || r.MaxLineDiscountBasisPoints > 10000 {
		return Rules{}, fault.InvalidField("max_line_discount_basis_points", "between 0 and 100 %")
	}
	value, err := json.Marshal(r)
	if err != nil {
		return Rules{}, fmt.Errorf("till: rules: %w", err)
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		before := DefaultRules
		row, err := q.SettingGetForUpdate(ctx, SettingKey)
		switch {
		case err == nil:
			if err := json.Unmarshal(row.Value, &before); err != nil {
				return fmt.Errorf("rules in force: %w", err)
			}
		case !errors.Is(err, pgx.ErrNoRows):
			return fmt.Errorf("rules in force: %w", err)
		}
		var actor *int64
		if by.UserID != 0 {
			actor = &by.UserID
		}
		if _, err := q.SettingPut(ctx, db.SettingPutParams{Key: SettingKey, Value: value, UpdatedBy: actor}); err != nil {
			return fmt.Errorf("save rules: %w", err)
		}
		return audit.Record(ctx, q, by, "till.rules", "settings:"+SettingKey, before, r)
	})
	if err != nil {
		return Rules{}, fmt.Errorf("till: save rules: %w", err)
	}
	return r, nil
}

// readRules is the owner's saved till rules, or DefaultRules.
func readRules(ctx context.Context, q *db.Queries) (Rules, error) {
	row, err := q.SettingGet(ctx, SettingKey)
	if errors.Is(err, pgx.ErrNoRows) {
		return DefaultRules, nil
	}
	if err != nil {
		return Rules{}, fmt.Errorf("till rules: %w", err)
	}
	var r Rules
	if err := json.Unmarshal(row.Value, &r); err != nil {
		return Rules{}, fmt.Errorf("till rules: %w", err)
	}
	return r, nil
}

// percent writes basis points as a percentage the way both languages do:
// "10", "12,5".
func percent(bp int32) string {
	s := strconv.Itoa(int(bp / 100))
	if frac := bp % 100; frac != 0 {
		s += "," + strings.TrimRight(fmt.Sprintf("%02d", frac), "0")
	}
	return s
}
