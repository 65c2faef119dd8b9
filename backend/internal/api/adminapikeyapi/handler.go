// Package adminapikeyapi serves AdminApiKeyService over Connect:
// integrators' API keys, created with their secret shown once, listed and
// revoked through auth's use cases (IssueAPIKey, RevokeAPIKey).
package adminapikeyapi

import (
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminApiKeyService.
type Handler struct {
	pool *pgxpool.Pool
	q    *db.Queries
	// maxTTL is the longest life of a new API key.
	maxTTL time.Duration
}

var _ saboresv1connect.AdminApiKeyServiceHandler = (*Handler)(nil)

// New returns the handler of the API keys stored in pool, a new one living
// at most maxTTL (API_KEY_MAX_TTL).
func New(pool *pgxpool.Pool, maxTTL time.Duration) *Handler {
	return &Handler{pool: pool, q: db.New(pool), maxTTL: maxTTL}
}

// apiKey maps a stored key, never its secret.
func apiKey(k db.APIKeyListRow) *saboresv1.ApiKey {
	out := &saboresv1.ApiKey{
		Id:         k.ID,
		Name:       k.Name,
		Scopes:     scopesToProto(k.Scopes),
		Prefix:     k.Prefix,
		CreateTime: timestamppb.New(k.CreatedAt),
		CreatedBy:  k.CreatedByEmail,
	}
	if k.ExpiresAt != nil {
		out.ExpireTime = timestamppb.New(*k.ExpiresAt)
	}
	if k.LastUsedAt != nil {
		out.LastUsedTime = timestamppb.New(*k.LastUsedAt)
	}
	if k.RevokedAt != nil {
		out.RevokeTime = timestamppb.New(*k.RevokedAt)
	}
	return out
}
