package adminsettingsapi

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// GetSignInConfig returns the Google sign-in status kept on the server (the
// old screen kept it in the browser) and how sign-in is set up here.
func (h *Handler) GetSignInConfig(ctx context.Context, _ *connect.Request[saboresv1.GetSignInConfigRequest]) (*connect.Response[saboresv1.GetSignInConfigResponse], error) {
	v, updated, err := auth.ReadSignInStatus(ctx, h.queries)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return connect.NewResponse(&saboresv1.GetSignInConfigResponse{Config: h.signInConfig(auth.SignInStatus{}, nil)}), nil
	}
	return connect.NewResponse(&saboresv1.GetSignInConfigResponse{Config: h.signInConfig(*v, &updated)}), nil
}

// UpdateSignInConfig records the Google sign-in status ('Marcar como
// Configurado'), through auth.UpdateSignInStatus.
func (h *Handler) UpdateSignInConfig(ctx context.Context, req *connect.Request[saboresv1.UpdateSignInConfigRequest]) (*connect.Response[saboresv1.UpdateSignInConfigResponse], error) {
	v, updated, err := auth.UpdateSignInStatus(ctx, h.pool, auth.Caller(ctx), req.Msg.Configured, req.Msg.CustomBranding)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateSignInConfigResponse{Config: h.signInConfig(v, &updated)}), nil
}

func (h *Handler) signInConfig(v auth.SignInStatus, updated *time.Time) *saboresv1.SignInConfig {
	c := &saboresv1.SignInConfig{
		Configured:             v.Configured,
		CustomBranding:         v.CustomBranding,
		UpdatedBy:              v.UpdatedBy,
		GoogleClientConfigured: h.signIn.GoogleConfigured(),
		DevProviderEnabled:     h.signIn.DevSignIn(),
	}
	if updated != nil {
		c.UpdateTime = timestamppb.New(*updated)
	}
	return c
}
