// Package audit records who changed what in the back office, in the
// change's own transaction: no change without its record. Every module
// that changes something audited builds on it, so it builds on nothing but
// the queries.
package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
)

// Caller is who makes an audited change, as the edge reads it from the
// caller (auth.Caller): Name as the trail shows it (the user's e-mail,
// or api-key:<id> for a key) and UserID the user, 0 for API keys, which act
// for no user; then which key or which session it came through (issue 37),
// none for the command line and the system.
type Caller struct {
	Name   string
	UserID int64
	// APIKeyID is the key the change came through; 0 for none.
	APIKeyID int64
	// SessionID is the signed-in session it came through, signed in at
	// SessionStart; 0 for none.
	SessionID    int64
	SessionStart time.Time
}

// Record records an admin change of entity (such as "product:1001") with the
// values before and after, each marshalled to JSON (nil for none), and who
// made it (by). It runs in the change's transaction: no change without its record.
func Record(ctx context.Context, q *db.Queries, by Caller, action, entity string, before, after any) error {
	oldJSON, err := encode(before)
	if err != nil {
		return err
	}
	newJSON, err := encode(after)
	if err != nil {
		return err
	}
	some := func(id int64) *int64 {
		if id == 0 {
			return nil
		}
		return &id
	}
	var started *time.Time
	if by.SessionID != 0 {
		started = &by.SessionStart
	}
	if err := q.AuditInsert(ctx, db.AuditInsertParams{
		Actor:            by.Name,
		ActorUserID:      some(by.UserID),
		Action:           action,
		Entity:           entity,
		OldValue:         oldJSON,
		NewValue:         newJSON,
		APIKeyID:         some(by.APIKeyID),
		SessionID:        some(by.SessionID),
		SessionStartedAt: started,
	}); err != nil {
		return fmt.Errorf("audit %s %s: %w", action, entity, err)
	}
	return nil
}

// encode encodes v; nil, including a nil pointer, is SQL NULL ("no value").
func encode(v any) ([]byte, error) {
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
