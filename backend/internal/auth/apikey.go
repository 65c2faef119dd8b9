package auth

import (
	"context"
	"fmt"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
)

// APIKeyPrefix starts every API key secret, so a leaked one is easy to
// recognise in logs, code and secret scanners.
const APIKeyPrefix = "sab_"

// API key scopes as stored in api_keys.scope.
const (
	ScopeReadOnly = "read_only"
	ScopeAdmin    = "admin"
)

// shownPrefixLen is how much of a secret the back office shows to tell keys
// apart: the "sab_" marker plus 8 characters, far too few to guess the rest.
const shownPrefixLen = len(APIKeyPrefix) + 8

// NewAPIKey is a key just created: its record and the secret, which exists
// nowhere else and cannot be shown again.
type NewAPIKey struct {
	ID        int64
	Secret    string
	Prefix    string
	CreatedAt time.Time
}

// CreateAPIKey stores a new key named name with scope (ScopeReadOnly or
// ScopeAdmin), created by the user createdBy (nil for another API key), and
// returns its secret. Only a hash of the secret is stored.
func CreateAPIKey(ctx context.Context, q *db.Queries, name, scope string, createdBy *int64) (NewAPIKey, error) {
	if scope != ScopeReadOnly && scope != ScopeAdmin {
		return NewAPIKey{}, fmt.Errorf("auth: unknown API key scope %q", scope)
	}
	token, err := newToken()
	if err != nil {
		return NewAPIKey{}, err
	}
	secret := APIKeyPrefix + token
	row, err := q.APIKeyCreate(ctx, db.APIKeyCreateParams{
		Name:       name,
		Scope:      scope,
		Prefix:     secret[:shownPrefixLen],
		SecretHash: hashToken(secret),
		CreatedBy:  createdBy,
	})
	if err != nil {
		return NewAPIKey{}, fmt.Errorf("auth: create API key: %w", err)
	}
	return NewAPIKey{ID: row.ID, Secret: secret, Prefix: secret[:shownPrefixLen], CreatedAt: row.CreatedAt}, nil
}
