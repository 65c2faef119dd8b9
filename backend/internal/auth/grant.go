package auth

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// CommandLine is the audit trail's actor for changes made with shopd's
// commands (`shopd admin grant`, `shopd admin revoke`): whoever can run
// them on the server.
const CommandLine = "shopd-command-line"

// ErrNotAdmin is RevokeAdmin's answer for an email that is neither an admin
// nor waiting for a grant.
var ErrNotAdmin = errors.New("auth: not an admin and no grant waiting")

// adminEntity names a person's admin role in the audit trail.
func adminEntity(email string) string { return "admin:" + email }

// Audit values of the admin role.
var (
	isAdmin     = []byte(`{"admin": true}`)
	isNotAdmin  = []byte(`{"admin": false}`)
	grantWaits  = []byte(`{"grant": "waiting"}`)
	grantIsUsed = []byte(`{"grant": "used"}`)
)

// normalEmail checks and lowers an email given on the command line.
func normalEmail(email string) (string, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if addr, err := mail.ParseAddress(email); err != nil || addr.Address != email {
		return "", fmt.Errorf("%q is not an email address", email)
	}
	return email, nil
}

// RevokeAdmin takes the admin role away from the person with email (`shopd
// admin revoke EMAIL`): users with that email become plain members of the
// shop's company, which their open sessions see at their next request, and a
// grant still waiting for a first sign-in is withdrawn. Emails listed in
// ADMIN_EMAILS stay admins whatever the database says. Audited.
func RevokeAdmin(ctx context.Context, pool *pgxpool.Pool, email string) error {
	email, err := normalEmail(email)
	if err != nil {
		return fmt.Errorf("auth: revoke admin: %w", err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		withdrawn, err := q.UserAdminGrantDelete(ctx, email)
		if err != nil {
			return fmt.Errorf("withdraw grant: %w", err)
		}
		demoted, err := q.UserDemoteByEmail(ctx, db.UserDemoteByEmailParams{Company: Company, Email: email})
		if err != nil {
			return fmt.Errorf("demote users: %w", err)
		}
		if withdrawn == 0 && demoted == 0 {
			return ErrNotAdmin
		}
		before := isAdmin
		if demoted == 0 {
			before = grantWaits
		}
		return q.AuditInsert(ctx, db.AuditInsertParams{
			Actor: CommandLine, Action: "admin.revoke", Entity: adminEntity(email),
			OldValue: before, NewValue: isNotAdmin,
		})
	})
	if err != nil {
		return fmt.Errorf("auth: revoke admin of %s: %w", email, err)
	}
	return nil
}
