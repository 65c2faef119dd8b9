package systemtest

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/faultproxy"
	"github.com/sabores/sabores/backend/internal/testwait"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// attempt is one PlaceOrder call of the load.
type attempt struct {
	shopper  int
	key      string
	quantity int32
	orderID  int64
	err      error
}

func placeOrder(ctx context.Context, c interface {
	PlaceOrder(context.Context, *connect.Request[saboresv1.PlaceOrderRequest]) (*connect.Response[saboresv1.PlaceOrderResponse], error)
}, key string, quantity int32) (int64, error) {
	res, err := c.PlaceOrder(ctx, connect.NewRequest(&saboresv1.PlaceOrderRequest{
		IdempotencyKey: key,
		Lines:          []*saboresv1.CartLineInput{{ProductId: 1, Quantity: quantity}},
		Delivery: &saboresv1.DeliveryInput{
			Name: "María Silva", Email: "maria@example.com", Phone: "+34 600 000 000",
			Address: "Rúa do Porto 1", City: "Burela", PostalCode: "27880",
		},
		PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CARD,
	}))
	if err != nil {
		return 0, err
	}
	return res.Msg.GetOrder().GetId(), nil
}

// TestDatabaseCutUnderLoad cuts the link between shopd's pool and
// PostgreSQL while shoppers place orders and browse, then stalls it. Calls
// must fail fast (Unavailable) or at their deadline, never hang; service
// must come back within 5 s of the link; and no order may be lost or doubled:
// every acknowledged order exists with its stock taken, and every
// unacknowledged one, retried with its idempotency key, ends as one order.
func TestDatabaseCutUnderLoad(t *testing.T) {
	t.Parallel()
	direct := dbtest.New(t)
	ctx := context.Background()
	const initialStock = 100000
	guarana(t, direct, initialStock)
	const shoppers, ordersEach = 12, 3
	tokens := make([]string, shoppers)
	userIDs := make([]int64, shoppers)
	for i := range shoppers {
		userIDs[i], tokens[i] = signIn(t, direct, fmt.Sprintf("shopper%d", i))
	}

	dbURL, err := url.Parse(dbtest.URL(direct))
	if err != nil {
		t.Fatal(err)
	}
	proxy, err := faultproxy.Listen(dbURL.Host, faultproxy.Up)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = proxy.Close() }()
	dbURL.Host = proxy.Addr()
	logs := &logBuffer{}
	shop := newTestShop(t, dbURL.String(), logs)

	var timeout string
	if err := shop.Pool.QueryRow(ctx, "SHOW statement_timeout").Scan(&timeout); err != nil {
		t.Fatal(err)
	}
	if timeout != "5s" {
		t.Errorf("statement_timeout of shopd's pool = %q, want 5s", timeout)
	}
	// The probe reads the shopper's orders: a call that must reach the
	// database (session and orders), whatever the catalogue caches.
	probe := orderClient(shop.URL, tokens[0])
	listOrders := func(d time.Duration) (time.Duration, error) {
		ctx, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		start := time.Now()
		_, err := probe.ListMyOrders(ctx, connect.NewRequest(&saboresv1.ListMyOrdersRequest{}))
		return time.Since(start), err
	}
	if _, err := listOrders(5 * time.Second); err != nil {
		t.Fatalf("before the cut: %v", err)
	}

	// Orders straddle the cut: each shopper places one every 250 ms; the
	// link goes down once every shopper has placed one, for a second.
	var (
		mu       sync.Mutex
		attempts []*attempt
		wg       sync.WaitGroup
	)
	for s := range shoppers {
		wg.Go(func() {
			c := orderClient(shop.URL, tokens[s])
			for o := range ordersEach {
				a := &attempt{shopper: s, key: uuid.NewString(), quantity: int32(1 + (s+o)%3)}
				callCtx, cancel := context.WithTimeout(ctx, 3*time.Second)
				start := time.Now()
				a.orderID, a.err = placeOrder(callCtx, c, a.key, a.quantity)
				cancel()
				if took := time.Since(start); took > 3500*time.Millisecond {
					t.Errorf("PlaceOrder took %s, past its 3 s deadline", took)
				}
				mu.Lock()
				attempts = append(attempts, a)
				mu.Unlock()
				time.Sleep(250 * time.Millisecond)
			}
		})
	}
	testwait.Until(t, 5*time.Second, "an order from every shopper before the cut", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(attempts) >= shoppers
	})
	proxy.Set(faultproxy.Down)
	time.Sleep(200 * time.Millisecond)
	took, err := listOrders(5 * time.Second)
	if code := connecttest.Code(err); err == nil || code != connect.CodeUnavailable {
		t.Errorf("ListMyOrders with the database cut: %v (code %s), want Unavailable", err, codeOf(err))
	}
	if took > 2*time.Second {
		t.Errorf("ListMyOrders with the database cut took %s, want a fast failure", took)
	}
	time.Sleep(800 * time.Millisecond)
	proxy.Set(faultproxy.Up)
	restored := time.Now()
	wg.Wait()
	testwait.Until(t, 5*time.Second, "the service to answer after the link returned", func() bool {
		_, err := listOrders(time.Second)
		return err == nil
	})
	t.Logf("service back %s after the link", time.Since(restored).Round(time.Millisecond))

	// Every unacknowledged order is retried with its key until answered.
	acked := map[int64]int32{}
	failed := 0
	for _, a := range attempts {
		if a.err != nil {
			failed++
			code := connecttest.Code(a.err)
			if code != connect.CodeUnavailable && code != connect.CodeDeadlineExceeded && code != connect.CodeCanceled {
				t.Errorf("order during the cut failed with %v, want Unavailable or DeadlineExceeded", a.err)
			}
			a.orderID, a.err = placeOrder(ctx, orderClient(shop.URL, tokens[a.shopper]), a.key, a.quantity)
			if a.err != nil {
				t.Errorf("retry of %s: %v", a.key, a.err)
				continue
			}
		}
		if q, dup := acked[a.orderID]; dup {
			t.Errorf("order %d acknowledged for two checkouts (quantities %d, %d)", a.orderID, q, a.quantity)
		}
		acked[a.orderID] = a.quantity
	}
	t.Logf("%d orders, %d failed during the cut and were retried", len(attempts), failed)
	if failed == 0 {
		t.Log("no order call fell in the cut this time")
	}

	var orders int
	var taken int32
	if err := direct.QueryRow(ctx, `SELECT count(*) FROM orders WHERE user_id = ANY($1)`, userIDs).Scan(&orders); err != nil {
		t.Fatal(err)
	}
	if orders != len(acked) {
		t.Errorf("%d orders in the database, %d acknowledged", orders, len(acked))
	}
	var want int32
	for id, q := range acked {
		var lineQty int32
		if err := direct.QueryRow(ctx, `SELECT coalesce(sum(quantity), 0) FROM order_lines WHERE order_id = $1`, id).Scan(&lineQty); err != nil {
			t.Fatal(err)
		}
		if lineQty != q {
			t.Errorf("order %d has %d units, want %d", id, lineQty, q)
		}
		want += q
	}
	if err := direct.QueryRow(ctx, `SELECT $1 - stock FROM products WHERE id = 1`, initialStock).Scan(&taken); err != nil {
		t.Fatal(err)
	}
	if taken != want {
		t.Errorf("stock taken = %d, acknowledged orders hold %d", taken, want)
	}

	// A stalled link (packets dropped, nothing closed) ends at the deadline.
	proxy.Set(faultproxy.Stalled)
	took, err = listOrders(time.Second)
	if err == nil {
		t.Error("GetProduct answered through a stalled link")
	}
	if took > 1500*time.Millisecond {
		t.Errorf("ListMyOrders with a stalled link took %s, past its 1 s deadline", took)
	}
	proxy.Set(faultproxy.Up)
	restored = time.Now()
	testwait.Until(t, 5*time.Second, "the service to answer after the stall", func() bool {
		_, err := listOrders(time.Second)
		return err == nil
	})
	t.Logf("service back %s after the stall", time.Since(restored).Round(time.Millisecond))
}
