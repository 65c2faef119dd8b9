package lots

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// SettingKey is the settings row of the lots' rules.
const SettingKey = "lots"

// rulesJSON is Rules as the settings table stores them.
type rulesJSON struct {
	DeliveryDays int `json:"deliveryDays"`
	MarginDays   int `json:"marginDays"`
	// The digest's fields came later (issue 40): rules saved before them
	// read as the defaults.
	DigestDays     int    `json:"digestDays,omitempty"`
	DigestLanguage string `json:"digestLanguage,omitempty"`
}

// withDefaults fills the digest's settings left unset.
func (r Rules) withDefaults() Rules {
	if r.DigestDays == 0 {
		r.DigestDays = DefaultRules.DigestDays
	}
	if r.DigestLanguage == "" {
		r.DigestLanguage = DefaultRules.DigestLanguage
	}
	return r
}

// readRules reads the owner's rules, DefaultRules before any are saved.
func readRules(ctx context.Context, q *db.Queries) (Rules, error) {
	row, err := q.SettingGet(ctx, SettingKey)
	if errors.Is(err, pgx.ErrNoRows) {
		return DefaultRules, nil
	}
	if err != nil {
		return Rules{}, fmt.Errorf("lots: read rules: %w", err)
	}
	var r rulesJSON
	if err := json.Unmarshal(row.Value, &r); err != nil {
		return Rules{}, fmt.Errorf("lots: decode rules: %w", err)
	}
	return Rules(r).withDefaults(), nil
}

// Rules are the blocking's rules as the owner set them.
func (s *Service) Rules(ctx context.Context) (Rules, error) {
	return readRules(ctx, db.New(s.pool))
}

// SetRules saves the blocking's rules, audited (lots.rules): from 0 to 30
// days each; the digest's days from 1 to 90 (0 is 30), its language es
// or pt ("" is es).
func (s *Service) SetRules(ctx context.Context, by audit.Caller, r Rules) (Rules, error) {
	r = r.withDefaults()
	if r.DigestDays < 1 || r.DigestDays > 90 {
		return Rules{}, fault.InvalidField("digest_days", "from 1 to 90 days")
	}
	if r.DigestLanguage != "es" && r.DigestLanguage != "pt" {
		return Rules{}, fault.InvalidField("digest_language", "es or pt")
	}
	if r.DeliveryDays < 0 || r.DeliveryDays > 30 {
		return Rules{}, fault.InvalidField("delivery_days", "from 0 to 30 days")
	}
	if r.MarginDays < 0 || r.MarginDays > 30 {
		return Rules{}, fault.InvalidField("margin_days", "from 0 to 30 days")
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		before, err := readRules(ctx, q)
		if err != nil {
			return err
		}
		value, err := json.Marshal(rulesJSON(r))
		if err != nil {
			return fmt.Errorf("lots: encode rules: %w", err)
		}
		var actor *int64
		if by.UserID != 0 {
			actor = &by.UserID
		}
		if _, err := q.SettingPut(ctx, db.SettingPutParams{Key: SettingKey, Value: value, UpdatedBy: actor}); err != nil {
			return fmt.Errorf("lots: save rules: %w", err)
		}
		return audit.Record(ctx, q, by, "lots.rules", "settings:lots", before, r)
	})
	return r, err
}
