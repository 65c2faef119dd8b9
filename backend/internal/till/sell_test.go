package till_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/gtin"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	"github.com/sabores/sabores/backend/internal/till"
)

var issuer = invoice.StaticIssuer{Name: "Sabores del Mundo S.L.", NIF: "B12345674", Address: "Rúa do Porto 1, 27880 Burela"}

// shop is a till over a small shop: products 1001 (5 in stock, 2.50 €),
// 1002 (1, 6.50 €), 1003 (none counted, one held by María's placed web
// order), 1004 (20, 500 €) and 1005 (none counted, none held); María's
// paid web order of 1001 with its simplified invoice, the chain's head.
type shop struct {
	pool   *pgxpool.Pool
	till   *till.Service
	seller audit.Caller
	// webHash is the hash of the web invoice's VeriFactu record.
	webHash string
}

// newShop is the shop with today's drawer opened with no float.
func newShop(t *testing.T) shop {
	t.Helper()
	s := unopenedShop(t)
	if _, err := s.till.OpenDay(context.Background(), s.seller, 0); err != nil {
		t.Fatal(err)
	}
	return s
}

// unopenedShop is the shop before today's drawer is opened.
func unopenedShop(t *testing.T) shop {
	t.Helper()
	pool := dbtest.New(t)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("fixture: %v\n%s", err, sql)
		}
	}
	sample, err := json.Marshal(shopsettings.Sample)
	if err != nil {
		t.Fatal(err)
	}
	exec(`INSERT INTO settings (key, value) VALUES ($2, $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, sample, shopsettings.SettingKey)
	exec(`INSERT INTO products (id, name, code, sku, category, online_categories, price_cents, vat_basis_points, stock) VALUES
		(1001, 'Guaraná Antarctica', 'BR-GUA', 'SKU-1001', 'bebidas', '{}', 250, 1000, 5),
		(1002, 'Açaí congelado', 'BR-ACA', 'SKU-1002', 'congelados', '{}', 650, 1000, 1),
		(1003, 'Arepa', 'CO-ARE', 'SKU-1003', 'alimentos', '{}', 320, 400, 0),
		(1004, 'Jamón ibérico', 'ES-JAM', 'SKU-1004', 'embutidos', '{}', 50000, 1000, 20),
		(1005, 'Queso de Arzúa', 'ES-QUE', 'SKU-1005', 'quesos', '{}', 1890, 400, 0)`)
	const dev = "https://dev.sabores.local"
	maria := dbtest.Shopper(t, pool, dbtest.PersonOpts{Issuer: dev, Subject: "dev-maria", Email: "maria@example.com", Name: "María Silva"})
	caja := dbtest.Shopper(t, pool, dbtest.PersonOpts{Issuer: dev, Subject: "dev-caja", Email: "caja@sabores.es", Name: "Caja"})
	webOrder := func(status string, product, quantity, price int64) int64 {
		t.Helper()
		var id int64
		if err := pool.QueryRow(ctx, `INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status,
			subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
			delivery_city, delivery_postal_code)
			VALUES ($1, gen_random_uuid(), $2, 'card', 'paid', $3, 0, $3, 'María', 'maria@example.com', '600000000', 'Rúa 1',
			'Burela', '27880') RETURNING id`, maria, status, quantity*price).Scan(&id); err != nil {
			t.Fatal(err)
		}
		exec(`INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents,
			regular_unit_price_cents, vat_basis_points, line_total_cents) VALUES ($1, 1, $2, 'p', $3, $4, $4, 1000, $5)`,
			id, product, quantity, price, quantity*price)
		return id
	}
	web := webOrder("preparing", 1001, 1, 250)
	webOrder("placed", 1003, 1, 320)
	invoices := invoice.Invoicer{Issuer: issuer}
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := invoices.IssueForPaidOrder(ctx, tx, web)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	s := shop{pool: pool, till: till.New(pool, gtin.SpanishScales, invoices), seller: audit.Caller{Name: "caja@sabores.es", UserID: caja}}
	s.webHash = s.text(t, `SELECT r.hash FROM verifactu_records r JOIN invoices i ON i.id = r.invoice_id WHERE i.order_id = $1`, web)
	return s
}

func (s shop) text(t *testing.T, sql string, args ...any) string {
	t.Helper()
	var out string
	if err := s.pool.QueryRow(context.Background(), sql, args...).Scan(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

func (s shop) stock(t *testing.T, product int64) int64 {
	t.Helper()
	var n int64
	if err := s.pool.QueryRow(context.Background(), `SELECT stock FROM products WHERE id = $1`, product).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// refusedWith fails unless err is a fault with reason.
func refusedWith(t *testing.T, err error, reason string) {
	t.Helper()
	f, ok := fault.As(err)
	if !ok || f.Reason != reason {
		t.Fatalf("got %v, want a refusal %s", err, reason)
	}
}

// TestSellCashWithChange: two products paid in cash with change drop the
// web shop's stock at once, through the ledger, and get a simplified
// invoice (F2) chained to the web invoice before it; the same key again
// answers the same sale and takes nothing more.
func TestSellCashWithChange(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	in := till.SaleInput{
		Key:      uuid.New(),
		Lines:    []till.LineInput{{ProductID: 1001, Quantity: 2}, {ProductID: 1002, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Cash, Amount: 1150, Given: 2000}},
	}
	sale, err := s.till.Sell(ctx, s.seller, in)
	if err != nil {
		t.Fatal(err)
	}
	if sale.Invoice.AeatType != "F2" || sale.Invoice.TotalCents != 1150 {
		t.Errorf("invoice %s of %d cents, want F2 of 1150", sale.Invoice.AeatType, sale.Invoice.TotalCents)
	}
	if len(sale.Payments) != 1 || sale.Payments[0].Change != 850 {
		t.Errorf("payments %+v, want 8.50 € change", sale.Payments)
	}
	if a, b := s.stock(t, 1001), s.stock(t, 1002); a != 3 || b != 0 {
		t.Errorf("stock after the sale: %d and %d, want 3 and 0", a, b)
	}
	if got := s.text(t, `SELECT count(*)::text FROM stock_movements WHERE order_id = $1 AND kind = 'sale'`, sale.OrderID); got != "2" {
		t.Errorf("%s ledger movements of the sale, want 2", got)
	}
	if prev := s.text(t, `SELECT previous_hash FROM verifactu_records WHERE invoice_id = $1`, sale.Invoice.ID); prev != s.webHash {
		t.Errorf("the till's record chains to %q, want the web invoice's %q", prev, s.webHash)
	}
	mine, err := db.New(s.pool).CountOrdersForUser(ctx, s.seller.UserID)
	if err != nil || mine != 0 {
		t.Errorf("the seller sees %d till sales among their own orders (%v), want none", mine, err)
	}
	again, err := s.till.Sell(ctx, s.seller, in)
	if err != nil {
		t.Fatal(err)
	}
	if again.OrderID != sale.OrderID || again.Invoice.ID != sale.Invoice.ID || len(again.Payments) != 1 || again.Payments[0].Change != 850 || len(again.Lines) != 2 {
		t.Errorf("the retry answered %+v, want the same sale %+v", again, sale)
	}
	if a := s.stock(t, 1001); a != 3 {
		t.Errorf("the retry took stock again: %d left", a)
	}
}

// TestSellRefusals: cash of 1 000 € or more, a simplified invoice over
// 3 000 € and units placed web orders hold are refused, and nothing is
// taken; a full invoice with the buyer's data is an F1; a unit in hand
// beyond the count is sold and asks for a count.
func TestSellRefusals(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	sell := func(lines []till.LineInput, pays []till.PaymentInput, buyer *invoice.Buyer) (till.Sale, error) {
		return s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(), Lines: lines, Payments: pays, Customer: buyer})
	}
	_, err := sell([]till.LineInput{{ProductID: 1004, Quantity: 2}}, []till.PaymentInput{{Method: till.Cash, Amount: 100000}}, nil)
	refusedWith(t, err, "CASH_LIMIT")
	_, err = sell([]till.LineInput{{ProductID: 1004, Quantity: 7}}, []till.PaymentInput{{Method: till.Card, Amount: 350000}}, nil)
	refusedWith(t, err, till.ReasonFullInvoice)
	_, err = sell([]till.LineInput{{ProductID: 1003, Quantity: 1}}, []till.PaymentInput{{Method: till.Card, Amount: 320}}, nil)
	refusedWith(t, err, till.ReasonUnitsReserved)
	if n := s.stock(t, 1004); n != 20 {
		t.Errorf("refused sales took stock: %d left of 20", n)
	}
	full, err := sell([]till.LineInput{{ProductID: 1004, Quantity: 7}},
		[]till.PaymentInput{{Method: till.Card, Amount: 300000}, {Method: till.Cash, Amount: 50000, Given: 50000}},
		&invoice.Buyer{TaxID: "B12345674", Name: "Bar Porto", Address: "Rúa do Porto 2, 27880 Burela"})
	if err != nil {
		t.Fatal(err)
	}
	if full.Invoice.AeatType != "F1" || full.Invoice.BuyerNif != "B12345674" {
		t.Errorf("full invoice %s for %q, want F1 for B12345674", full.Invoice.AeatType, full.Invoice.BuyerNif)
	}
	counted, err := sell([]till.LineInput{{ProductID: 1005, Quantity: 1}}, []till.PaymentInput{{Method: till.Bizum, Amount: 1890}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.stock(t, 1005) != -1 || len(counted.CountAlert) != 1 || counted.CountAlert[0] != 1005 {
		t.Errorf("selling beyond the count: stock %d, alert %v", s.stock(t, 1005), counted.CountAlert)
	}
	if got := s.text(t, `SELECT count(*)::text FROM audit_events WHERE action = 'till.count_needed' AND entity = 'product:1005'`); got != "1" {
		t.Errorf("%s count alerts audited, want 1", got)
	}
}

// TestSellOnlyWhileTheDayIsOpen: before the opening float is counted, and
// after the closing count, a sale is refused and takes nothing; a retry of
// a sale made while open still answers it after the close.
func TestSellOnlyWhileTheDayIsOpen(t *testing.T) {
	t.Parallel()
	s := unopenedShop(t)
	ctx := context.Background()
	in := till.SaleInput{Key: uuid.New(), Lines: []till.LineInput{{ProductID: 1001, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Cash, Amount: 250}}}
	_, err := s.till.Sell(ctx, s.seller, in)
	refusedWith(t, err, till.ReasonDayNotOpen)
	if n := s.stock(t, 1001); n != 5 {
		t.Errorf("a refused sale took stock: %d left of 5", n)
	}
	if _, err := s.till.OpenDay(ctx, s.seller, 5000); err != nil {
		t.Fatal(err)
	}
	sold, err := s.till.Sell(ctx, s.seller, in)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.till.CloseDay(ctx, s.seller, 5250); err != nil {
		t.Fatal(err)
	}
	_, err = s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(), Lines: in.Lines, Payments: in.Payments})
	refusedWith(t, err, till.ReasonDayClosed)
	again, err := s.till.Sell(ctx, s.seller, in)
	if err != nil || again.OrderID != sold.OrderID {
		t.Errorf("a retry after the close answered %d (%v), want the sale %d", again.OrderID, err, sold.OrderID)
	}
	if n := s.stock(t, 1001); n != 4 {
		t.Errorf("stock %d after one sale, want 4", n)
	}
}

// TestSellRecordsTheLinesLots: a till sale takes the lot expiring first
// and records it line by line, as an order prepared for the web does; a
// unit sold past the count is of no lot the shop knows.
func TestSellRecordsTheLinesLots(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	// 1001's 5 units: 2 of an early lot, 3 of the unknown lot moved to a late one.
	for _, sql := range []string{
		`INSERT INTO lots (product_id, code, expires_on, date_type) VALUES (1001, 'EARLY', '2027-04-01', 'best_before'), (1001, 'LATE', '2027-09-01', 'best_before')`,
		`UPDATE lots SET remaining = remaining + CASE code WHEN 'EARLY' THEN 2 WHEN 'LATE' THEN 3 ELSE -5 END WHERE product_id = 1001`,
	} {
		if _, err := s.pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	sale, err := s.till.Sell(ctx, s.seller, till.SaleInput{
		Key:      uuid.New(),
		Lines:    []till.LineInput{{ProductID: 1001, Quantity: 3}, {ProductID: 1005, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Card, Amount: 3*250 + 1890}},
	})
	if err != nil {
		t.Fatal(err)
	}
	got := s.text(t, `SELECT string_agg(ll.line_no || ':' || coalesce(l.code, '?') || '×' || ll.quantity, ' ' ORDER BY ll.line_no, l.expires_on NULLS FIRST)
		FROM order_line_lots ll JOIN lots l ON l.id = ll.lot_id WHERE ll.order_id = $1`, sale.OrderID)
	if want := "1:EARLY×2 1:LATE×1 2:?×1"; got != want {
		t.Errorf("the sale's lots %q, want %q", got, want)
	}
}
