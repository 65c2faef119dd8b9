package order_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/withdrawal"
)

// TestPickupAtTheShop: an order collected in Burela is prepared, marked
// ready for pickup (never shipped) with the shopper's e-mail, and
// collected, which delivers it, starts its withdrawal period, pays its
// cash at the counter and e-mails the shopper; each step audited. An order
// that ships is never marked ready for pickup.
func TestPickupAtTheShop(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := setupDesk(t)
	id := d.order(t, "cash", "on_delivery")
	if _, err := d.pool.Exec(ctx, `UPDATE orders SET shipping_method = 'pickup_burela', shipping_kind = 'pickup',
		pickup_code = 'K7P3QX', delivery_postal_code = '', language = 'pt' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	by := audit.Caller{Name: "desk@sabores.es"}
	step := func(a order.Action) (order.Order, error) {
		return d.orders.Advance(ctx, order.DeskStep{OrderID: id, Action: a, By: by, Carrier: "SEUR", TrackingNumber: "S-1"})
	}
	count := func(sql string) int {
		t.Helper()
		var n int
		if err := d.pool.QueryRow(ctx, sql, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	o, err := step(order.ActionStartPreparing)
	if err != nil {
		t.Fatal(err)
	}
	if got := order.Actions(o.Row, order.AdminActor); !slices.Equal(got, []order.Action{order.ActionReadyForPickup, order.ActionCancel}) {
		t.Errorf("a pickup order being prepared offers %v, want ready for pickup and cancel", got)
	}
	var refusal *order.Refusal
	if _, err := step(order.ActionShip); !errors.As(err, &refusal) || refusal.Reason != order.ReasonPickupOrder {
		t.Errorf("shipping a pickup order: %v, want %s", err, order.ReasonPickupOrder)
	}
	ready, err := step(order.ActionReadyForPickup)
	if err != nil {
		t.Fatal(err)
	}
	if ready.Row.Status != "ready_for_pickup" || ready.Row.PaymentStatus != "on_delivery" {
		t.Errorf("ready: %s, %s", ready.Row.Status, ready.Row.PaymentStatus)
	}
	if n := count(`SELECT count(*) FROM outbound_emails WHERE order_id = $1 AND kind = 'ready_for_pickup'`); n != 1 {
		t.Errorf("%d ready-for-pickup e-mails, want 1", n)
	}
	// Until collected, withdrawing cancels the order, as before shipping.
	if w := withdrawal.WindowAt(order.ReadyForPickup, ready.Row.UpdatedAt, ready.Row.UpdatedAt); !w.Open || !w.CancelsOrder {
		t.Errorf("withdrawal window while waiting at the shop: %+v", w)
	}

	collected, err := step(order.ActionMarkDelivered)
	if err != nil {
		t.Fatal(err)
	}
	if collected.Row.Status != "delivered" || collected.Row.PaymentStatus != "paid" {
		t.Errorf("collected: %s, %s; want delivered and paid at the counter", collected.Row.Status, collected.Row.PaymentStatus)
	}
	for kind, want := range map[string]int{"ready_for_pickup": 1, "collected": 1, "shipped": 0, "delivered": 0, "payment_received": 1} {
		if n := count(`SELECT count(*) FROM outbound_emails WHERE order_id = $1 AND kind = '` + kind + `'`); n != want {
			t.Errorf("%d %s e-mails, want %d", n, kind, want)
		}
	}
	if _, err := db.New(d.pool).OrderDeliveredAt(ctx, id); err != nil {
		t.Errorf("no delivery to start the withdrawal period from: %v", err)
	}
	if n := count(`SELECT count(*) FROM audit_events WHERE action = 'order.advance' AND entity = 'order:' || $1::bigint`); n != 3 {
		t.Errorf("%d audit events, want 3 (preparing, ready, collected)", n)
	}

	ships := d.order(t, "card", "paid")
	if _, err := d.orders.Advance(ctx, order.DeskStep{OrderID: ships, Action: order.ActionStartPreparing, By: by}); err != nil {
		t.Fatal(err)
	}
	_, err = d.orders.Advance(ctx, order.DeskStep{OrderID: ships, Action: order.ActionReadyForPickup, By: by})
	if !errors.As(err, &refusal) || refusal.Reason != order.ReasonNotPickupOrder {
		t.Errorf("an order that ships marked ready for pickup: %v, want %s", err, order.ReasonNotPickupOrder)
	}
}
