package payment

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestRestoreNeverRepeatsOrderNumbers: a backup holds an order's first
// attempt; a second is made after it and lost with the restore, but Redsys
// saw its number. After the restore (its generation bump, as shopd restore
// does it) the next attempt of the old order counts 2 again, and its number
// must be neither of those Redsys saw.
func TestRestoreNeverRepeatsOrderNumbers(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	inBackup := b.begin(t, 1234, MethodCard)
	lost := b.begin(t, 1234, MethodCard)
	if _, err := b.pool.Exec(ctx, `DELETE FROM payment_attempts WHERE redsys_order = $1`, lost.RedsysOrder); err != nil {
		t.Fatal(err)
	}
	for restore := 1; restore <= 2; restore++ {
		if err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
			generation, err := BumpRestoreGeneration(ctx, tx)
			if err == nil && generation != restore {
				t.Errorf("restore %d: generation %d", restore, generation)
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
		after := b.begin(t, 1234, MethodCard)
		for _, before := range []string{inBackup.RedsysOrder, lost.RedsysOrder} {
			if after.RedsysOrder == before {
				t.Errorf("restore %d: the next attempt is %s, a number Redsys has seen", restore, after.RedsysOrder)
			}
		}
		lost = after
		if _, err := b.pool.Exec(ctx, `DELETE FROM payment_attempts WHERE redsys_order = $1`, lost.RedsysOrder); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRestoreGenerationBounded: past the last generation the digit would
// come back to numbers already used, so the bump refuses.
func TestRestoreGenerationBounded(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	if _, err := b.pool.Exec(ctx, `INSERT INTO settings (key, value) VALUES ('restore_generation', '9')`); err != nil {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
		_, err := BumpRestoreGeneration(ctx, tx)
		return err
	}); err == nil {
		t.Error("a tenth restore generation was accepted")
	}
}

// TestRefundsHeldAfterRestore: a refund queued in the backup is held by the
// restore (HoldRefunds, as shopd restore calls it); asking it calls Redsys
// for nothing until the owner releases it, which the audit trail records.
func TestRefundsHeldAfterRestore(t *testing.T) {
	b, c, rest := refunds(t)
	ctx := context.Background()
	id, err := b.record(t, c.RedsysOrder, 300)
	if err != nil {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
		n, err := HoldRefunds(ctx, tx)
		if err == nil && n != 1 {
			t.Errorf("%d refunds held, want 1", n)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if s, err := b.gateway.AskRefund(ctx, b.pool, rest.srv.Client(), id, false); !errors.Is(err, ErrRefundHeld) || s != RefundQueued {
			t.Fatalf("held refund asked: %q, %v", s, err)
		}
	}
	if n := rest.calls.Load(); n != 0 {
		t.Fatalf("Redsys called %d times for a held refund", n)
	}
	if n, err := ReleaseRefunds(ctx, b.pool, "shopd-command-line"); err != nil || n != 1 {
		t.Fatalf("release: %d, %v", n, err)
	}
	if s, err := b.gateway.AskRefund(ctx, b.pool, rest.srv.Client(), id, false); err != nil || s != RefundAccepted {
		t.Fatalf("released refund: %q, %v", s, err)
	}
	var audited int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'refund.release'
		AND entity = 'payment_refund:' || $1::bigint AND actor = 'shopd-command-line'`, id).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("release audited %d times, %v", audited, err)
	}
	if n, err := ReleaseRefunds(ctx, b.pool, "shopd-command-line"); err != nil || n != 0 {
		t.Errorf("second release: %d, %v", n, err)
	}
}
