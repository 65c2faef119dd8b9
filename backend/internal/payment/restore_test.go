package payment

import (
	"context"
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
