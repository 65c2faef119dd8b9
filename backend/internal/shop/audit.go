package shop

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// ActorUserID is the user behind the call, for updated_by columns; nil for
// API keys, which act for no user.
func ActorUserID(ctx context.Context) *int64 {
	if p := auth.FromContext(ctx); p.UserID != 0 {
		return &p.UserID
	}
	return nil
}

// SignedInUser is the caller's user id, or Unauthenticated. The auth
// interceptor already turns guests away from the RPCs that call it;
// checking again here means no order or account is ever read or written
// for user 0, whatever the wiring.
func SignedInUser(ctx context.Context) (int64, error) {
	if id := auth.FromContext(ctx).UserID; id != 0 {
		return id, nil
	}
	return 0, fault.SignInNeeded("sign in first")
}

// Audit records an admin change of entity (such as "product:1001") with the
// values before and after, each marshalled to JSON (nil for none), and who
// made it. It runs in the change's transaction: no change without its record.
func Audit(ctx context.Context, q *db.Queries, action, entity string, before, after any) error {
	oldJSON, err := auditJSON(before)
	if err != nil {
		return err
	}
	newJSON, err := auditJSON(after)
	if err != nil {
		return err
	}
	if err := q.AuditInsert(ctx, db.AuditInsertParams{
		Actor:       auth.FromContext(ctx).Actor(),
		ActorUserID: ActorUserID(ctx),
		Action:      action,
		Entity:      entity,
		OldValue:    oldJSON,
		NewValue:    newJSON,
	}); err != nil {
		return fmt.Errorf("audit %s %s: %w", action, entity, err)
	}
	return nil
}

// auditJSON encodes v; nil, including a nil pointer, is SQL NULL ("no value").
func auditJSON(v any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && rv.IsNil() {
		return nil, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("audit: encode value: %w", err)
	}
	return b, nil
}
