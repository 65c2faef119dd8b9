package admin

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// CreateApiKey creates an integrator's key and returns its secret, once.
func (s *Service) CreateApiKey(ctx context.Context, req *connect.Request[saboresv1.CreateApiKeyRequest]) (*connect.Response[saboresv1.CreateApiKeyResponse], error) {
	scopes := scopesFromProto(req.Msg.Scopes)
	// PostgreSQL keeps microseconds: the answer shows what is stored.
	t := req.Msg.ExpireTime.AsTime().Truncate(time.Microsecond)
	expires := &t
	// The back office picks a day and sends its last second: the day
	// API_KEY_MAX_TTL reaches is allowed to its end.
	if maxTTL := s.apiKeyMaxTTL(); t.After(time.Now().Add(maxTTL + 24*time.Hour)) {
		return nil, fault.InvalidField("expire_time", fmt.Sprintf("an API key lives at most %d days", int(maxTTL.Hours()/24)))
	}
	res := &saboresv1.CreateApiKeyResponse{}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		key, err := auth.CreateAPIKey(ctx, q, req.Msg.Name, scopes, expires, auth.ActorUserID(ctx))
		if err != nil {
			return err
		}
		if err := audit.Record(ctx, q, auth.Caller(ctx), "api_key.create", "api_key:"+strconv.FormatInt(key.ID, 10), nil,
			map[string]any{"name": req.Msg.Name, "scopes": scopes, "expires_at": expires, "prefix": key.Prefix}); err != nil {
			return err
		}
		// The creator is the caller: only signed-in admins manage keys.
		res.Key = apiKey(db.APIKeyListRow{
			ID: key.ID, Name: req.Msg.Name, Scopes: scopes, ExpiresAt: expires, Prefix: key.Prefix,
			CreatedAt: key.CreatedAt, CreatedByEmail: auth.FromContext(ctx).Email,
		})
		res.Secret = key.Secret
		return nil
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// ListApiKeys lists every key, newest first, revoked ones included.
func (s *Service) ListApiKeys(ctx context.Context, _ *connect.Request[saboresv1.ListApiKeysRequest]) (*connect.Response[saboresv1.ListApiKeysResponse], error) {
	rows, err := s.q.APIKeyList(ctx)
	if err != nil {
		return nil, fmt.Errorf("admin: list API keys: %w", err)
	}
	res := &saboresv1.ListApiKeysResponse{}
	for _, r := range rows {
		res.Keys = append(res.Keys, apiKey(r))
	}
	return connect.NewResponse(res), nil
}

// RevokeApiKey stops a key from working at once; revoking a revoked key
// changes nothing.
func (s *Service) RevokeApiKey(ctx context.Context, req *connect.Request[saboresv1.RevokeApiKeyRequest]) (*connect.Response[saboresv1.RevokeApiKeyResponse], error) {
	id := req.Msg.Id
	res := &saboresv1.RevokeApiKeyResponse{}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		n, err := q.APIKeyRevoke(ctx, id)
		if err != nil {
			return fmt.Errorf("admin: revoke API key %d: %w", id, err)
		}
		row, err := q.APIKeyByID(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.NotFound, Reason: "API_KEY_NOT_FOUND",
				Message: fmt.Sprintf("API key %d does not exist", id), Metadata: map[string]string{"api_key_id": strconv.FormatInt(id, 10)}}
		}
		if err != nil {
			return fmt.Errorf("admin: read API key %d: %w", id, err)
		}
		if n > 0 {
			if err := audit.Record(ctx, q, auth.Caller(ctx), "api_key.revoke", "api_key:"+strconv.FormatInt(id, 10),
				map[string]any{"name": row.Name, "scopes": row.Scopes}, nil); err != nil {
				return err
			}
		}
		res.Key = apiKey(db.APIKeyListRow(row))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// DefaultAPIKeyMaxTTL is API_KEY_MAX_TTL's default: 90 days.
const DefaultAPIKeyMaxTTL = 90 * 24 * time.Hour

// WithAPIKeyMaxTTL sets the longest life of a new API key (API_KEY_MAX_TTL).
func (s *Service) WithAPIKeyMaxTTL(d time.Duration) *Service {
	s.keyMaxTTL = d
	return s
}

func (s *Service) apiKeyMaxTTL() time.Duration {
	if s.keyMaxTTL == 0 {
		return DefaultAPIKeyMaxTTL
	}
	return s.keyMaxTTL
}
