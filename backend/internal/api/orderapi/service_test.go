package orderapi_test

// This file is long on purpose: checkout's cases (prices as sold,
// idempotency, refusals, the races for the last units) share one fixture
// and its helpers.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/proto"

	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// bundle is one test's database with the fixtures the order tests share:
// products (1 with 5 units at 2,50 € and 10 % VAT, 2 at 8,50 € with a 20 %
// promotion, 3 physical-only) and signed-in shoppers.
type bundle struct {
	pool *pgxpool.Pool
	svc  *orderapi.Handler
	// orders is svc's module, which tests configure.
	orders *order.Service
}

func setup(t *testing.T) *bundle {
	t.Helper()
	pool := dbtest.New(t)
	exec(t, pool, `
		INSERT INTO countries (slug, name) VALUES ('brasil', 'Brasil');
		INSERT INTO products (id, name, code, sku, category, price_cents, vat_basis_points, stock, image_url) VALUES
			(1, 'Guaraná Antarctica', 'BR-1', 'SKU-1', 'bebidas', 250, 1000, 5, '/img/1.svg'),
			(2, 'Açaí', 'BR-2', 'SKU-2', 'congelados', 850, 1000, 40, '/img/2.svg'),
			(3, 'Farofa', 'BR-3', 'SKU-3', 'alimentos', 400, 1000, 9, '');
		INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel) VALUES
			(1, 'brasil', true, 'both'), (2, 'brasil', true, 'online'), (3, 'brasil', true, 'physical');
		INSERT INTO product_promotions (product_id, promotion_type, discount_basis_points, starts_at)
			VALUES (2, 'percentage', 2000, now() - interval '1 day');`)
	dbtest.ShopSettings(t, pool) // transfers are taken only with an IBAN
	return newBundle(pool)
}

// newBundle serves OrderService over a module on pool with the default
// limits.
func newBundle(pool *pgxpool.Pool) *bundle {
	orders := order.New(pool)
	return &bundle{pool: pool, svc: orderapi.New(orders), orders: orders}
}

func exec(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("exec %q: %v", sql, err)
	}
}

// shopper creates a user and returns a context signed in as them.
func (b *bundle) shopper(t *testing.T, name string) context.Context {
	t.Helper()
	email := name + "@example.com"
	var id int64
	err := b.pool.QueryRow(context.Background(),
		`INSERT INTO users (issuer, subject, email, full_name) VALUES ('https://test', $1, $2, $1) RETURNING id`,
		name, email).Scan(&id)
	if err != nil {
		t.Fatalf("create user %s: %v", name, err)
	}
	return auth.WithPrincipal(context.Background(), auth.Principal{UserID: id, Email: email, Name: name, Role: auth.RoleClient})
}

func (b *bundle) stock(t *testing.T, productID int64) int32 {
	t.Helper()
	var stock int32
	if err := b.pool.QueryRow(context.Background(), `SELECT stock FROM products WHERE id = $1`, productID).Scan(&stock); err != nil {
		t.Fatalf("read stock: %v", err)
	}
	return stock
}

func (b *bundle) count(t *testing.T, table string) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM `+table).Scan(&n); err != nil {
		t.Fatalf("count %s: %v", table, err)
	}
	return n
}

func placeRequest(key string, method saboresv1.PaymentMethod, lines ...*saboresv1.CartLineInput) *connect.Request[saboresv1.PlaceOrderRequest] {
	return connect.NewRequest(&saboresv1.PlaceOrderRequest{
		IdempotencyKey: key,
		Lines:          lines,
		Delivery: &saboresv1.DeliveryInput{
			Name: "María Silva", Email: "maria@example.com", Phone: "+34 600 000 000",
			Address: "Rúa do Porto 1", City: "Burela", PostalCode: "27880",
		},
		PaymentMethod: method,
	})
}

func line(productID int64, quantity int32) *saboresv1.CartLineInput {
	return &saboresv1.CartLineInput{ProductId: productID, Quantity: quantity}
}

const card = saboresv1.PaymentMethod_PAYMENT_METHOD_CARD

func TestPlaceOrderSnapshotsPricesAndTakesStock(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := b.shopper(t, "maria")

	res, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), card, line(2, 3), line(1, 2)))
	if err != nil {
		t.Fatalf("PlaceOrder: %v", err)
	}
	o := res.Msg.GetOrder()
	// Açaí 850 − 20 % = 680 × 3 = 2040; Guaraná 250 × 2 = 500. Five units
	// of no weight count 1 kg each: 5 kg to Burela is 6,95 € (below 29,95 €).
	if o.GetSubtotalCents() != 2540 || o.GetTotalCents() != 2540+695 || o.GetShippingCents() != 695 {
		t.Errorf("totals = %d/%d/%d, want 2540/3235/695", o.GetSubtotalCents(), o.GetTotalCents(), o.GetShippingCents())
	}
	// VAT per line: 2040×10/110 = 185.45 → 185; 500×10/110 = 45.45 → 45;
	// the shipping at the goods' 10 %: 695×10/110 = 63.18 → 63.
	if o.GetVatCents() != 230+63 {
		t.Errorf("vat = %d, want 293", o.GetVatCents())
	}
	if o.GetStatus() != saboresv1.OrderStatus_ORDER_STATUS_PENDING || o.GetStatusText() != "placed" ||
		o.GetPaymentStatus() != saboresv1.PaymentStatus_PAYMENT_STATUS_AWAITING_PAYMENT ||
		o.GetPaymentMethod() != card || o.GetItemCount() != 5 {
		t.Errorf("order = %v", o)
	}
	if len(o.GetLines()) != 2 {
		t.Fatalf("lines = %v", o.GetLines())
	}
	acai := o.GetLines()[0]
	if acai.GetProductId() != 2 || acai.GetName() != "Açaí" || acai.GetUnitPriceCents() != 680 ||
		acai.GetRegularUnitPriceCents() != 850 || acai.GetPromotionLabel() != "-20%" ||
		acai.GetVatBasisPoints() != 1000 || acai.GetLineTotalCents() != 2040 || acai.GetImageUrl() != "/img/2.svg" {
		t.Errorf("açaí line = %v", acai)
	}
	if got := b.stock(t, 1); got != 3 {
		t.Errorf("guaraná stock = %d, want 3", got)
	}
	if got := b.stock(t, 2); got != 37 {
		t.Errorf("açaí stock = %d, want 37", got)
	}

	// The answer is the order as stored.
	stored, err := b.svc.GetMyOrder(ctx, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: o.GetId()}))
	if err != nil {
		t.Fatalf("GetMyOrder: %v", err)
	}
	if !proto.Equal(stored.Msg.GetOrder(), o) {
		t.Errorf("PlaceOrder answered %v\nbut stored %v", o, stored.Msg.GetOrder())
	}

	// The snapshot survives catalogue edits.
	exec(t, b.pool, `UPDATE products SET name = 'Açaí 2', price_cents = 999 WHERE id = 2`)
	got, err := b.svc.GetMyOrder(ctx, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: o.GetId()}))
	if err != nil {
		t.Fatalf("GetMyOrder: %v", err)
	}
	if l := got.Msg.GetOrder().GetLines()[0]; l.GetName() != "Açaí" || l.GetUnitPriceCents() != 680 {
		t.Errorf("line after catalogue edit = %v", l)
	}

	// The customer comes from the delivery data, linked to the user.
	var name, email string
	var customerOrders int
	err = b.pool.QueryRow(context.Background(), `
		SELECT c.name, c.email, count(o.id) FROM customers c JOIN orders o ON o.customer_id = c.id
		WHERE c.user_id = $1 GROUP BY c.id`, auth.FromContext(ctx).UserID).Scan(&name, &email, &customerOrders)
	if err != nil || name != "María Silva" || email != "maria@example.com" || customerOrders != 1 {
		t.Errorf("customer = %q %q %d, %v", name, email, customerOrders, err)
	}
}

func TestPlaceOrderPaymentStatus(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := b.shopper(t, "joao")
	tests := []struct {
		method saboresv1.PaymentMethod
		want   saboresv1.PaymentStatus
	}{
		{saboresv1.PaymentMethod_PAYMENT_METHOD_CARD, saboresv1.PaymentStatus_PAYMENT_STATUS_AWAITING_PAYMENT},
		{saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER, saboresv1.PaymentStatus_PAYMENT_STATUS_AWAITING_PAYMENT},
		{saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY, saboresv1.PaymentStatus_PAYMENT_STATUS_ON_DELIVERY},
	}
	for _, tt := range tests {
		res, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), tt.method, line(2, 1)))
		if err != nil {
			t.Fatalf("PlaceOrder(%v): %v", tt.method, err)
		}
		if o := res.Msg.GetOrder(); o.GetPaymentMethod() != tt.method || o.GetPaymentStatus() != tt.want {
			t.Errorf("PlaceOrder(%v) = %v / %v, want %v", tt.method, o.GetPaymentMethod(), o.GetPaymentStatus(), tt.want)
		}
	}
}

func TestPlaceOrderRefusesUnsellableLinesAndWritesNothing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := b.shopper(t, "maria")

	_, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), card,
		line(2, 1), line(1, 6), line(3, 1), line(999, 1), line(2001, 0)))
	if connecttest.Code(err) != connect.CodeFailedPrecondition {
		t.Fatalf("PlaceOrder error = %v, want FailedPrecondition", err)
	}
	infos := connecttest.ErrorInfos(t, err)
	want := []struct{ reason, product, available string }{
		{"INSUFFICIENT_STOCK", "1", "5"},
		{"UNKNOWN_PRODUCT", "3", ""},
		{"UNKNOWN_PRODUCT", "999", ""},
		{"UNKNOWN_PRODUCT", "2001", ""},
	}
	if len(infos) != len(want) {
		t.Fatalf("ErrorInfos = %v, want %d", infos, len(want))
	}
	for i, w := range want {
		got := infos[i]
		if got.GetReason() != w.reason || got.GetMetadata()["product_id"] != w.product ||
			got.GetMetadata()["available"] != w.available || got.GetDomain() != "sabores.v1" {
			t.Errorf("ErrorInfo %d = %v, want %+v", i, got, w)
		}
	}
	if b.count(t, "orders") != 0 || b.count(t, "order_lines") != 0 || b.count(t, "customers") != 0 {
		t.Error("a refused order left rows behind")
	}
	if b.stock(t, 1) != 5 || b.stock(t, 2) != 40 {
		t.Error("a refused order took stock")
	}

	_, err = b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), card, line(2, 0)))
	if infos := connecttest.ErrorInfos(t, err); len(infos) != 1 || infos[0].GetReason() != "INVALID_QUANTITY" {
		t.Errorf("quantity 0: %v", err)
	}
}

func TestPlaceOrderRejectsBadInput(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := b.shopper(t, "maria")
	tests := []struct {
		name string
		req  *connect.Request[saboresv1.PlaceOrderRequest]
	}{
		{"duplicate product", placeRequest(uuid.NewString(), card, line(2, 1), line(2, 2))},
		{"bad key", placeRequest("not-a-uuid", card, line(2, 1))},
		{"no lines", placeRequest(uuid.NewString(), card)},
		{"no payment method", placeRequest(uuid.NewString(), saboresv1.PaymentMethod_PAYMENT_METHOD_UNSPECIFIED, line(2, 1))},
		{"no delivery", func() *connect.Request[saboresv1.PlaceOrderRequest] {
			r := placeRequest(uuid.NewString(), card, line(2, 1))
			r.Msg.Delivery = nil
			return r
		}()},
		{"blank city", func() *connect.Request[saboresv1.PlaceOrderRequest] {
			r := placeRequest(uuid.NewString(), card, line(2, 1))
			r.Msg.Delivery.City = "   "
			return r
		}()},
	}
	for _, tt := range tests {
		if _, err := b.svc.PlaceOrder(ctx, tt.req); connecttest.Code(err) != connect.CodeInvalidArgument {
			t.Errorf("%s: error = %v, want InvalidArgument", tt.name, err)
		}
	}
	if b.count(t, "orders") != 0 {
		t.Error("bad input placed an order")
	}
}

func TestOrderRPCsNeedASignedInUser(t *testing.T) {
	t.Parallel()
	b := setup(t)
	apiKey := auth.WithPrincipal(context.Background(), auth.Principal{APIKeyID: 7, Role: auth.RoleAdmin})
	for _, ctx := range []context.Context{context.Background(), apiKey} {
		_, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), card, line(2, 1)))
		if connecttest.Code(err) != connect.CodeUnauthenticated {
			t.Errorf("PlaceOrder: %v, want Unauthenticated", err)
		}
		_, err = b.svc.ListMyOrders(ctx, connect.NewRequest(&saboresv1.ListMyOrdersRequest{}))
		if connecttest.Code(err) != connect.CodeUnauthenticated {
			t.Errorf("ListMyOrders: %v, want Unauthenticated", err)
		}
		_, err = b.svc.GetMyOrder(ctx, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: 1}))
		if connecttest.Code(err) != connect.CodeUnauthenticated {
			t.Errorf("GetMyOrder: %v, want Unauthenticated", err)
		}
	}
	if b.count(t, "orders") != 0 {
		t.Error("an anonymous call placed an order")
	}
}

func TestListAndGetMyOrders(t *testing.T) {
	t.Parallel()
	b := setup(t)
	maria := b.shopper(t, "maria")
	joao := b.shopper(t, "joao")
	var ids []int64
	for range 3 {
		res, err := b.svc.PlaceOrder(maria, placeRequest(uuid.NewString(), card, line(2, 1)))
		if err != nil {
			t.Fatalf("PlaceOrder: %v", err)
		}
		ids = append(ids, res.Msg.GetOrder().GetId())
	}
	joaoOrder, err := b.svc.PlaceOrder(joao, placeRequest(uuid.NewString(), card, line(1, 1)))
	if err != nil {
		t.Fatalf("PlaceOrder: %v", err)
	}

	page1, err := b.svc.ListMyOrders(maria, connect.NewRequest(&saboresv1.ListMyOrdersRequest{PageSize: 2}))
	if err != nil {
		t.Fatalf("ListMyOrders: %v", err)
	}
	page2, err := b.svc.ListMyOrders(maria, connect.NewRequest(&saboresv1.ListMyOrdersRequest{Page: 2, PageSize: 2}))
	if err != nil {
		t.Fatalf("ListMyOrders page 2: %v", err)
	}
	var got []int64
	for _, o := range append(page1.Msg.GetOrders(), page2.Msg.GetOrders()...) {
		got = append(got, o.GetId())
		if len(o.GetLines()) != 1 {
			t.Errorf("order %d lines = %v", o.GetId(), o.GetLines())
		}
	}
	want := []int64{ids[2], ids[1], ids[0]}
	if fmt.Sprint(got) != fmt.Sprint(want) || page1.Msg.GetTotalSize() != 3 || page2.Msg.GetTotalSize() != 3 {
		t.Errorf("orders = %v (total %d), want newest first %v (total 3)", got, page1.Msg.GetTotalSize(), want)
	}

	_, err = b.svc.GetMyOrder(maria, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: joaoOrder.Msg.GetOrder().GetId()}))
	if connecttest.Code(err) != connect.CodeNotFound {
		t.Errorf("GetMyOrder of another shopper's order = %v, want NotFound", err)
	}
	if _, err := b.svc.GetMyOrder(joao, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: joaoOrder.Msg.GetOrder().GetId()})); err != nil {
		t.Errorf("GetMyOrder own order: %v", err)
	}
}

// TestLastUnitsUnderConcurrency is the checkout race: 32 shoppers at once
// for the last 5 units. Exactly 5 orders are placed, the stock ends at 0
// and never below, the others get INSUFFICIENT_STOCK, and the refused ones
// leave no order, line or customer behind. Not parallel: its 32
// connections should not compete with other tests for the server's 100.
func TestLastUnitsUnderConcurrency(t *testing.T) {
	b := setup(t)
	const buyers = 32
	wide := b.widePool(t, buyers)
	svc := orderapi.New(order.New(wide))

	ctxs := make([]context.Context, buyers)
	for i := range ctxs {
		ctxs[i] = b.shopper(t, fmt.Sprintf("buyer%02d", i))
	}
	start := make(chan struct{})
	errs := make([]error, buyers)
	var wg sync.WaitGroup
	for i := range buyers {
		wg.Go(func() {
			<-start
			_, errs[i] = svc.PlaceOrder(ctxs[i], placeRequest(uuid.NewString(), card, line(1, 1)))
		})
	}
	close(start)
	wg.Wait()

	sold := 0
	for i, err := range errs {
		if err == nil {
			sold++
			continue
		}
		if connecttest.Code(err) != connect.CodeFailedPrecondition {
			t.Errorf("buyer %d: %v, want FailedPrecondition", i, err)
			continue
		}
		infos := connecttest.ErrorInfos(t, err)
		if len(infos) != 1 || infos[0].GetReason() != "INSUFFICIENT_STOCK" ||
			infos[0].GetMetadata()["product_id"] != "1" || infos[0].GetMetadata()["available"] != "0" {
			t.Errorf("buyer %d: ErrorInfos %v", i, infos)
		}
	}
	if sold != 5 {
		t.Errorf("sold %d orders, want 5", sold)
	}
	if got := b.stock(t, 1); got != 0 {
		t.Errorf("stock = %d, want 0", got)
	}
	if o, l, c := b.count(t, "orders"), b.count(t, "order_lines"), b.count(t, "customers"); o != 5 || l != 5 || c != 5 {
		t.Errorf("orders/lines/customers = %d/%d/%d, want 5/5/5", o, l, c)
	}
	var orphans int
	if err := b.pool.QueryRow(context.Background(),
		`SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`).Scan(&orphans); err != nil || orphans != 0 {
		t.Errorf("orders without lines = %d (%v)", orphans, err)
	}
}

// TestIdempotentPlaceOrder sends one checkout twice: there is one order and
// its stock is taken once.
func TestIdempotentPlaceOrder(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := b.shopper(t, "maria")
	key := uuid.NewString()
	first, err := b.svc.PlaceOrder(ctx, placeRequest(key, card, line(1, 2)))
	if err != nil {
		t.Fatalf("first PlaceOrder: %v", err)
	}
	again, err := b.svc.PlaceOrder(ctx, placeRequest(key, card, line(1, 2)))
	if err != nil {
		t.Fatalf("retried PlaceOrder: %v", err)
	}
	if first.Msg.GetOrder().GetId() != again.Msg.GetOrder().GetId() {
		t.Errorf("retry placed order %d, first was %d", again.Msg.GetOrder().GetId(), first.Msg.GetOrder().GetId())
	}
	if b.stock(t, 1) != 3 || b.count(t, "orders") != 1 {
		t.Errorf("stock %d, orders %d; want 3, 1", b.stock(t, 1), b.count(t, "orders"))
	}
	// The key is the user's own: another shopper's equal key is another checkout.
	other, err := b.svc.PlaceOrder(b.shopper(t, "joao"), placeRequest(key, card, line(1, 1)))
	if err != nil || other.Msg.GetOrder().GetId() == first.Msg.GetOrder().GetId() {
		t.Errorf("another user's same key = %v, %v", other, err)
	}
}

// TestIdempotentPlaceOrderConcurrently sends one checkout 12 times at once:
// one order, stock taken once, and every attempt answers with that order.
// Not parallel, like the other crowd test.
func TestIdempotentPlaceOrderConcurrently(t *testing.T) {
	b := setup(t)
	ctx := b.shopper(t, "maria")
	cfg, err := pgxpool.ParseConfig(dbtest.URL(b.pool))
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxConns = 12
	wide, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(wide.Close)
	svc := orderapi.New(order.New(wide))

	// All 5 units in one order: a retry that priced the cart after the
	// first attempt took them must still answer with the order.
	key := uuid.NewString()
	const retries = 12
	start := make(chan struct{})
	ids := make([]int64, retries)
	errs := make([]error, retries)
	var wg sync.WaitGroup
	for i := range retries {
		wg.Go(func() {
			<-start
			res, err := svc.PlaceOrder(ctx, placeRequest(key, card, line(1, 5)))
			errs[i] = err
			if err == nil {
				ids[i] = res.Msg.GetOrder().GetId()
			}
		})
	}
	close(start)
	wg.Wait()
	for i := range retries {
		if errs[i] != nil || ids[i] != ids[0] {
			t.Errorf("attempt %d: order %d, %v; want order %d", i, ids[i], errs[i], ids[0])
		}
	}
	if b.stock(t, 1) != 0 || b.count(t, "orders") != 1 || b.count(t, "order_lines") != 1 {
		t.Errorf("stock %d, orders %d, lines %d; want 0, 1, 1", b.stock(t, 1), b.count(t, "orders"), b.count(t, "order_lines"))
	}
}

// TestPlaceOrderOverHTTP goes through a real server with the shop's
// validation and error interceptors. A stand-in for the auth interceptor
// signs the caller in when the test sends a user id header.
func TestPlaceOrderOverHTTP(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.orders.WithLimits(noLimits) // buys the whole stock cash on delivery
	maria := auth.FromContext(b.shopper(t, "maria"))
	signIn := connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if req.Header().Get("X-Test-User") == "maria" {
				ctx = auth.WithPrincipal(ctx, maria)
			}
			return next(ctx, req)
		}
	})
	mux := http.NewServeMux()
	mux.Handle(saboresv1connect.NewOrderServiceHandler(b.svc,
		connect.WithInterceptors(signIn, apperr.Validate(), apperr.Interceptor())))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	client := saboresv1connect.NewOrderServiceClient(srv.Client(), srv.URL)
	call := func(req *connect.Request[saboresv1.PlaceOrderRequest], signedIn bool) (*connect.Response[saboresv1.PlaceOrderResponse], error) {
		if signedIn {
			req.Header().Set("X-Test-User", "maria")
		}
		return client.PlaceOrder(context.Background(), req)
	}

	if _, err := call(placeRequest(uuid.NewString(), card, line(2, 1)), false); connecttest.Code(err) != connect.CodeUnauthenticated {
		t.Errorf("guest PlaceOrder: %v, want Unauthenticated", err)
	}
	bad := placeRequest(uuid.NewString(), card, line(2, 1))
	bad.Msg.Delivery.PostalCode = "99999"
	if _, err := call(bad, true); connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("bad postal code: %v, want InvalidArgument", err)
	}

	_, err := call(placeRequest(uuid.NewString(), card, line(1, 9), line(2, 1)), true)
	if connecttest.Code(err) != connect.CodeFailedPrecondition {
		t.Fatalf("too many units: %v, want FailedPrecondition", err)
	}
	if infos := connecttest.ErrorInfos(t, err); len(infos) != 1 || infos[0].GetReason() != "INSUFFICIENT_STOCK" ||
		infos[0].GetMetadata()["product_id"] != "1" || infos[0].GetMetadata()["available"] != "5" {
		t.Errorf("ErrorInfos over HTTP = %v", infos)
	}

	res, err := call(placeRequest(uuid.NewString(), saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY, line(1, 5), line(2, 1)), true)
	if err != nil {
		t.Fatalf("PlaceOrder: %v", err)
	}
	// 1 930 of goods, six units of 1 kg: 9,95 € to Burela.
	if o := res.Msg.GetOrder(); o.GetTotalCents() != 1930+995 || o.GetPaymentStatus() != saboresv1.PaymentStatus_PAYMENT_STATUS_ON_DELIVERY || o.GetDelivery().GetCity() != "Burela" {
		t.Errorf("order = %v", o)
	}
	if b.stock(t, 1) != 0 {
		t.Errorf("stock = %d, want 0", b.stock(t, 1))
	}
}

// widePool is a pool of conns connections to the test's database, as wide
// as a crowd of buyers, so their transactions really overlap.
func (b *bundle) widePool(t *testing.T, conns int32) *pgxpool.Pool {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(dbtest.URL(b.pool))
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxConns = conns
	wide, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(wide.Close)
	return wide
}
