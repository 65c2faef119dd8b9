package shopsettings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// Auditor records an admin change in the change's transaction, with who
// made it (shop.Audit). The wiring passes it: shop builds on these rules
// (its invoices print the shop's identity), so this package cannot import it.
type Auditor func(ctx context.Context, q *db.Queries, action, entity string, before, after any) error

// Actor is the user behind the call, for the updated_by column; nil for an
// API key (shop.ActorUserID), passed by the wiring for the same reason.
type Actor func(ctx context.Context) *int64

// Service holds the use cases of the shop's settings: reading them and the
// owner's editing, audited.
type Service struct {
	pool  *pgxpool.Pool
	q     *db.Queries
	audit Auditor
	actor Actor
}

// New returns the module, recording each change with audit as done by actor.
func New(pool *pgxpool.Pool, audit Auditor, actor Actor) *Service {
	return &Service{pool: pool, q: db.New(pool), audit: audit, actor: actor}
}

// Get returns the saved settings and when they were saved (see Read).
func (s *Service) Get(ctx context.Context) (Settings, time.Time, error) {
	return Read(ctx, s.q)
}

// Update normalises, checks and saves every setting with its audit record
// in one transaction, and returns what it saved and when. A broken rule is
// an invalid field of the request's settings.
func (s *Service) Update(ctx context.Context, in Settings) (Settings, time.Time, error) {
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
		if saved, err = q.SettingPut(ctx, db.SettingPutParams{Key: SettingKey, Value: value, UpdatedBy: s.actor(ctx)}); err != nil {
			return fmt.Errorf("settings: save: %w", err)
		}
		return s.audit(ctx, q, "shop.settings", "setting:"+SettingKey, before, after)
	})
	if err != nil {
		return Settings{}, time.Time{}, err
	}
	return after, saved.UpdatedAt, nil
}
