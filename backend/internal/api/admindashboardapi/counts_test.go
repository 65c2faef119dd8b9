package admindashboardapi_test

import (
	"context"
	"testing"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestRowCountsMatchCounting: the totals the back office shows on every
// page (active customers, audit events, products; migration 00256) equal
// counting the rows after inserts, deactivations, reactivations and
// deletes, before and after the fold.
func TestRowCountsMatchCounting(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	q := db.New(pool)
	check := func(when string) {
		t.Helper()
		var customers, audit, products int64
		if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM customers WHERE active),
			(SELECT count(*) FROM audit_events), (SELECT count(*) FROM products)`).Scan(&customers, &audit, &products); err != nil {
			t.Fatal(err)
		}
		gotCustomers, err := q.AdminCountCustomers(ctx)
		if err != nil {
			t.Fatal(err)
		}
		gotAudit, err := q.AuditCount(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// The dashboard reads the same counts in its totals' statement.
		dash, err := q.AdminDashboardTotals(ctx)
		if err != nil {
			t.Fatal(err)
		}
		gotProducts := dash.ProductCount
		if dash.CustomerCount != gotCustomers {
			t.Errorf("%s: the dashboard counts %d customers, the customer list %d", when, dash.CustomerCount, gotCustomers)
		}
		if gotCustomers != customers || gotAudit != audit || gotProducts != products {
			t.Errorf("%s: counts say %d customers, %d audit events, %d products; counting says %d, %d, %d",
				when, gotCustomers, gotAudit, gotProducts, customers, audit, products)
		}
	}
	check("empty")
	for _, stmt := range []string{
		`INSERT INTO customers (name, active) SELECT 'Cliente ' || g, g % 3 <> 0 FROM generate_series(1, 30) g`,
		`INSERT INTO audit_events (actor, action, entity) SELECT 'admin', 'product.update', 'product:' || g FROM generate_series(1, 25) g`,
		`UPDATE customers SET active = NOT active WHERE id % 4 = 0`,
		`UPDATE customers SET name = name || '!' WHERE id % 5 = 0`,
		`DELETE FROM customers WHERE id % 7 = 0`,
		`DELETE FROM audit_events WHERE id % 6 = 0`,
	} {
		if _, err := pool.Exec(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
		check(stmt)
	}
	for range 3 {
		dbtest.Product(t, pool, dbtest.ProductOpts{})
	}
	check("products added")
	if err := q.FoldStats(ctx); err != nil {
		t.Fatal(err)
	}
	var pending int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM row_count_deltas`).Scan(&pending); err != nil {
		t.Fatal(err)
	}
	if pending != 0 {
		t.Errorf("%d deltas left after the fold", pending)
	}
	check("after the fold")
}
