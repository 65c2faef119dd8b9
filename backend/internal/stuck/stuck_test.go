package stuck_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/stuck"
)

// TestReadCountsWhatIsStuck: each row is aged and put in a state, and
// counted as stuck only past its wait and unfinished. now is the database's
// clock, the one the rows were aged by.
func TestReadCountsWhatIsStuck(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	dbtest.ShopSettings(t, pool)
	ctx := context.Background()
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{VATBasisPoints: 1000})
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	order := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product}}})
	exec(`INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents) VALUES ('00042', $1, 1, 'card', 100)`, order)

	emails := []struct {
		name      string
		age       time.Duration
		sent      bool
		recipient string
		stuck     bool
	}{
		{"unsent past the wait", stuck.EmailAfter + time.Minute, false, "ana@example.com", true},
		{"unsent within the wait", stuck.EmailAfter - time.Minute, false, "ana@example.com", false},
		{"sent long ago", 24 * time.Hour, true, "ana@example.com", false},
		{"no recipient (account deleted)", 24 * time.Hour, false, "", false},
	}
	var want stuck.Report
	for i, e := range emails {
		exec(`INSERT INTO outbound_emails (message_id, kind, recipient, created_at, sent_at)
			VALUES ($1, 'contact_message', $2, now() - $3::interval, CASE WHEN $4 THEN now() END)`,
			fmt.Sprintf("<m%d@example.com>", i), e.recipient, e.age.String(), e.sent)
		if !e.sent && e.recipient != "" {
			want.EmailsUnsent++
		}
		if e.stuck {
			want.EmailsStuck++
		}
	}

	refunds := []struct {
		name    string
		status  string
		queued  time.Duration
		lastTry time.Duration
		stuck   bool
	}{
		{"queued past the wait", "queued", stuck.RefundAfter + time.Minute, 0, true},
		{"retried a minute ago, decided long ago", "requested", 3 * time.Hour, time.Minute, true},
		{"unknown past the wait", "unknown", 2 * time.Hour, 2 * time.Hour, true},
		{"failed within the wait", "failed", stuck.RefundAfter - time.Minute, time.Minute, false},
		{"accepted long ago", "accepted", 5 * time.Hour, 5 * time.Hour, false},
		{"refused single try of before the queue", "refused", 5 * time.Hour, 5 * time.Hour, false},
	}
	for _, r := range refunds {
		exec(`INSERT INTO payment_refunds (redsys_order, amount_cents, status, queued_at, requested_at)
			VALUES ('00042', 100, $1, now() - $2::interval, now() - $3::interval)`, r.status, r.queued.String(), r.lastTry.String())
		switch r.status {
		case "failed":
			want.RefundsFailed++
		case "unknown":
			want.RefundsUnknown++
		}
		if r.stuck {
			want.RefundsStuck++
		}
	}

	// Three invoices, so three records in the chain: the first accepted in
	// a submission, the second issued past the wait, the third within it.
	records := []struct {
		name     string
		age      time.Duration
		accepted bool
		stuck    bool
	}{
		{"accepted long ago", 3 * time.Hour, true, false},
		{"not accepted past the wait", stuck.VerifactuAfter + time.Minute, false, true},
		{"not accepted within the wait", stuck.VerifactuAfter - time.Minute, false, false},
	}
	iv := invoice.Invoicer{Issuer: invoice.SettingsIssuer{}}
	for _, r := range records {
		paid := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product, VATBasisPoints: 1000}}})
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			inv, err := iv.IssueForPaidOrder(ctx, tx, paid)
			if err != nil {
				return err
			}
			// The chain is append-only; a test ages it past its triggers.
			if _, err := tx.Exec(ctx, `SET LOCAL session_replication_role = replica`); err != nil {
				return err
			}
			var id int64
			if err := tx.QueryRow(ctx, `UPDATE verifactu_records SET created_at = now() - $2::interval
				WHERE invoice_id = $1 RETURNING id`, inv.ID, r.age.String()).Scan(&id); err != nil {
				return err
			}
			if r.accepted {
				_, err = tx.Exec(ctx, `INSERT INTO verifactu_submissions (first_record_id, last_record_id, record_count, message, state)
					VALUES ($1, $1, 1, '<x/>', 'accepted')`, id)
			}
			return err
		})
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		if !r.accepted {
			want.VerifactuWaiting++
		}
		if r.stuck {
			want.VerifactuStuck++
		}
	}

	var now time.Time
	if err := pool.QueryRow(ctx, `SELECT now()`).Scan(&now); err != nil {
		t.Fatal(err)
	}
	got, err := stuck.Read(ctx, db.New(pool), now)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("report %+v, want %+v", got, want)
	}
	if !got.Any() {
		t.Error("Any() is false with something stuck")
	}
}

// TestCutoffs: each wait is counted back from now, and an empty shop has
// nothing stuck.
func TestCutoffs(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	c := stuck.Cutoffs(now)
	for _, tc := range []struct {
		name      string
		got, want time.Time
	}{
		{"e-mails", c.EmailsStuckBefore, time.Date(2026, 11, 29, 11, 45, 0, 0, time.UTC)},
		{"refunds", c.RefundsStuckBefore, time.Date(2026, 11, 29, 11, 0, 0, 0, time.UTC)},
		{"verifactu", c.VerifactuStuckBefore, time.Date(2026, 11, 29, 11, 0, 0, 0, time.UTC)},
	} {
		if !tc.got.Equal(tc.want) {
			t.Errorf("%s stuck before %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	if (stuck.Report{EmailsUnsent: 3, RefundsFailed: 1, VerifactuWaiting: 2}).Any() {
		t.Error("Any() is true for work waiting within its waits")
	}
}
