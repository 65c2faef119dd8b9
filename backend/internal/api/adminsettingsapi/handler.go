// Package adminsettingsapi serves AdminSettingsService over Connect: the
// back office reads and edits the shop's settings through the shopsettings
// module's use cases, and reads and records how Google sign-in is set up
// (signin.go).
package adminsettingsapi

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	"github.com/sabores/sabores/backend/internal/till"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// SignInStatus tells how sign-in is set up on this server (auth.Service).
type SignInStatus interface {
	GoogleConfigured() bool
	DevSignIn() bool
}

// Handler implements AdminSettingsService.
type Handler struct {
	settings *shopsettings.Service
	// signIn, pool and queries read and record the sign-in status.
	signIn  SignInStatus
	pool    *pgxpool.Pool
	queries *db.Queries
	// till keeps the owner's rules for the till (tillrules.go).
	till *till.Service
}

var _ saboresv1connect.AdminSettingsServiceHandler = (*Handler)(nil)

// New returns the handler of the shopsettings module's use cases.
func New(settings *shopsettings.Service) *Handler {
	return &Handler{settings: settings}
}

// WithSignIn sets how sign-in is set up here and where its status is kept.
func (h *Handler) WithSignIn(status SignInStatus, pool *pgxpool.Pool) *Handler {
	h.signIn, h.pool, h.queries = status, pool, db.New(pool)
	return h
}

// GetShopSettings returns every setting and the checklist of unfinished ones.
func (h *Handler) GetShopSettings(ctx context.Context, _ *connect.Request[saboresv1.GetShopSettingsRequest]) (*connect.Response[saboresv1.GetShopSettingsResponse], error) {
	v, updated, err := h.settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetShopSettingsResponse{
		Settings:   toSettings(v),
		Unfinished: shopsettings.Unfinished(v),
		UpdateTime: timestamp(updated),
	}), nil
}

// UpdateShopSettings saves every setting, normalised and checked.
func (h *Handler) UpdateShopSettings(ctx context.Context, req *connect.Request[saboresv1.UpdateShopSettingsRequest]) (*connect.Response[saboresv1.UpdateShopSettingsResponse], error) {
	saved, updated, err := h.settings.Update(ctx, auth.Caller(ctx), fromSettings(req.Msg.Settings))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateShopSettingsResponse{
		Settings:   toSettings(saved),
		Unfinished: shopsettings.Unfinished(saved),
		UpdateTime: timestamp(updated),
	}), nil
}

func timestamp(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}
