package account

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/order"
)

// Export is everything kept about a shopper, read in one transaction.
type Export struct {
	Time        time.Time
	User        db.DataRightsUserRow
	Customers   []db.DataRightsCustomerRow
	Orders      []order.Order
	Consents    []db.CookieConsent
	CardRefunds []db.DataRightsPaymentRefundsRow
	BankRefunds []db.DataRightsBankRefundsRow
	Withdrawals []db.Withdrawal
	// WithdrawalLines are the lines of all the withdrawals.
	WithdrawalLines []db.WithdrawalLinesOfRow
}

// Export reads everything kept about the caller in one transaction, so the
// download is one consistent picture, and audits the export in it.
func (s *Service) Export(ctx context.Context) (Export, error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return Export{}, err
	}
	var out Export
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.queries.WithTx(tx)
		user, err := liveUser(ctx, q, userID)
		if err != nil {
			return err
		}
		customers, err := q.DataRightsCustomer(ctx, userID)
		if err != nil {
			return fmt.Errorf("account: export customer: %w", err)
		}
		rows, err := q.DataRightsOrders(ctx, userID)
		if err != nil {
			return fmt.Errorf("account: export orders: %w", err)
		}
		orders, err := order.WithLines(ctx, q, rows)
		if err != nil {
			return err
		}
		consents, err := q.CookieConsentsForUser(ctx, userID)
		if err != nil {
			return fmt.Errorf("account: export consents: %w", err)
		}
		cards, err := q.DataRightsPaymentRefunds(ctx, userID)
		if err != nil {
			return fmt.Errorf("account: export card refunds: %w", err)
		}
		banks, err := q.DataRightsBankRefunds(ctx, userID)
		if err != nil {
			return fmt.Errorf("account: export bank refunds: %w", err)
		}
		withdrawals, lines, err := exportWithdrawals(ctx, q, userID)
		if err != nil {
			return err
		}
		out = Export{
			Time: time.Now(), User: user, Customers: customers, Orders: orders, Consents: consents,
			CardRefunds: cards, BankRefunds: banks, Withdrawals: withdrawals, WithdrawalLines: lines,
		}
		return audit.Record(ctx, q, auth.Caller(ctx), "account.export", userEntity(userID), nil, nil)
	})
	if err != nil {
		return Export{}, err
	}
	return out, nil
}

// exportWithdrawals reads the withdrawals from a shopper's orders and their
// lines.
func exportWithdrawals(ctx context.Context, q *db.Queries, userID int64) ([]db.Withdrawal, []db.WithdrawalLinesOfRow, error) {
	ws, err := q.DataRightsWithdrawals(ctx, userID)
	if err != nil {
		return nil, nil, fmt.Errorf("account: export withdrawals: %w", err)
	}
	if len(ws) == 0 {
		return nil, nil, nil
	}
	ids := make([]int64, len(ws))
	for i, w := range ws {
		ids[i] = w.ID
	}
	lines, err := q.WithdrawalLinesOf(ctx, ids)
	if err != nil {
		return nil, nil, fmt.Errorf("account: export withdrawal lines: %w", err)
	}
	return ws, lines, nil
}

// Delete erases the caller's personal data in one transaction:
// orders are kept as tax records (marked, contact data erased, retention
// date set), the e-mail queue forgets their addresses, newsletter
// subscriptions and contact messages under them go, their reviews go (the
// products' ratings recomputed without them), the customer record,
// consent records, memberships and every session are deleted, the audit
// trail forgets the email, and the user row becomes an anonymous tombstone
// the same identity can never sign in to. It returns how many orders it
// kept as tax records.
func (s *Service) Delete(ctx context.Context) (int64, error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return 0, err
	}
	var retained int64
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.queries.WithTx(tx)
		if _, err := liveUser(ctx, q, userID); err != nil {
			return err
		}
		emails, err := q.DataRightsEraseEmails(ctx, userID)
		if err != nil {
			return fmt.Errorf("account: erase e-mail addresses: %w", err)
		}
		outreach, err := q.DataRightsDeleteOutreach(ctx, userID)
		if err != nil {
			return fmt.Errorf("account: delete newsletter and contact messages: %w", err)
		}
		reviewed, err := q.DataRightsDeleteReviews(ctx, userID)
		if err != nil {
			return fmt.Errorf("account: delete reviews: %w", err)
		}
		for _, productID := range slices.Compact(slices.Sorted(slices.Values(reviewed))) {
			if err := q.ReviewRefreshProductRating(ctx, productID); err != nil {
				return fmt.Errorf("account: rating of product %d: %w", productID, err)
			}
		}
		if retained, err = q.DataRightsRetainOrders(ctx, userID); err != nil {
			return fmt.Errorf("account: retain orders: %w", err)
		}
		if err := q.DataRightsDeleteCustomer(ctx, userID); err != nil {
			return fmt.Errorf("account: delete customer: %w", err)
		}
		if err := q.DataRightsDeleteConsents(ctx, userID); err != nil {
			return fmt.Errorf("account: delete consents: %w", err)
		}
		if err := q.DataRightsDeleteMemberships(ctx, userID); err != nil {
			return fmt.Errorf("account: delete memberships: %w", err)
		}
		sessions, err := q.DataRightsDeleteSessions(ctx, userID)
		if err != nil {
			return fmt.Errorf("account: end sessions: %w", err)
		}
		// Audited before the trail is anonymised, so this record loses the
		// email too and keeps only the user id.
		if err := audit.Record(ctx, q, auth.Caller(ctx), "account.delete", userEntity(userID), nil,
			map[string]int64{
				"retained_orders": retained, "sessions_ended": sessions, "emails_forgotten": emails,
				"newsletter_subscriptions_deleted": outreach.Subscriptions, "contact_messages_deleted": outreach.Messages,
				"reviews_deleted": int64(len(reviewed)),
			}); err != nil {
			return err
		}
		if err := q.DataRightsAnonymiseAudit(ctx, userID); err != nil {
			return fmt.Errorf("account: anonymise audit: %w", err)
		}
		if err := q.DataRightsTombstoneUser(ctx, userID); err != nil {
			return fmt.Errorf("account: erase user: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return retained, nil
}

// liveUser locks the caller's account; a deleted one (a call racing the
// deletion) is a caller no longer signed in.
func liveUser(ctx context.Context, q *db.Queries, userID int64) (db.DataRightsUserRow, error) {
	user, err := q.DataRightsUser(ctx, userID)
	if errors.Is(err, pgx.ErrNoRows) {
		return user, fault.SignInNeeded("the account was deleted")
	}
	if err != nil {
		return user, fmt.Errorf("account: read user: %w", err)
	}
	return user, nil
}

func userEntity(userID int64) string { return "user:" + strconv.FormatInt(userID, 10) }
