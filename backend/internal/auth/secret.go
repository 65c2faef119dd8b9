package auth

import (
	"context"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// flowSecret names the shared secret the flow cookie's keys come from.
const flowSecret = "signin.flow_cookie"

// sharedSecret returns the 32-byte secret called name from the database,
// making it if no replica has yet. Replicas starting together each offer
// a fresh secret; the insert keeps the first one committed and the read,
// a statement of its own, sees whichever that was. So every replica, and
// every restart, seals and opens cookies with the same keys.
func sharedSecret(ctx context.Context, q *db.Queries, name string) ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("auth: secret %s: %w", name, err)
	}
	if err := q.SecretInsert(ctx, db.SecretInsertParams{Name: name, Value: fresh}); err != nil {
		return nil, fmt.Errorf("auth: store secret %s: %w", name, err)
	}
	secret, err := q.SecretGet(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("auth: read secret %s: %w", name, err)
	}
	return secret, nil
}

// cookieKeys derives the flow cookie's signing and encryption keys from
// the shared secret, so neither key is ever used for the other's job.
func cookieKeys(secret []byte) (hashKey, encKey []byte, err error) {
	if hashKey, err = hkdf.Key(sha256.New, secret, nil, "sabores sign-in flow cookie: signature", 32); err != nil {
		return nil, nil, fmt.Errorf("auth: cookie keys: %w", err)
	}
	if encKey, err = hkdf.Key(sha256.New, secret, nil, "sabores sign-in flow cookie: encryption", 32); err != nil {
		return nil, nil, fmt.Errorf("auth: cookie keys: %w", err)
	}
	return hashKey, encKey, nil
}
