package lots_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/order"
)

// shop is a database with a supplier, an admin and a shopper, and the
// lots module on a clock the test sets.
type shop struct {
	pool     *pgxpool.Pool
	lots     *lots.Service
	clock    *time.Time
	admin    audit.Caller
	shopper  int64
	supplier int64
}

func newShop(t *testing.T) *shop {
	t.Helper()
	pool := dbtest.New(t)
	now := time.Date(2027, 3, 10, 9, 0, 0, 0, time.UTC)
	s := &shop{pool: pool, clock: &now}
	s.lots = lots.New(pool, func() time.Time { return *s.clock })
	s.admin = audit.Caller{Name: "owner@sabores.es", UserID: dbtest.Admin(t, pool, "sabores", dbtest.PersonOpts{Subject: "owner"})}
	s.shopper = dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	sup, err := s.lots.SaveSupplier(context.Background(), s.admin, 0, lots.SupplierForm{Name: "Brasil Foods SL", TaxID: "b-12345674"})
	if err != nil {
		t.Fatal(err)
	}
	s.supplier = sup.ID
	return s
}

// receive books a delivery of product's lots, code → date and units.
func (s *shop) receive(t *testing.T, doc string, lines ...lots.DeliveryLine) lots.Received {
	t.Helper()
	r, err := s.lots.Receive(context.Background(), s.admin, lots.Delivery{
		SupplierID: s.supplier, DocumentNumber: doc, DeliveredOn: lots.Today(*s.clock), Lines: lines,
	})
	if err != nil {
		t.Fatalf("receive %s: %v", doc, err)
	}
	return r
}

// lotsOf is each lot of product as code (or "?") → remaining/blocked.
func (s *shop) lotsOf(t *testing.T, product int64) map[string][2]int32 {
	t.Helper()
	rows, err := db.New(s.pool).LotsOfProducts(context.Background(), []int64{product})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][2]int32{}
	for _, l := range rows {
		code := "?"
		if l.Code != nil {
			code = *l.Code
		}
		out[code] = [2]int32{l.Remaining, l.Blocked}
	}
	return out
}

func (s *shop) stock(t *testing.T, product int64) int32 {
	t.Helper()
	var n int32
	if err := s.pool.QueryRow(context.Background(), `SELECT stock FROM products WHERE id = $1`, product).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// checkout places an order of units of product as PlaceOrder does: the
// order, its line and take_order_stock in one transaction. It returns the
// order, 0 when the stock was not there.
func (s *shop) checkout(t *testing.T, product int64, units int32) int64 {
	t.Helper()
	id, err := s.tryCheckout(product, units)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

var errNoStock = errors.New("no stock")

func (s *shop) tryCheckout(product int64, units int32) (int64, error) {
	ctx := context.Background()
	var id int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status,
			subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
			delivery_city, delivery_postal_code)
			VALUES ($1, gen_random_uuid(), 'placed', 'card', 'paid', 100, 0, 100, 'Ana', 'ana@example.com', '600000000',
			'Rúa 1', 'Burela', '27880') RETURNING id`, s.shopper).Scan(&id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity,
			unit_price_cents, regular_unit_price_cents, vat_basis_points, line_total_cents)
			VALUES ($1, 1, $2, 'Açaí', $3, 100, 100, 1000, 100)`, id, product, units); err != nil {
			return err
		}
		var took int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM take_order_stock($1, $2, ARRAY[$3::bigint], ARRAY[$4::integer])`,
			id, s.shopper, product, units).Scan(&took); err != nil {
			return err
		}
		if took == 0 {
			return errNoStock
		}
		return nil
	})
	if errors.Is(err, errNoStock) {
		return 0, nil
	}
	return id, err
}

// orderLots is what order took of each lot, code → units.
func (s *shop) orderLots(t *testing.T, order int64) map[string]int32 {
	t.Helper()
	rows, err := db.New(s.pool).OrderLotsOf(context.Background(), order)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int32{}
	for _, r := range rows {
		code := "?"
		if r.Code != nil {
			code = *r.Code
		}
		out[code] = r.Quantity
	}
	return out
}

func line(product int64, code, expires string, typ lots.DateType, units int32) lots.DeliveryLine {
	return lots.DeliveryLine{ProductID: product, Units: units, LotCode: code, Expires: day(expires), Type: typ}
}

func equal[K comparable, V comparable](a, b map[K]V) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestExistingStockIsTheUnknownLot: a product's stock before any delivery
// is its unknown lot, and a shop that never receives lots sells and counts
// as before, every unit from that lot.
func TestExistingStockIsTheUnknownLot(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 7})
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {7, 0}}) {
		t.Fatalf("lots of a new product: %v, want its 7 units in the unknown lot", got)
	}
	order := s.checkout(t, p, 3)
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {4, 0}}) || s.stock(t, p) != 4 {
		t.Errorf("after selling 3: lots %v, stock %d", got, s.stock(t, p))
	}
	if got := s.orderLots(t, order); !equal(got, map[string]int32{"?": 3}) {
		t.Errorf("the order took %v, want 3 of the unknown lot", got)
	}
}

// TestDeliveryReceivesLotsThroughTheLedger: goods-in books each line's
// units into its lot, through the stock ledger as a receipt, audited; the
// same document twice is refused.
func TestDeliveryReceivesLotsThroughTheLedger(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 2})
	r := s.receive(t, "AL-1", line(p, "L-B", "2027-09-01", lots.BestBefore, 4), line(p, "L-A", "2027-06-01", lots.BestBefore, 3))
	if len(r.LotIDs) != 2 || len(r.Blocked) != 0 {
		t.Fatalf("received %+v", r)
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {2, 0}, "L-A": {3, 0}, "L-B": {4, 0}}) || s.stock(t, p) != 9 {
		t.Errorf("lots %v, stock %d; want 2 unknown, 3 L-A, 4 L-B, 9 in all", got, s.stock(t, p))
	}
	var receipts, audited int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM stock_movements WHERE product_id = $1 AND reason = 'receipt' AND note = 'delivery AL-1'`, p).Scan(&receipts); err != nil {
		t.Fatal(err)
	}
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'delivery.receive'`).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	if receipts != 2 || audited != 1 {
		t.Errorf("%d receipts in the ledger, %d audit rows; want 2 and 1", receipts, audited)
	}
	_, err := s.lots.Receive(ctx, s.admin, lots.Delivery{SupplierID: s.supplier, DocumentNumber: "AL-1", DeliveredOn: day("2027-03-10"),
		Lines: []lots.DeliveryLine{line(p, "L-C", "2027-09-01", lots.BestBefore, 1)}})
	if f, ok := fault.As(err); !ok || f.Reason != lots.ReasonDeliveryTaken {
		t.Errorf("the same document again: %v, want %s", err, lots.ReasonDeliveryTaken)
	}
	_, err = s.lots.Receive(ctx, s.admin, lots.Delivery{SupplierID: s.supplier, DocumentNumber: "AL-2", DeliveredOn: day("2027-03-10"),
		Lines: []lots.DeliveryLine{{ProductID: p, Units: 1, LotCode: "X", Expires: day("2027-09-01"), Type: "eat_soon"}}})
	if f, ok := fault.As(err); !ok || f.Field != "lines[0].date_type" {
		t.Errorf("an unknown date type: %v, want lines[0].date_type", err)
	}
}

// TestCheckoutTakesFirstExpiredFirstOut: the checkout takes the unknown
// lot, then the earliest date, across lots, and preparing shares them
// among the lines; a cancellation gives the units back to those lots.
func TestCheckoutTakesFirstExpiredFirstOut(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 1})
	s.receive(t, "AL-1", line(p, "L-B", "2027-09-01", lots.BestBefore, 4), line(p, "L-A", "2027-06-01", lots.BestBefore, 3))
	order := s.checkout(t, p, 5)
	if got := s.orderLots(t, order); !equal(got, map[string]int32{"?": 1, "L-A": 3, "L-B": 1}) {
		t.Errorf("the order took %v, want the unknown unit, all of L-A and one of L-B", got)
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {0, 0}, "L-A": {0, 0}, "L-B": {3, 0}}) {
		t.Errorf("lots after the sale: %v", got)
	}
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		return lots.RecordOrderLines(ctx, db.New(tx), order)
	}); err != nil {
		t.Fatal(err)
	}
	picks, err := lots.LineLots(ctx, db.New(s.pool), []int64{order})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range picks {
		code := "?"
		if l.Code != nil {
			code = *l.Code
		}
		got = append(got, fmt.Sprintf("%d:%s×%d", l.LineNo, code, l.Quantity))
	}
	if want := []string{"1:?×1", "1:L-A×3", "1:L-B×1"}; !slices.Equal(got, want) {
		t.Errorf("the line's lots %v, want %v", got, want)
	}
	// A cancellation books the units back with the order named.
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.SetStockMovement(ctx, db.SetStockMovementParams{Kind: "cancellation", OrderID: fmt.Sprint(order)}); err != nil {
			return err
		}
		_, err := q.RestoreOrderStock(ctx, order)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {1, 0}, "L-A": {3, 0}, "L-B": {4, 0}}) {
		t.Errorf("lots after the cancellation: %v, want each unit back in its lot", got)
	}
}

// TestStockChangesNamingNoLot: a count or a delta (the stock screen, an
// integrator's stock) moves the lots as lots.ApplyDelta says: a decrease
// from the earliest-expiring, an increase into the unknown lot. The
// trigger and the Go rule choose alike on random shelves.
func TestStockChangesNamingNoLot(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(40, 40))
	for round := range 20 {
		p := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: rng.Int32N(3)})
		var dl []lots.DeliveryLine
		for i := range 1 + rng.IntN(4) {
			exp := day("2027-04-01").AddDate(0, 0, rng.IntN(5)*10)
			dl = append(dl, lots.DeliveryLine{ProductID: p, Units: 1 + rng.Int32N(4), LotCode: fmt.Sprintf("R%d-%d", round, i), Expires: exp, Type: lots.BestBefore})
		}
		s.receive(t, fmt.Sprintf("R-%d", round), dl...)
		before, err := db.New(s.pool).LotsOfProducts(ctx, []int64{p})
		if err != nil {
			t.Fatal(err)
		}
		shelf := make([]lots.Lot, 0, len(before))
		for _, l := range before {
			lot := lots.Lot{ID: l.ID, Known: l.Code != nil, Remaining: l.Remaining}
			if l.ExpiresOn.Valid {
				lot.Expires = l.ExpiresOn.Time
			}
			shelf = append(shelf, lot)
		}
		delta := rng.Int32N(s.stock(t, p)+4) - s.stock(t, p)
		want, err := lots.ApplyDelta(shelf, delta)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := catalogue.New(s.pool).AdjustStock(ctx, s.admin, catalogue.StockAdjustment{ProductID: p, Reason: "count", Delta: delta}); err != nil {
			t.Fatalf("round %d: adjust by %d: %v", round, delta, err)
		}
		after, err := db.New(s.pool).LotsOfProducts(ctx, []int64{p})
		if err != nil {
			t.Fatal(err)
		}
		moved := map[int64]int32{}
		for i, l := range after {
			if d := l.Remaining - before[i].Remaining; d != 0 {
				moved[l.ID] = d
			}
		}
		wanted := map[int64]int32{}
		for _, tk := range want {
			wanted[tk.LotID] += tk.Units
		}
		if !equal(moved, wanted) {
			t.Errorf("round %d: a change of %d moved %v, lots.ApplyDelta says %v", round, delta, moved, wanted)
		}
	}
}

// TestLotsAlwaysSumToTheStock: a transaction that leaves a product's lots
// not summing to its stock does not commit.
func TestLotsAlwaysSumToTheStock(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{Stock: 3})
	_, err := s.pool.Exec(ctx, `UPDATE lots SET remaining = remaining + 1 WHERE product_id = $1`, p)
	if err == nil || !strings.Contains(err.Error(), "lots_sum_is_stock") && !strings.Contains(err.Error(), "hold 4 units, its stock is 3") {
		t.Errorf("a unit invented in a lot: %v, want the lots_sum_is_stock constraint", err)
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {3, 0}}) {
		t.Errorf("lots after the refused change: %v", got)
	}
}

// TestRaceForTheLastUnitOfTheEarliestLot: two checkouts race for the
// last unit of the earliest lot, many times: one gets it, the other the
// next lot's, neither a unit from nothing, and the lots still sum to the
// stock.
func TestRaceForTheLastUnitOfTheEarliestLot(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{})
	for round := range 8 {
		s.receive(t, fmt.Sprintf("RACE-%d", round),
			line(p, fmt.Sprintf("EARLY-%d", round), "2027-04-01", lots.BestBefore, 1),
			line(p, fmt.Sprintf("LATE-%d", round), "2027-08-01", lots.BestBefore, 1))
		var wg sync.WaitGroup
		var orders [2]int64
		var errs [2]error
		for i := range 2 {
			wg.Go(func() { orders[i], errs[i] = s.tryCheckout(p, 1) })
		}
		wg.Wait()
		var took []string
		for i := range 2 {
			if errs[i] != nil || orders[i] == 0 {
				t.Fatalf("round %d: checkout %d: order %d, %v", round, i, orders[i], errs[i])
			}
			for code, n := range s.orderLots(t, orders[i]) {
				took = append(took, fmt.Sprintf("%s×%d", code, n))
			}
		}
		slices.Sort(took)
		if want := []string{fmt.Sprintf("EARLY-%d×1", round), fmt.Sprintf("LATE-%d×1", round)}; !slices.Equal(took, want) {
			t.Errorf("round %d: the two orders took %v, want %v", round, took, want)
		}
		if n := s.stock(t, p); n != 0 {
			t.Errorf("round %d: stock %d, want 0", round, n)
		}
	}
}

// TestUseByBlockedOnline (a fixed clock, 2027-03-10 in Madrid, two days'
// delivery and two of margin): a use-by lot dated before 2027-03-14 is
// blocked as it arrives, its units out of the stock the storefront and
// the checkout read; the next midnight's pass blocks the lot that day
// brings within the margin, and a best-before past its date.
func TestUseByBlockedOnline(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{})
	r := s.receive(t, "FRESH-1",
		line(p, "U-13", "2027-03-13", lots.UseBy, 2),
		line(p, "U-14", "2027-03-14", lots.UseBy, 3),
		line(p, "B-10", "2027-03-10", lots.BestBefore, 4))
	if len(r.Blocked) != 1 || r.Blocked[0] != r.LotIDs[0] {
		t.Fatalf("blocked at goods-in: %v, want only U-13 (%d)", r.Blocked, r.LotIDs[0])
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {0, 0}, "U-13": {0, 2}, "U-14": {3, 0}, "B-10": {4, 0}}) || s.stock(t, p) != 7 {
		t.Errorf("lots %v, stock %d; want U-13's 2 units blocked and 7 for sale", got, s.stock(t, p))
	}
	// The storefront's figure is the product's stock: 7, not 9.
	var online int32
	if err := s.pool.QueryRow(ctx, `SELECT stock FROM products WHERE id = $1 AND stock > 0`, p).Scan(&online); err != nil || online != 7 {
		t.Errorf("stock online: %d (%v), want 7", online, err)
	}
	if id, err := s.tryCheckout(p, 8); err != nil || id != 0 {
		t.Errorf("a checkout of 8 units: order %d (%v), want refused: two are blocked", id, err)
	}
	*s.clock = time.Date(2027, 3, 10, 23, 0, 0, 0, time.UTC) // midnight in Madrid: 2027-03-11
	blocked, err := s.lots.BlockDue(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocked) != 2 {
		t.Errorf("midnight blocked %v, want U-14 and B-10", blocked)
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {0, 0}, "U-13": {0, 2}, "U-14": {0, 3}, "B-10": {0, 4}}) || s.stock(t, p) != 0 {
		t.Errorf("after midnight: lots %v, stock %d; want nothing for sale", got, s.stock(t, p))
	}
	var ledger int
	if err := s.pool.QueryRow(ctx, `SELECT coalesce(-sum(delta), 0) FROM stock_movements WHERE product_id = $1 AND reason = 'lot_blocked'`, p).Scan(&ledger); err != nil || ledger != 9 {
		t.Errorf("the ledger booked %d units blocked (%v), want 9", ledger, err)
	}
	if again, err := s.lots.BlockDue(ctx); err != nil || len(again) != 0 {
		t.Errorf("a second pass blocked %v (%v), want nothing", again, err)
	}
}

// TestOverrideLotAtPacking: the owner picks another lot for a line at
// packing; the lots swap units, the stock does not move, the line says
// the new lot and who chose it, and the audit trail keeps it.
func TestOverrideLotAtPacking(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{})
	r := s.receive(t, "AL-9", line(p, "L-A", "2027-06-01", lots.BestBefore, 2), line(p, "L-B", "2027-09-01", lots.BestBefore, 2))
	order := s.checkout(t, p, 2)
	if _, err := s.pool.Exec(ctx, `UPDATE orders SET status = 'preparing' WHERE id = $1`, order); err != nil {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return lots.RecordOrderLines(ctx, db.New(tx), order) }); err != nil {
		t.Fatal(err)
	}
	o := lots.Override{OrderID: order, LineNo: 1, FromLotID: r.LotIDs[0], ToLotID: r.LotIDs[1], Units: 1}
	if err := s.lots.OverrideLot(ctx, s.admin, o); err != nil {
		t.Fatal(err)
	}
	if got := s.orderLots(t, order); !equal(got, map[string]int32{"L-A": 1, "L-B": 1}) {
		t.Errorf("the order holds %v after the override", got)
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {0, 0}, "L-A": {1, 0}, "L-B": {1, 0}}) || s.stock(t, p) != 2 {
		t.Errorf("lots %v, stock %d after the override", got, s.stock(t, p))
	}
	var by *int64
	if err := s.pool.QueryRow(ctx, `SELECT overridden_by FROM order_line_lots WHERE order_id = $1 AND lot_id = $2`, order, r.LotIDs[1]).Scan(&by); err != nil || by == nil || *by != s.admin.UserID {
		t.Errorf("the line's new lot was chosen by %v (%v), want the owner", by, err)
	}
	var audited int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'order.lot_override'`).Scan(&audited); err != nil || audited != 1 {
		t.Errorf("%d audit rows (%v), want 1", audited, err)
	}
	o.Units = 2
	if err := s.lots.OverrideLot(ctx, s.admin, o); err == nil {
		t.Error("an override of more units than the line took of the lot was accepted")
	}
}

// TestOverrideLotBesideASale: an override at packing waits for a stock
// change that holds the product and then takes from the override's lot,
// instead of the two waiting on each other until PostgreSQL kills one.
func TestOverrideLotBesideASale(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{})
	r := s.receive(t, "AL-10", line(p, "L-A", "2027-06-01", lots.BestBefore, 3), line(p, "L-B", "2027-09-01", lots.BestBefore, 2))
	order := s.checkout(t, p, 2)
	if _, err := s.pool.Exec(ctx, `UPDATE orders SET status = 'preparing' WHERE id = $1`, order); err != nil {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return lots.RecordOrderLines(ctx, db.New(tx), order) }); err != nil {
		t.Fatal(err)
	}
	sale, err := s.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer sale.Rollback(ctx) //nolint:errcheck // committed below; a failed test leaves it to roll back
	if _, err := sale.Exec(ctx, `SELECT 1 FROM products WHERE id = $1 FOR UPDATE`, p); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		done <- s.lots.OverrideLot(ctx, s.admin, lots.Override{OrderID: order, LineNo: 1, FromLotID: r.LotIDs[0], ToLotID: r.LotIDs[1], Units: 1})
	}()
	// Wait until the override waits on a lock, then sell L-A's last unit.
	for waiting := 0; waiting == 0; {
		if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-done:
			t.Fatalf("the override ended (%v) before the sale let go of the product", err)
		default:
		}
	}
	if _, err := sale.Exec(ctx, `UPDATE products SET stock = stock - 1 WHERE id = $1`, p); err != nil {
		t.Fatalf("the sale beside the override: %v", err)
	}
	if err := sale.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("the override after the sale: %v", err)
	}
	if got := s.lotsOf(t, p); !equal(got, map[string][2]int32{"?": {0, 0}, "L-A": {1, 0}, "L-B": {1, 0}}) || s.stock(t, p) != 2 {
		t.Errorf("lots %v, stock %d after the sale and the override", got, s.stock(t, p))
	}
}

func TestCheckSupplier(t *testing.T) {
	for _, tc := range []struct {
		name  string
		form  lots.SupplierForm
		field string
		taxID string
	}{
		{"a CIF typed with dashes", lots.SupplierForm{Name: " Brasil Foods ", TaxID: "b-12345674"}, "", "B12345674"},
		{"a NIF", lots.SupplierForm{Name: "Ana", TaxID: "12345678Z"}, "", "12345678Z"},
		{"a wrong control letter", lots.SupplierForm{Name: "Ana", TaxID: "12345678A"}, "tax_id", ""},
		{"no name", lots.SupplierForm{TaxID: "12345678Z"}, "name", ""},
		{"a broken e-mail", lots.SupplierForm{Name: "Ana", TaxID: "12345678Z", Email: "ana@"}, "email", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := lots.CheckSupplier(tc.form)
			f, _ := fault.As(err)
			switch {
			case tc.field == "" && (err != nil || got.TaxID != tc.taxID):
				t.Errorf("CheckSupplier = %+v, %v; want tax id %s", got, err, tc.taxID)
			case tc.field != "" && (f == nil || f.Field != tc.field):
				t.Errorf("CheckSupplier: %v, want a fault on %s", err, tc.field)
			}
		})
	}
}

// TestPreparingRecordsTheLinesLots: the order desk's move to preparing
// (order.Advance) records each line's lots, what the packing slip prints.
func TestPreparingRecordsTheLinesLots(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{})
	s.receive(t, "AL-5", line(p, "L-B", "2027-09-01", lots.BestBefore, 5), line(p, "L-A", "2027-06-01", lots.BestBefore, 1))
	id := s.checkout(t, p, 2)
	if err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		_, _, err := order.Advance(ctx, tx, order.Step{OrderID: id, Who: order.AdminActor, ActorUserID: s.admin.UserID, Fulfil: order.Preparing}, order.Effects{})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	picks, err := lots.LineLots(ctx, db.New(s.pool), []int64{id})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range picks {
		got = append(got, fmt.Sprintf("%d:%s×%d", l.LineNo, *l.Code, l.Quantity))
	}
	if want := []string{"1:L-A×1", "1:L-B×1"}; !slices.Equal(got, want) {
		t.Errorf("the line's lots when prepared: %v, want %v", got, want)
	}
}

// TestMigrationMovesExistingStockToTheUnknownLot: migration 00530 run on a
// shop with stock gives each product one unknown lot holding all of it,
// and a shop that goes back down and up again loses no unit.
func TestMigrationMovesExistingStockToTheUnknownLot(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	provider := dbtest.Migrations(t, pool)
	if _, err := provider.DownTo(ctx, 529); err != nil {
		t.Fatalf("down to before lots: %v", err)
	}
	a := dbtest.Product(t, pool, dbtest.ProductOpts{Stock: 12})
	b := dbtest.Product(t, pool, dbtest.ProductOpts{Stock: 0})
	if _, err := provider.Up(ctx); err != nil {
		t.Fatalf("up again: %v", err)
	}
	s := &shop{pool: pool}
	if got := s.lotsOf(t, a); !equal(got, map[string][2]int32{"?": {12, 0}}) {
		t.Errorf("product with 12 in stock: lots %v", got)
	}
	if got := s.lotsOf(t, b); !equal(got, map[string][2]int32{"?": {0, 0}}) {
		t.Errorf("product with none: lots %v", got)
	}
}

// TestSellPastBestBefore: a best-before lot past its date is blocked until
// the owner chooses to sell it past the date, which puts its units back on
// sale through the ledger; choosing otherwise blocks it again; a use-by
// lot is never sold past its date.
func TestSellPastBestBefore(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := dbtest.Product(t, s.pool, dbtest.ProductOpts{})
	r := s.receive(t, "OLD-1", line(p, "PAST", "2027-03-09", lots.BestBefore, 4), line(p, "USE", "2027-03-01", lots.UseBy, 1))
	if len(r.Blocked) != 2 || s.stock(t, p) != 0 {
		t.Fatalf("blocked %v, stock %d; want both lots blocked as they arrived", r.Blocked, s.stock(t, p))
	}
	if err := s.lots.SellPastBestBefore(ctx, s.admin, r.LotIDs[0], true); err != nil {
		t.Fatal(err)
	}
	if got := s.lotsOf(t, p); got["PAST"] != [2]int32{4, 0} || s.stock(t, p) != 4 {
		t.Errorf("sold past its date: lots %v, stock %d; want PAST's 4 on sale", got, s.stock(t, p))
	}
	if blocked, err := s.lots.BlockDue(ctx); err != nil || len(blocked) != 0 {
		t.Errorf("the midnight pass blocked %v (%v): the owner's choice stands", blocked, err)
	}
	if err := s.lots.SellPastBestBefore(ctx, s.admin, r.LotIDs[0], false); err != nil {
		t.Fatal(err)
	}
	if got := s.lotsOf(t, p); got["PAST"] != [2]int32{0, 4} || s.stock(t, p) != 0 {
		t.Errorf("no longer sold past its date: lots %v, stock %d", got, s.stock(t, p))
	}
	err := s.lots.SellPastBestBefore(ctx, s.admin, r.LotIDs[1], true)
	if f, ok := fault.As(err); !ok || f.Reason != lots.ReasonNotBestBefore {
		t.Errorf("a use-by lot sold past its date: %v, want %s", err, lots.ReasonNotBestBefore)
	}
	var audited int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'lot.sell_past_best_before'`).Scan(&audited); err != nil || audited != 2 {
		t.Errorf("%d audit rows (%v), want 2", audited, err)
	}
}
