package auth

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// KeyExpiryNotice is how long before a key expires its owner is e-mailed:
// two weeks to issue a new key and change the integration.
const KeyExpiryNotice = 14 * 24 * time.Hour

// KeyExpiryWarner e-mails the owner, to, that key keyID expires soon, in
// the caller's transaction (jobs.MailQueue).
type KeyExpiryWarner interface {
	APIKeyExpiring(ctx context.Context, tx pgx.Tx, keyID int64, to string) error
}

// WarnExpiringKeys queues, in one transaction, the e-mail of each live key
// expiring within KeyExpiryNotice of now whose owner was not warned yet,
// and marks it warned: each key is warned of once, however often this
// runs. It returns how many keys were warned of.
func WarnExpiringKeys(ctx context.Context, pool *pgxpool.Pool, warner KeyExpiryWarner, now time.Time) (int, error) {
	var n int
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		until := now.Add(KeyExpiryNotice)
		keys, err := q.APIKeysExpiringUnwarned(ctx, db.APIKeysExpiringUnwarnedParams{Now: &now, Until: &until})
		if err != nil {
			return fmt.Errorf("auth: keys expiring by %s: %w", until.Format(time.DateOnly), err)
		}
		for _, k := range keys {
			if err := q.APIKeyExpiryWarned(ctx, db.APIKeyExpiryWarnedParams{ID: k.ID, At: &now}); err != nil {
				return fmt.Errorf("auth: mark key %d warned: %w", k.ID, err)
			}
			if err := warner.APIKeyExpiring(ctx, tx, k.ID, k.Email); err != nil {
				return err
			}
		}
		n = len(keys)
		return nil
	})
	return n, err
}
