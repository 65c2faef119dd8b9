package adminapikeyapi

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// CreateApiKey creates an integrator's key and returns its secret, once.
func (h *Handler) CreateApiKey(ctx context.Context, req *connect.Request[saboresv1.CreateApiKeyRequest]) (*connect.Response[saboresv1.CreateApiKeyResponse], error) {
	scopes := scopesFromProto(req.Msg.Scopes)
	// PostgreSQL keeps microseconds: the answer shows what is stored.
	expires := req.Msg.ExpireTime.AsTime().Truncate(time.Microsecond)
	key, err := auth.IssueAPIKey(ctx, h.pool, auth.Caller(ctx), req.Msg.Name, scopes, expires, h.maxTTL)
	if err != nil {
		return nil, err
	}
	// The creator is the caller: only signed-in admins manage keys.
	return connect.NewResponse(&saboresv1.CreateApiKeyResponse{
		Key: apiKey(db.APIKeyListRow{
			ID: key.ID, Name: req.Msg.Name, Scopes: scopes, ExpiresAt: &expires, Prefix: key.Prefix,
			CreatedAt: key.CreatedAt, CreatedByEmail: auth.FromContext(ctx).Email,
		}),
		Secret: key.Secret,
	}), nil
}

// ListApiKeys lists every key, newest first, revoked ones included.
func (h *Handler) ListApiKeys(ctx context.Context, _ *connect.Request[saboresv1.ListApiKeysRequest]) (*connect.Response[saboresv1.ListApiKeysResponse], error) {
	rows, err := h.q.APIKeyList(ctx)
	if err != nil {
		return nil, fmt.Errorf("adminapikeyapi: list API keys: %w", err)
	}
	res := &saboresv1.ListApiKeysResponse{}
	for _, r := range rows {
		res.Keys = append(res.Keys, apiKey(r))
	}
	return connect.NewResponse(res), nil
}

// RevokeApiKey stops a key from working at once; revoking a revoked key
// changes nothing.
func (h *Handler) RevokeApiKey(ctx context.Context, req *connect.Request[saboresv1.RevokeApiKeyRequest]) (*connect.Response[saboresv1.RevokeApiKeyResponse], error) {
	row, err := auth.RevokeAPIKey(ctx, h.pool, auth.Caller(ctx), req.Msg.Id)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RevokeApiKeyResponse{Key: apiKey(db.APIKeyListRow(row))}), nil
}
