package auth

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// SharedSecret is the secret stored under name, made by the first replica
// that asks (an insert that does nothing when one is there already), so
// every replica and every restart signs and checks links alike.
func SharedSecret(ctx context.Context, q *db.Queries, name string) ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("shop: secret %s: %w", name, err)
	}
	if err := q.SecretInsert(ctx, db.SecretInsertParams{Name: name, Value: fresh}); err != nil {
		return nil, fmt.Errorf("shop: store secret %s: %w", name, err)
	}
	secret, err := q.SecretGet(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("shop: read secret %s: %w", name, err)
	}
	return secret, nil
}
