package auth

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
)

// Identity is who an identity provider says signed in.
type Identity struct {
	// Issuer and Subject identify the person for good: an email can change.
	Issuer  string
	Subject string
	Email   string
	Name    string
}

// SignedIn is the outcome of a sign-in: the caller and their new session.
type SignedIn struct {
	Principal Principal
	// Token is the session cookie's value; only its hash is stored.
	Token   string
	Expires time.Time
}

// SignIn records a verified identity and opens a session for it: the user is
// created or updated (email and name follow the provider), joins the shop's
// company as an active 'user' member unless already a member (or as admin
// when an admin grant waits for this email), and gets a role. Joining the
// company is best effort, as in the original shop: a failure there is logged
// and the sign-in goes on.
func (s *Service) SignIn(ctx context.Context, id Identity) (SignedIn, error) {
	user, err := s.queries.UserUpsert(ctx, db.UserUpsertParams{
		Issuer: id.Issuer, Subject: id.Subject, Email: id.Email, FullName: id.Name,
	})
	if err != nil {
		return SignedIn{}, fmt.Errorf("auth: record user: %w", err)
	}
	if err := s.joinCompany(ctx, user.ID, user.Email); err != nil {
		slog.WarnContext(ctx, "cannot add the user to the shop's company", "user_id", user.ID, "error", err)
	}
	if n, err := s.queries.SessionDeleteExpired(ctx); err != nil {
		slog.WarnContext(ctx, "cannot delete expired sessions", "error", err)
	} else if n > 0 {
		slog.InfoContext(ctx, "deleted expired sessions", "count", n)
	}
	role := s.roleOf(ctx, user.ID, user.Email)
	token, expires, err := s.createSession(ctx, user.ID, role)
	if err != nil {
		return SignedIn{}, err
	}
	return SignedIn{
		Principal: Principal{
			UserID: user.ID,
			Email:  user.Email,
			Name:   user.FullName,
			Role:   role,
		},
		Token:   token,
		Expires: expires,
	}, nil
}

// joinCompany makes the user a member of the shop's company, with the
// staff role a grant waiting for their email gives.
func (s *Service) joinCompany(ctx context.Context, userID int64, email string) error {
	companyID, err := s.queries.UserCompanyEnsure(ctx, Company)
	if err != nil {
		return fmt.Errorf("ensure company: %w", err)
	}
	granted, err := s.queries.UserAdminGrantRole(ctx, email)
	if err != nil {
		return fmt.Errorf("look up staff grant: %w", err)
	}
	role := "user"
	if granted != "" {
		role = granted
	}
	if err := s.queries.UserCompanyJoin(ctx, db.UserCompanyJoinParams{UserID: userID, CompanyID: companyID, Role: role}); err != nil {
		return fmt.Errorf("join company: %w", err)
	}
	if granted == "" {
		return nil
	}
	// The grant is used up: once the role is taken away (shopd admin
	// revoke), signing in again must not bring it back.
	if _, err := s.queries.UserAdminGrantDelete(ctx, email); err != nil {
		return fmt.Errorf("use up staff grant: %w", err)
	}
	if err := s.queries.AuditInsert(ctx, db.AuditInsertParams{
		Actor: email, ActorUserID: &userID, Action: "admin.grant_used", Entity: adminEntity(strings.ToLower(email)),
		OldValue: grantWaits(granted), NewValue: grantIsUsed,
	}); err != nil {
		return fmt.Errorf("audit staff grant use: %w", err)
	}
	return nil
}

// GrantAdmin makes the person with email an admin of the shop (`shopd admin
// grant EMAIL`): GrantRole on behalf of the command line.
func GrantAdmin(ctx context.Context, pool *pgxpool.Pool, email string) error {
	return GrantRole(ctx, pool, audit.Caller{Name: CommandLine}, email, RoleAdmin)
}

// GrantRole gives the person with email a staff role of the shop (admin
// or till), on by's behalf (the command line, or the owner in the back
// office). Users already known by that email hold it now; otherwise the
// grant waits, so a first sign-in with that email, from any provider, joins
// with it and uses it up. Only verified emails sign in, so an email names a
// person here. Audited.
func GrantRole(ctx context.Context, pool *pgxpool.Pool, by audit.Caller, email string, role Role) error {
	email, err := normalEmail(email)
	if err != nil {
		return fmt.Errorf("auth: grant role: %w", err)
	}
	name, err := staffRole(role)
	if err != nil {
		return fmt.Errorf("auth: grant role: %w", err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		companyID, err := q.UserCompanyEnsure(ctx, Company)
		if err != nil {
			return fmt.Errorf("ensure company: %w", err)
		}
		promoted, err := q.UserPromoteByEmail(ctx, db.UserPromoteByEmailParams{CompanyID: companyID, Role: name, Email: email})
		if err != nil {
			return fmt.Errorf("promote users: %w", err)
		}
		after := staffValue(name)
		if promoted == 0 {
			if err := q.UserAdminGrantInsert(ctx, db.UserAdminGrantInsertParams{Email: email, Role: name}); err != nil {
				return fmt.Errorf("record grant: %w", err)
			}
			after = grantWaits(name)
		}
		return q.AuditInsert(ctx, db.AuditInsertParams{
			Actor: by.Name, ActorUserID: actorUserID(by), Action: "admin.grant", Entity: adminEntity(email), NewValue: after,
		})
	})
	if err != nil {
		return fmt.Errorf("auth: grant %s to %s: %w", role, email, err)
	}
	return nil
}
