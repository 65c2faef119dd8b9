package cli

import (
	"context"
	"crypto/sha256"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestAPIKeyCreate: `shopd apikey create` makes a key that works, acting
// for the admin named, audited as the command line; it refuses an owner who
// is no admin, an unknown scope and a life beyond API_KEY_MAX_TTL.
func TestAPIKeyCreate(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	boss := dbtest.Admin(t, pool, auth.Company, dbtest.PersonOpts{Subject: "boss", Email: "boss@sabores.es"})
	dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "maria", Email: "maria@example.com"})
	env := map[string]string{"DATABASE_URL": dbtest.URL(pool), "API_KEY_MAX_TTL": "720h"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }

	var out strings.Builder
	args := []string{"apikey", "create", "--owner", "Boss@Sabores.es", "--name", "ERP", "--scopes", "orders_read, catalog_read", "--days", "30"}
	if err := Run(ctx, args, lookup, &out, io.Discard); err != nil {
		t.Fatalf("apikey create: %v", err)
	}
	secret := regexp.MustCompile(`(?m)^sab_\S+$`).FindString(out.String())
	if secret == "" {
		t.Fatalf("no secret printed: %q", out.String())
	}
	// shopd keeps the secret's SHA-256 only (auth's hashToken).
	hash := sha256.Sum256([]byte(secret))
	row, err := db.New(pool).APIKeyBySecretHash(ctx, db.APIKeyBySecretHashParams{SecretHash: hash[:], Company: auth.Company})
	if err != nil {
		t.Fatalf("the printed secret names no working key: %v", err)
	}
	if !row.CreatorCompanyAdmin || row.CreatorEmail != "boss@sabores.es" || strings.Join(row.Scopes, ",") != "orders_read,catalog_read" {
		t.Errorf("key %+v, want boss's with orders_read and catalog_read", row)
	}
	var actor string
	var by int64
	if err := pool.QueryRow(ctx, `SELECT actor, actor_user_id FROM audit_events WHERE action = 'api_key.create'`).Scan(&actor, &by); err != nil {
		t.Fatal(err)
	}
	if actor != auth.CommandLine || by != boss {
		t.Errorf("audited as %q by user %d, want %q by %d", actor, by, auth.CommandLine, boss)
	}

	for _, bad := range [][]string{
		{"apikey", "create", "--owner", "maria@example.com", "--name", "ERP", "--scopes", "orders_read"},
		{"apikey", "create", "--owner", "nobody@example.com", "--name", "ERP", "--scopes", "orders_read"},
		{"apikey", "create", "--owner", "boss@sabores.es", "--name", "ERP", "--scopes", "everything"},
		{"apikey", "create", "--owner", "boss@sabores.es", "--name", "ERP", "--scopes", "orders_read", "--days", "90"},
		{"apikey", "create", "--owner", "boss@sabores.es", "--scopes", "orders_read"},
	} {
		if err := Run(ctx, bad, lookup, io.Discard, io.Discard); err == nil {
			t.Errorf("%q succeeded, want an error", bad)
		}
	}
	var keys int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM api_keys`).Scan(&keys); err != nil || keys != 1 {
		t.Errorf("%d keys after the refusals (%v), want 1", keys, err)
	}
}
