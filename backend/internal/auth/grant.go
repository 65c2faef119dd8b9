package auth

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
)

// CommandLine is the audit trail's actor for changes made with shopd's
// commands (`shopd admin grant`, `shopd admin revoke`): whoever can run
// them on the server.
const CommandLine = "shopd-command-line"

// ErrNotAdmin is RevokeRole's answer for an email that holds no staff role
// and waits for no grant.
var ErrNotAdmin = errors.New("auth: not staff and no grant waiting")

// ErrNotStaffRole is a grant of a role other than admin or till.
var ErrNotStaffRole = errors.New("only the admin and till roles can be granted")

// Staff roles as company_users and admin_grants store them.
const (
	staffAdmin = "admin"
	staffTill  = "till"
)

// staffRole names a grantable role as the database stores it.
func staffRole(role Role) (string, error) {
	switch role {
	case RoleAdmin:
		return staffAdmin, nil
	case RoleTill:
		return staffTill, nil
	default:
		return "", ErrNotStaffRole
	}
}

// staffValue is the audit value of holding a staff role: the admin role
// keeps the trail's earlier wording.
func staffValue(name string) []byte {
	if name == staffAdmin {
		return isAdmin
	}
	return []byte(`{"role": "` + name + `"}`)
}

// actorUserID is by's user for the audit trail, nil for the command line.
func actorUserID(by audit.Caller) *int64 {
	if by.UserID == 0 {
		return nil
	}
	return &by.UserID
}

// notStaff is the audit value of no longer holding the staff role name.
func notStaff(name string) []byte {
	if name == staffAdmin {
		return isNotAdmin
	}
	return []byte(`{"role": "user"}`)
}

// grantWaits is the audit value of a grant of role waiting for a sign-in.
func grantWaits(name string) []byte {
	if name == staffAdmin {
		return []byte(`{"grant": "waiting"}`)
	}
	return []byte(`{"grant": "waiting", "role": "` + name + `"}`)
}

// adminEntity names a person's admin role in the audit trail.
func adminEntity(email string) string { return "admin:" + email }

// Audit values of the admin role.
var (
	isAdmin     = []byte(`{"admin": true}`)
	isNotAdmin  = []byte(`{"admin": false}`)
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

// RevokeAdmin takes the staff role away from the person with email (`shopd
// admin revoke EMAIL`): RevokeRole on behalf of the command line.
func RevokeAdmin(ctx context.Context, pool *pgxpool.Pool, email string) error {
	return RevokeRole(ctx, pool, audit.Caller{Name: CommandLine}, email)
}

// RevokeRole takes the staff role (admin or till) away from the person with
// email, on by's behalf: users with that email become plain members of
// the shop's company, which their open sessions see at their next request,
// and a grant still waiting for a first sign-in is withdrawn. Emails listed
// in ADMIN_EMAILS stay admins whatever the database says. Audited.
func RevokeRole(ctx context.Context, pool *pgxpool.Pool, by audit.Caller, email string) error {
	email, err := normalEmail(email)
	if err != nil {
		return fmt.Errorf("auth: revoke admin: %w", err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		waiting, err := q.UserAdminGrantRole(ctx, email)
		if err != nil {
			return fmt.Errorf("look up grant: %w", err)
		}
		withdrawn, err := q.UserAdminGrantDelete(ctx, email)
		if err != nil {
			return fmt.Errorf("withdraw grant: %w", err)
		}
		held, err := q.UserDemoteByEmail(ctx, db.UserDemoteByEmailParams{Company: Company, Email: email})
		if err != nil {
			return fmt.Errorf("demote users: %w", err)
		}
		if withdrawn == 0 && len(held) == 0 {
			return ErrNotAdmin
		}
		before, after := grantWaits(waiting), notStaff(waiting)
		if len(held) > 0 {
			before, after = staffValue(held[0]), notStaff(held[0])
		}
		return q.AuditInsert(ctx, db.AuditInsertParams{
			Actor: by.Name, ActorUserID: actorUserID(by), Action: "admin.revoke", Entity: adminEntity(email),
			OldValue: before, NewValue: after,
		})
	})
	if err != nil {
		return fmt.Errorf("auth: revoke staff role of %s: %w", email, err)
	}
	return nil
}
