package admin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// signInSettingKey holds the Google sign-in status in the settings table.
const signInSettingKey = "signin.google"

// signInSetting is the stored Google sign-in status.
type signInSetting struct {
	Configured     bool   `json:"configured"`
	CustomBranding bool   `json:"custom_branding"`
	UpdatedBy      string `json:"updated_by,omitempty"`
}

// GetSignInConfig returns the Google sign-in status kept on the server (the
// old screen kept it in the browser) and how sign-in is set up here.
func (s *Service) GetSignInConfig(ctx context.Context, _ *connect.Request[saboresv1.GetSignInConfigRequest]) (*connect.Response[saboresv1.GetSignInConfigResponse], error) {
	row, err := s.q.SettingGet(ctx, signInSettingKey)
	v, err := signInSettingFrom(row.Value, err)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return connect.NewResponse(&saboresv1.GetSignInConfigResponse{Config: s.signInConfig(signInSetting{}, nil)}), nil
	}
	return connect.NewResponse(&saboresv1.GetSignInConfigResponse{Config: s.signInConfig(*v, &row.UpdatedAt)}), nil
}

// signInSettingFrom decodes a read of the stored sign-in status (its value
// and error); nil when it was never saved.
func signInSettingFrom(value []byte, err error) (*signInSetting, error) {
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("admin: read sign-in status: %w", err)
	}
	v := new(signInSetting)
	if err := json.Unmarshal(value, v); err != nil {
		return nil, fmt.Errorf("admin: decode sign-in status: %w", err)
	}
	return v, nil
}

// UpdateSignInConfig records the Google sign-in status ('Marcar como
// Configurado').
func (s *Service) UpdateSignInConfig(ctx context.Context, req *connect.Request[saboresv1.UpdateSignInConfigRequest]) (*connect.Response[saboresv1.UpdateSignInConfigResponse], error) {
	after := signInSetting{
		Configured:     req.Msg.Configured,
		CustomBranding: req.Msg.CustomBranding,
		UpdatedBy:      auth.FromContext(ctx).Actor(),
	}
	value, err := json.Marshal(after)
	if err != nil {
		return nil, fmt.Errorf("admin: encode sign-in status: %w", err)
	}
	var saved db.SettingPutRow
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.SettingGetForUpdate(ctx, signInSettingKey)
		before, err := signInSettingFrom(row.Value, err)
		if err != nil {
			return err
		}
		if saved, err = q.SettingPut(ctx, db.SettingPutParams{Key: signInSettingKey, Value: value, UpdatedBy: auth.ActorUserID(ctx)}); err != nil {
			return fmt.Errorf("admin: save sign-in status: %w", err)
		}
		return audit.Record(ctx, q, auth.Caller(ctx), "signin.config", "setting:"+signInSettingKey, before, after)
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateSignInConfigResponse{Config: s.signInConfig(after, &saved.UpdatedAt)}), nil
}

func (s *Service) signInConfig(v signInSetting, updated *time.Time) *saboresv1.SignInConfig {
	c := &saboresv1.SignInConfig{
		Configured:             v.Configured,
		CustomBranding:         v.CustomBranding,
		UpdatedBy:              v.UpdatedBy,
		GoogleClientConfigured: s.signIn.GoogleConfigured(),
		DevProviderEnabled:     s.signIn.DevSignIn(),
	}
	if updated != nil {
		c.UpdateTime = timestamppb.New(*updated)
	}
	return c
}
