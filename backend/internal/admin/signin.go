package admin

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
func (s *Service) GetSignInConfig(ctx context.Context, _ *connect.Request[saboresv1.GetSignInConfigRequest]) (*connect.Response[saboresv1.GetSignInConfigResponse], error) {
	v, updated, err := auth.ReadSignInStatus(ctx, s.q)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return connect.NewResponse(&saboresv1.GetSignInConfigResponse{Config: s.signInConfig(auth.SignInStatus{}, nil)}), nil
	}
	return connect.NewResponse(&saboresv1.GetSignInConfigResponse{Config: s.signInConfig(*v, &updated)}), nil
}

// UpdateSignInConfig records the Google sign-in status ('Marcar como
// Configurado'), through auth.UpdateSignInStatus.
func (s *Service) UpdateSignInConfig(ctx context.Context, req *connect.Request[saboresv1.UpdateSignInConfigRequest]) (*connect.Response[saboresv1.UpdateSignInConfigResponse], error) {
	v, updated, err := auth.UpdateSignInStatus(ctx, s.pool, auth.Caller(ctx), req.Msg.Configured, req.Msg.CustomBranding)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateSignInConfigResponse{Config: s.signInConfig(v, &updated)}), nil
}

func (s *Service) signInConfig(v auth.SignInStatus, updated *time.Time) *saboresv1.SignInConfig {
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
