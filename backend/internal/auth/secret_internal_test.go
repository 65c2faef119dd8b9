package auth

import (
	"bytes"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestSharedSecretRace: replicas starting together on a new database, each
// with its own pool, all end up with one and the same secret.
func TestSharedSecretRace(t *testing.T) {
	t.Parallel()
	dbURL := dbtest.NewURL(t)
	const replicas = 8
	secrets := make([][]byte, replicas)
	errs := make([]error, replicas)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range replicas {
		pool, err := pgxpool.New(t.Context(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		wg.Go(func() {
			<-start
			secrets[i], errs[i] = sharedSecret(t.Context(), db.New(pool), flowSecret)
		})
	}
	close(start)
	wg.Wait()
	for i := range replicas {
		if errs[i] != nil {
			t.Fatalf("replica %d: %v", i, errs[i])
		}
		if len(secrets[i]) != 32 || !bytes.Equal(secrets[i], secrets[0]) {
			t.Errorf("replica %d got secret %x, replica 0 %x: want one 32-byte secret", i, secrets[i], secrets[0])
		}
	}
	hash, enc, err := cookieKeys(secrets[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(hash) != 32 || len(enc) != 32 || bytes.Equal(hash, enc) {
		t.Errorf("cookie keys %x and %x: want two different 32-byte keys", hash, enc)
	}
}
