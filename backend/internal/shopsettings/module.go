package shopsettings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// Service holds the use cases of the shop's settings: reading them and the
// owner's editing, audited.
type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

// New returns the module on pool.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: db.New(pool)}
}

// Get returns the saved settings and when they were saved (see Read).
func (s *Service) Get(ctx context.Context) (Settings, time.Time, error) {
	return Read(ctx, s.q)
}

// Update normalises, checks and saves every setting with its audit record
// in one transaction, as done by by, and returns what it saved and when. A
// broken rule is an invalid field of the request's settings.
func (s *Service) Update(ctx context.Context, by audit.Caller, in Settings) (Settings, time.Time, error) {
	after := Normalize(in)
	if err := Validate(after); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			return Settings{}, time.Time{}, fault.InvalidField("settings."+fe.Field, fe.Message)
		}
		return Settings{}, time.Time{}, err
	}
	value, err := json.Marshal(after)
	if err != nil {
		return Settings{}, time.Time{}, fmt.Errorf("settings: encode: %w", err)
	}
	var saved db.SettingPutRow
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var before *Settings
		row, err := q.SettingGetForUpdate(ctx, SettingKey)
		switch {
		case err == nil:
			old, err := Decode(row.Value)
			if err != nil {
				return err
			}
			before = &old
		case !errors.Is(err, pgx.ErrNoRows):
			return fmt.Errorf("settings: read before saving: %w", err)
		}
		var updatedBy *int64
		if by.UserID != 0 {
			updatedBy = &by.UserID
		}
		if saved, err = q.SettingPut(ctx, db.SettingPutParams{Key: SettingKey, Value: value, UpdatedBy: updatedBy}); err != nil {
			return fmt.Errorf("settings: save: %w", err)
		}
		return audit.Record(ctx, q, by, "shop.settings", "setting:"+SettingKey, before, after)
	})
	if err != nil {
		return Settings{}, time.Time{}, err
	}
	return after, saved.UpdatedAt, nil
}
