package auth

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
)

// APIKeyPrefix starts every API key secret, so a leaked one is easy to
// recognise in logs, code and secret scanners.
const APIKeyPrefix = "sab_"

// API key scopes as stored in api_keys.scopes. authz.KeyScopes says which
// procedures each one opens; none opens key management, sign-in settings or
// the audit trail.
const (
	ScopeCatalogRead  = "catalog_read"
	ScopeCatalogWrite = "catalog_write"
	ScopeOrdersRead   = "orders_read"
)

// Scopes are every API key scope.
var Scopes = []string{ScopeCatalogRead, ScopeCatalogWrite, ScopeOrdersRead}

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

// CreateAPIKey stores a new key named name with scopes (some of Scopes),
// working until expires (nil for no expiry), created by the admin createdBy,
// and returns its secret. Only a hash of the secret is stored.
func CreateAPIKey(ctx context.Context, q *db.Queries, name string, scopes []string, expires *time.Time, createdBy *int64) (NewAPIKey, error) {
	if len(scopes) == 0 {
		return NewAPIKey{}, fmt.Errorf("auth: an API key needs a scope")
	}
	for _, s := range scopes {
		if !slices.Contains(Scopes, s) {
			return NewAPIKey{}, fmt.Errorf("auth: unknown API key scope %q", s)
		}
	}
	token, err := newToken()
	if err != nil {
		return NewAPIKey{}, err
	}
	secret := APIKeyPrefix + token
	row, err := q.APIKeyCreate(ctx, db.APIKeyCreateParams{
		Name:       name,
		Scopes:     scopes,
		ExpiresAt:  expires,
		Prefix:     secret[:shownPrefixLen],
		SecretHash: hashToken(secret),
		CreatedBy:  createdBy,
	})
	if err != nil {
		return NewAPIKey{}, fmt.Errorf("auth: create API key: %w", err)
	}
	return NewAPIKey{ID: row.ID, Secret: secret, Prefix: secret[:shownPrefixLen], CreatedAt: row.CreatedAt}, nil
}
