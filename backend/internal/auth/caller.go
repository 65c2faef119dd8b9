package auth

import (
	"context"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/fault"
)

// ActorUserID is the user behind the call, for updated_by columns; nil for
// API keys, which act for no user.
func ActorUserID(ctx context.Context) *int64 {
	if p := FromContext(ctx); p.UserID != 0 {
		return &p.UserID
	}
	return nil
}

// SignedInUser is the caller's user id, or Unauthenticated. The auth
// interceptor already turns guests away from the RPCs that call it;
// checking again here means no order or account is ever read or written
// for user 0, whatever the wiring.
func SignedInUser(ctx context.Context) (int64, error) {
	if id := FromContext(ctx).UserID; id != 0 {
		return id, nil
	}
	return 0, fault.SignInNeeded("sign in first")
}

// Caller is the caller as the audit trail records it: the modules
// take it as a value (audit.Record), so they never read the principal.
func Caller(ctx context.Context) audit.Caller {
	p := FromContext(ctx)
	return audit.Caller{Name: p.Actor(), UserID: p.UserID, APIKeyID: p.APIKeyID, SessionID: p.SessionID, SessionStart: p.SessionStart}
}
