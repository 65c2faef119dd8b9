package auth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
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
	// ScopeStockWrite corrects stock (an ERP's counts and receipts) without
	// changing anything else of the catalogue.
	ScopeStockWrite = "stock_write"
	// ScopeEventsRead reads the domain events, which name orders and
	// products by id only.
	ScopeEventsRead = "events_read"
)

// Scopes are every API key scope.
var Scopes = []string{ScopeCatalogRead, ScopeCatalogWrite, ScopeOrdersRead, ScopeStockWrite, ScopeEventsRead}

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

// IssueAPIKey creates a key for by in its own transaction, expiring at
// expires, which is at most maxTTL (API_KEY_MAX_TTL) away: the day maxTTL
// reaches is allowed to its end, as the back office picks a day and sends
// its last second. It is audited with its name, scopes, expiry and shown
// prefix (never the secret), and returned with its secret.
func IssueAPIKey(ctx context.Context, pool *pgxpool.Pool, by audit.Caller, name string, scopes []string, expires time.Time, maxTTL time.Duration) (NewAPIKey, error) {
	if expires.After(time.Now().Add(maxTTL + 24*time.Hour)) {
		return NewAPIKey{}, fault.InvalidField("expire_time", fmt.Sprintf("an API key lives at most %d days", int(maxTTL.Hours()/24)))
	}
	var key NewAPIKey
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var createdBy *int64
		if by.UserID != 0 {
			createdBy = &by.UserID
		}
		var err error
		if key, err = CreateAPIKey(ctx, q, name, scopes, &expires, createdBy); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "api_key.create", "api_key:"+strconv.FormatInt(key.ID, 10), nil,
			map[string]any{"name": name, "scopes": scopes, "expires_at": expires, "prefix": key.Prefix})
	})
	return key, err
}

// IssueAPIKeyForAdmin is IssueAPIKey from the command line (`shopd apikey
// create`), for a shop run without a browser at hand: the key acts for the
// admin with email, who must have signed in before and be an admin now
// (in the company, or listed in adminEmails, ADMIN_EMAILS), because a key
// works only while its creator is one. Audited as the command line.
func IssueAPIKeyForAdmin(ctx context.Context, pool *pgxpool.Pool, adminEmails []string, email, name string, scopes []string, expires time.Time, maxTTL time.Duration) (NewAPIKey, error) {
	email, err := normalEmail(email)
	if err != nil {
		return NewAPIKey{}, fmt.Errorf("auth: API key owner: %w", err)
	}
	q := db.New(pool)
	userID, err := q.UserLatestByEmail(ctx, email)
	if errors.Is(err, pgx.ErrNoRows) {
		return NewAPIKey{}, fmt.Errorf("auth: %s has never signed in: a key acts for an admin who has", email)
	}
	if err != nil {
		return NewAPIKey{}, fmt.Errorf("auth: find %s: %w", email, err)
	}
	admin, err := q.UserIsCompanyAdmin(ctx, db.UserIsCompanyAdminParams{UserID: userID, Company: Company})
	if err != nil {
		return NewAPIKey{}, fmt.Errorf("auth: is %s an admin: %w", email, err)
	}
	if !admin && !slices.Contains(adminEmails, email) {
		return NewAPIKey{}, fmt.Errorf("auth: %s is not an admin (shopd admin grant %s makes them one)", email, email)
	}
	return IssueAPIKey(ctx, pool, audit.Caller{Name: CommandLine, UserID: userID}, name, scopes, expires, maxTTL)
}

// RevokeAPIKey stops key id from working at once, audited by by when it
// was still live (revoking a revoked key changes nothing), and returns the
// key as it now stands. An unknown id is API_KEY_NOT_FOUND.
func RevokeAPIKey(ctx context.Context, pool *pgxpool.Pool, by audit.Caller, id int64) (db.APIKeyByIDRow, error) {
	var row db.APIKeyByIDRow
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		n, err := q.APIKeyRevoke(ctx, id)
		if err != nil {
			return fmt.Errorf("auth: revoke API key %d: %w", id, err)
		}
		row, err = q.APIKeyByID(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.NotFound, Reason: "API_KEY_NOT_FOUND",
				Message: fmt.Sprintf("API key %d does not exist", id), Metadata: map[string]string{"api_key_id": strconv.FormatInt(id, 10)}}
		}
		if err != nil {
			return fmt.Errorf("auth: read API key %d: %w", id, err)
		}
		if n == 0 {
			return nil
		}
		return audit.Record(ctx, q, by, "api_key.revoke", "api_key:"+strconv.FormatInt(id, 10),
			map[string]any{"name": row.Name, "scopes": row.Scopes}, nil)
	})
	return row, err
}
