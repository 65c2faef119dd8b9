package auth

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
)

// signInStatusKey holds the Google sign-in status in the settings table.
const signInStatusKey = "signin.google"

// SignInStatus is what the owner noted about Google sign-in ('Marcar como
// Configurado'), kept on the server.
type SignInStatus struct {
	Configured     bool   `json:"configured"`
	CustomBranding bool   `json:"custom_branding"`
	UpdatedBy      string `json:"updated_by,omitempty"`
}

// ReadSignInStatus returns the saved status and when it was saved; nil
// when it never was.
func ReadSignInStatus(ctx context.Context, q *db.Queries) (*SignInStatus, time.Time, error) {
	row, err := q.SettingGet(ctx, signInStatusKey)
	v, err := signInStatusFrom(row.Value, err)
	return v, row.UpdatedAt, err
}

// UpdateSignInStatus saves the status as noted by by, in its own
// transaction with its audit row, and returns it with when it was saved.
func UpdateSignInStatus(ctx context.Context, pool *pgxpool.Pool, by audit.Caller, configured, customBranding bool) (SignInStatus, time.Time, error) {
	after := SignInStatus{Configured: configured, CustomBranding: customBranding, UpdatedBy: by.Name}
	value, err := json.Marshal(after)
	if err != nil {
		return SignInStatus{}, time.Time{}, fmt.Errorf("auth: encode sign-in status: %w", err)
	}
	var saved db.SettingPutRow
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.SettingGetForUpdate(ctx, signInStatusKey)
		before, err := signInStatusFrom(row.Value, err)
		if err != nil {
			return err
		}
		var updatedBy *int64
		if by.UserID != 0 {
			updatedBy = &by.UserID
		}
		if saved, err = q.SettingPut(ctx, db.SettingPutParams{Key: signInStatusKey, Value: value, UpdatedBy: updatedBy}); err != nil {
			return fmt.Errorf("auth: save sign-in status: %w", err)
		}
		return audit.Record(ctx, q, by, "signin.config", "setting:"+signInStatusKey, before, after)
	})
	return after, saved.UpdatedAt, err
}

// signInStatusFrom decodes a read of the stored status (its value and
// error); nil when it was never saved.
func signInStatusFrom(value []byte, err error) (*SignInStatus, error) {
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("auth: read sign-in status: %w", err)
	}
	v := new(SignInStatus)
	if err := json.Unmarshal(value, v); err != nil {
		return nil, fmt.Errorf("auth: decode sign-in status: %w", err)
	}
	return v, nil
}
