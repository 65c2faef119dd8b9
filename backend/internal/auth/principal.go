// Package auth knows who is calling: sessions from the sign-in cookie, API
// keys from the Authorization header, and the role each one carries.
package auth

import (
	"context"
	"slices"
	"strconv"
	"time"
)

// Role is what a caller may do.
type Role int

// The roles, from least to most trusted.
const (
	RoleAnonymous Role = iota
	RoleClient
	// RoleTill is staff of the shop's till: sells, takes returns and counts
	// the drawer, and may do nothing else in the back office.
	RoleTill
	RoleAdmin
)

// String names the role for logs.
func (r Role) String() string {
	switch r {
	case RoleClient:
		return "client"
	case RoleTill:
		return "till"
	case RoleAdmin:
		return "admin"
	default:
		return "anonymous"
	}
}

// Principal is the authenticated caller of a request.
type Principal struct {
	// UserID is the signed-in user; 0 for API keys and anonymous callers.
	UserID int64
	// Email and Name describe the signed-in user.
	Email string
	Name  string
	// Role is what the caller may do.
	Role Role
	// APIKeyID is set when the caller authenticated with an API key.
	APIKeyID int64
	// Scopes are what that key may do (ScopeCatalogRead…).
	Scopes []string
	// SessionID is the signed-in session the caller came through, signed
	// in at SessionStart; 0 for API keys and anonymous callers.
	SessionID    int64
	SessionStart time.Time
}

// HasScope says whether the caller is an API key with scope.
func (p Principal) HasScope(scope string) bool {
	return p.APIKeyID != 0 && slices.Contains(p.Scopes, scope)
}

// Actor names the principal in the audit trail. A key is named by its id:
// its name is free text its creator chose, and could pass for a person.
func (p Principal) Actor() string {
	if p.APIKeyID != 0 {
		return "api-key:" + strconv.FormatInt(p.APIKeyID, 10)
	}
	return p.Email
}

type principalKey struct{}

// WithPrincipal returns a context carrying p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// FromContext returns the caller, or an anonymous principal.
func FromContext(ctx context.Context) Principal {
	p, _ := ctx.Value(principalKey{}).(Principal)
	return p
}
