package orderapi_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/order"
)

// refusal is the code and first ErrorInfo of a refused PlaceOrder.
func refusal(t *testing.T, err error) (connect.Code, string, map[string]string) {
	t.Helper()
	err = edge(err)
	infos := connecttest.ErrorInfos(t, err)
	if len(infos) == 0 {
		t.Fatalf("refusal %v carries no ErrorInfo", err)
	}
	return connecttest.Code(err), infos[0].GetReason(), infos[0].GetMetadata()
}

// TestHoardingAttack replays the attack that emptied the shop: a new account
// orders every product at full stock by transfer and never pays. Now every
// such order is refused; the account and twenty more like it hold at most a
// quarter of any product, each is stopped after three unpaid orders, no
// product goes out of stock for the others, and when the transfers expire
// every unit is back on sale.
func TestHoardingAttack(t *testing.T) {
	pool := dbtest.NewSeeded(t)
	dbtest.TakeTransfers(t, pool)
	b := newBundle(pool)
	limits := order.DefaultLimits()
	ctx := context.Background()

	type product struct {
		id    int64
		stock int32
	}
	var products []product
	rows, err := pool.Query(ctx, `SELECT id, stock FROM products WHERE sold_online AND stock > 0 ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var p product
		if err := rows.Scan(&p.id, &p.stock); err != nil {
			t.Fatal(err)
		}
		products = append(products, p)
	}
	if rows.Err() != nil || len(products) < 10 {
		t.Fatalf("seeded products: %d, %v", len(products), rows.Err())
	}
	// The sample data's own unpaid transfer expires too and gives its units back.
	seededHeld := map[int64]int32{}
	rows, err = pool.Query(ctx, `SELECT l.product_id, l.quantity FROM order_lines l JOIN orders o ON o.id = l.order_id
		WHERE o.status = 'placed' AND o.payment_status = 'awaiting_payment'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var n int32
		if err := rows.Scan(&id, &n); err != nil {
			t.Fatal(err)
		}
		seededHeld[id] += n
	}

	// The attack as it was: everything, at full stock, by transfer.
	attacker := b.shopper(t, "attacker")
	for _, p := range products {
		_, err := b.svc.PlaceOrder(attacker, adultRequest(uuid.NewString(), transfer, line(p.id, p.stock)))
		if err == nil {
			if p.stock > 1 {
				t.Errorf("product %d: the whole stock of %d taken by one unpaid transfer", p.id, p.stock)
			}
			continue
		}
		code, reason, _ := refusal(t, err)
		if code != connect.CodeFailedPrecondition ||
			(reason != order.ReasonLineQuantityLimit && reason != order.ReasonTransferShareLimit) {
			t.Errorf("product %d: refused with %v %s, want a line or transfer-share limit", p.id, code, reason)
		}
	}

	// Then as a patient attacker with many accounts: each asks for as much
	// of every product as it is told is available, until stopped.
	blocked := 0
	for i := range 20 {
		who := b.shopper(t, fmt.Sprintf("hoarder%d", i))
		placed := 0
		for _, p := range products {
			want := min(p.stock, limits.MaxUnitsPerLine)
			_, err := b.svc.PlaceOrder(who, adultRequest(uuid.NewString(), transfer, line(p.id, want)))
			if err != nil {
				code, reason, meta := refusal(t, err)
				if code == connect.CodeResourceExhausted && reason == order.ReasonTooManyUnpaidOrders {
					blocked++
					break
				}
				available, _ := strconv.Atoi(meta["available"])
				if reason != order.ReasonTransferShareLimit || available == 0 {
					continue
				}
				_, err = b.svc.PlaceOrder(who, adultRequest(uuid.NewString(), transfer, line(p.id, int32(available))))
			}
			if err == nil {
				placed++
			}
		}
		if placed > int(limits.MaxUnpaidOrders) {
			t.Errorf("hoarder %d placed %d unpaid orders, limit %d", i, placed, limits.MaxUnpaidOrders)
		}
	}
	if blocked == 0 {
		t.Error("no hoarder was stopped by the unpaid-orders limit")
	}

	for _, p := range products {
		now := b.stock(t, p.id)
		held := p.stock - now
		if allowed := max(1, p.stock*int32(limits.TransferSharePercent)/100); held > allowed {
			t.Errorf("product %d: unpaid transfers hold %d of %d, over the %d allowed", p.id, held, p.stock, allowed)
		}
		if p.stock > 1 && now == 0 {
			t.Errorf("product %d: out of stock for everybody else", p.id)
		}
	}

	// Three days later nobody has paid: everything is back on sale.
	if _, err := order.ExpireUnpaid(ctx, pool, order.DefaultPaymentWindows(), time.Now().Add(73*time.Hour), nil); err != nil {
		t.Fatal(err)
	}
	for _, p := range products {
		if got, want := b.stock(t, p.id), p.stock+seededHeld[p.id]; got != want {
			t.Errorf("product %d: stock %d after the transfers expired, want %d", p.id, got, want)
		}
	}
	if n := b.ledgerMismatches(t); n != 0 {
		t.Errorf("%d products whose stock is not their ledger's sum", n)
	}
}
