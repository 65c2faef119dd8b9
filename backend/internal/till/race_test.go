package till_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/till"
)

// errNoUnit gives a checkout up when no unit is left for it.
var errNoUnit = errors.New("no unit left")

// TestTillAndWebRaceForTheLastUnit: a web checkout and a till sale race
// for the last unit of a product, many times. Never both get it: the web
// order's unit is never sold at the till (TILL_UNITS_RESERVED), and a unit
// the till sold is never taken by the web (take_order_stock finds none).
func TestTillAndWebRaceForTheLastUnit(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	var maria int64
	if err := s.pool.QueryRow(ctx, `SELECT id FROM users WHERE email = 'maria@example.com'`).Scan(&maria); err != nil {
		t.Fatal(err)
	}
	// checkout places a web order of one unit of 1002 as PlaceOrder does:
	// the order, its line and its stock in one transaction, given up when
	// the stock is not there.
	checkout := func() (bool, error) {
		placed := false
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			var id int64
			if err := tx.QueryRow(ctx, `INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status,
				subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
				delivery_city, delivery_postal_code)
				VALUES ($1, gen_random_uuid(), 'placed', 'card', 'paid', 650, 0, 650, 'María', 'maria@example.com', '600000000',
				'Rúa 1', 'Burela', '27880') RETURNING id`, maria).Scan(&id); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity,
				unit_price_cents, regular_unit_price_cents, vat_basis_points, line_total_cents)
				VALUES ($1, 1, 1002, 'Açaí', 1, 650, 650, 1000, 650)`, id); err != nil {
				return err
			}
			rows, err := tx.Query(ctx, `SELECT take_order_stock($1, $2, '{1002}', '{1}')`, id, maria)
			if err != nil {
				return err
			}
			for rows.Next() {
				placed = true
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			if !placed {
				return errNoUnit
			}
			return nil
		})
		if errors.Is(err, errNoUnit) {
			return false, nil
		}
		return placed, err
	}
	for round := range 10 {
		if _, err := s.pool.Exec(ctx, `UPDATE products SET stock = 1 WHERE id = 1002`); err != nil {
			t.Fatal(err)
		}
		if _, err := s.pool.Exec(ctx, `UPDATE orders SET status = 'shipped' WHERE status = 'placed' AND channel = 'web'`); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var webGot, tillGot bool
		var webErr, tillErr error
		wg.Add(2)
		go func() {
			defer wg.Done()
			webGot, webErr = checkout()
		}()
		go func() {
			defer wg.Done()
			_, tillErr = s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(),
				Lines:    []till.LineInput{{ProductID: 1002, Quantity: 1}},
				Payments: []till.PaymentInput{{Method: till.Card, Amount: 650}}})
			tillGot = tillErr == nil
		}()
		wg.Wait()
		if webErr != nil {
			t.Fatalf("round %d: checkout: %v", round, webErr)
		}
		if tillErr != nil && !isReason(tillErr, till.ReasonUnitsReserved) {
			t.Fatalf("round %d: till: %v", round, tillErr)
		}
		if webGot == tillGot {
			t.Errorf("round %d: web got the unit %v, till got it %v: exactly one must", round, webGot, tillGot)
		}
		if n := s.stock(t, 1002); n != 0 {
			t.Errorf("round %d: stock %d after one sale of the last unit, want 0", round, n)
		}
	}
}
