package adminvisibilityapi_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"connectrpc.com/connect"

	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestOppositeBatchesDoNotDeadlock: two admins saving the same 40 products
// in opposite orders at once both succeed; before the rows were locked in
// id order, PostgreSQL aborted one of them as a deadlock nearly every time.
func TestOppositeBatchesDoNotDeadlock(t *testing.T) {
	t.Parallel()
	f := setup(t)
	if _, err := f.pool.Exec(f.ctx, `
		INSERT INTO products (id, name, code, sku, category, price_cents, vat_basis_points)
		SELECT 5000 + i, 'Producto ' || i, 'DL-' || i, 'SKU-DL-' || i, 'alimentos', 100, 1000
		FROM generate_series(1, 40) i`); err != nil {
		t.Fatal(err)
	}
	changes := make([]*saboresv1.VisibilityChange, 40)
	for i := range changes {
		changes[i] = &saboresv1.VisibilityChange{ProductId: int64(5001 + i), Country: "brasil", Channel: both}
	}
	reversed := slices.Clone(changes)
	slices.Reverse(reversed)
	for round := range 5 {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, batch := range [][]*saboresv1.VisibilityChange{changes, reversed} {
			wg.Go(func() {
				_, errs[i] = f.svc.BatchSetVisibility(f.ctx, connect.NewRequest(&saboresv1.BatchSetVisibilityRequest{Changes: batch}))
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("round %d, batch %d: %v", round, i, fmt.Sprint(err))
			}
		}
	}
}
