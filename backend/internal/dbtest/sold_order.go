package dbtest

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/db"
)

// SoldLine is one line of a SoldOrder.
type SoldLine struct {
	ProductID      int64
	Name           string // default "Producto"
	Quantity       int32  // default 1
	UnitPriceCents int64  // default 100
	VATBasisPoints int32
}

// SoldOrderOpts are an order's fields; zero values take the defaults.
type SoldOrderOpts struct {
	UserID        int64  // required
	PaymentStatus string // default "paid"
	ShippingCents int64
	Lines         []SoldLine // at least one; ProductID required
}

// SoldOrder inserts an order with its lines, as PlaceOrder leaves it (with
// the totals summed from the lines), and returns its id.
func SoldOrder(t testing.TB, q db.DBTX, o SoldOrderOpts) int64 {
	t.Helper()
	ctx := context.Background()
	if o.PaymentStatus == "" {
		o.PaymentStatus = "paid"
	}
	var subtotal int64
	for i := range o.Lines {
		l := &o.Lines[i]
		if l.Quantity == 0 {
			l.Quantity = 1
		}
		if l.UnitPriceCents == 0 {
			l.UnitPriceCents = 100
		}
		if l.Name == "" {
			l.Name = "Producto"
		}
		subtotal += l.UnitPriceCents * int64(l.Quantity)
	}
	var id int64
	if err := q.QueryRow(ctx, `INSERT INTO orders (user_id, idempotency_key, payment_method, payment_status,
		subtotal_cents, shipping_cents, vat_cents, total_cents,
		delivery_name, delivery_email, delivery_phone, delivery_address, delivery_city, delivery_postal_code)
		VALUES ($1, $2, 'card', $3, $4::bigint, $5::bigint, 0, $4::bigint + $5::bigint, 'Ana', 'ana@example.com', '600000000', 'Calle 1', 'Madrid', '28001')
		RETURNING id`, o.UserID, uuid.New(), o.PaymentStatus, subtotal, o.ShippingCents).Scan(&id); err != nil {
		t.Fatalf("dbtest: order: %v", err)
	}
	for i, l := range o.Lines {
		if _, err := q.Exec(ctx, `INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity,
			unit_price_cents, regular_unit_price_cents, vat_basis_points, line_total_cents)
			VALUES ($1, $2, $3, $4, $5::integer, $6::bigint, $6::bigint, $7, $6::bigint * $5::integer)`,
			id, i+1, l.ProductID, l.Name, l.Quantity, l.UnitPriceCents, l.VATBasisPoints); err != nil {
			t.Fatalf("dbtest: order line: %v", err)
		}
	}
	return id
}
