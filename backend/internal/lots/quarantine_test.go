package lots_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/lots"
)

// quarantined is each dated lot of product as code → units quarantined.
func (s *shop) quarantined(t *testing.T, product int64) map[string]int32 {
	t.Helper()
	rows, err := s.pool.Query(context.Background(), `SELECT code, quarantined FROM lots WHERE product_id = $1 AND code IS NOT NULL`, product)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int32{}
	for rows.Next() {
		var code string
		var n int32
		if err := rows.Scan(&code, &n); err != nil {
			t.Fatal(err)
		}
		out[code] = n
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// giveBack returns units of product for order as the writers of returns
// do: a withdrawal's goods (an adjustment of reason return naming the
// order, withdrawal.returnStock) or a till return (till.Return's queries).
func (s *shop) giveBack(t *testing.T, how string, order, product int64, units int32) {
	t.Helper()
	ctx := context.Background()
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if _, err := q.LockProducts(ctx, []int64{product}); err != nil {
			return err
		}
		if how == "till" {
			if err := q.TillReturnStockOf(ctx, db.TillReturnStockOfParams{OrderID: order, ActorUserID: s.admin.UserID}); err != nil {
				return err
			}
			return q.TillPutBackStock(ctx, db.TillPutBackStockParams{ProductID: product, Quantity: units})
		}
		if err := q.SetStockMovement(ctx, db.SetStockMovementParams{Kind: "adjustment", Reason: "return", OrderID: itoa(order), Note: "withdrawal"}); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE products SET stock = stock + $2 WHERE id = $1`, product, units)
		return err
	}); err != nil {
		t.Fatalf("%s return of %d units of order %d: %v", how, units, order, err)
	}
}

func (s *shop) ship(t *testing.T, orders ...int64) {
	t.Helper()
	for _, o := range orders {
		if _, err := s.pool.Exec(context.Background(), `UPDATE orders SET status = 'shipped' WHERE id = $1`, o); err != nil {
			t.Fatal(err)
		}
	}
}

// TestReturnedUnitsOfABlockedLotAreQuarantined: units coming back from
// orders that took a recalled lot, or a use-by lot now past its margin,
// go back to that lot but not on sale: the ledger books the return and
// then the quarantine (naming the order), the stock does not rise, no
// checkout can take them, and the lot says how many are quarantined. What
// the order took of a lot on sale goes back on sale.
func TestReturnedUnitsOfABlockedLotAreQuarantined(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 0})
	r := s.receive(t, "Q-1", line(p, "L-A", "2027-06-01", lots.BestBefore, 5), line(p, "L-B", "2027-09-01", lots.BestBefore, 10))
	first := s.checkout(t, p, 3)  // L-A: 3
	second := s.checkout(t, p, 3) // L-A: 2, L-B: 1
	s.ship(t, first, second)
	if _, err := s.lots.Recalls(&mailbox{}).Start(ctx, s.admin, lots.RecallStart{ProductID: p, LotIDs: r.LotIDs[:1], Reason: "Listeria"}); err != nil {
		t.Fatal(err)
	}

	s.giveBack(t, "withdrawal", first, p, 2)
	if got, q := s.lotsOf(t, p), s.quarantined(t, p); !equal(got, map[string][2]int32{"?": {0, 0}, "L-A": {0, 0}, "L-B": {9, 0}}) ||
		!equal(q, map[string]int32{"L-A": 2, "L-B": 0}) || s.stock(t, p) != 9 {
		t.Errorf("after the withdrawal: lots %v, quarantined %v, stock %d; want L-A's 2 quarantined, 9 on sale", got, q, s.stock(t, p))
	}
	type move struct {
		Delta, After int32
		Reason       string
		Order        int64
	}
	var ledger []move
	rows, err := s.pool.Query(ctx, `SELECT delta, stock_after, reason, order_id FROM stock_movements
		WHERE product_id = $1 AND order_id = $2 AND kind = 'adjustment' ORDER BY id`, p, first)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var m move
		if err := rows.Scan(&m.Delta, &m.After, &m.Reason, &m.Order); err != nil {
			t.Fatal(err)
		}
		ledger = append(ledger, m)
	}
	if want := []move{{2, 11, "return", first}, {-2, 9, "lot_blocked", first}}; len(ledger) != 2 || ledger[0] != want[0] || ledger[1] != want[1] {
		t.Errorf("the ledger booked %+v, want the return then the quarantine: %+v", ledger, want)
	}

	// The till return of three units of an order that took two of the
	// recalled lot and one on sale: two quarantined, one back on sale.
	s.giveBack(t, "till", second, p, 3)
	if got, q := s.lotsOf(t, p), s.quarantined(t, p); !equal(got, map[string][2]int32{"?": {0, 0}, "L-A": {0, 0}, "L-B": {10, 0}}) ||
		!equal(q, map[string]int32{"L-A": 4, "L-B": 0}) || s.stock(t, p) != 10 {
		t.Errorf("after the till return: lots %v, quarantined %v, stock %d; want L-A's 4 quarantined, 10 on sale", got, q, s.stock(t, p))
	}
	if id, err := s.tryCheckout(p, 11); err != nil || id != 0 {
		t.Errorf("a checkout of 11 units: order %d (%v), want refused: only 10 are on sale", id, err)
	}

	// A use-by lot blocked at midnight after an order took it.
	u := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 0})
	s.receive(t, "Q-2", line(u, "U-20", "2027-03-20", lots.UseBy, 4))
	third := s.checkout(t, u, 2)
	s.ship(t, third)
	*s.clock = s.clock.Add(8 * 24 * time.Hour)
	if blocked, err := s.lots.BlockDue(ctx); err != nil || len(blocked) != 1 {
		t.Fatalf("midnight blocked %v (%v), want U-20", blocked, err)
	}
	s.giveBack(t, "withdrawal", third, u, 1)
	if got, q := s.lotsOf(t, u), s.quarantined(t, u); !equal(got, map[string][2]int32{"?": {0, 0}, "U-20": {0, 2}}) ||
		!equal(q, map[string]int32{"U-20": 1}) || s.stock(t, u) != 0 {
		t.Errorf("after the use-by return: lots %v, quarantined %v, stock %d; want U-20's unit quarantined, none on sale", got, q, s.stock(t, u))
	}
}
