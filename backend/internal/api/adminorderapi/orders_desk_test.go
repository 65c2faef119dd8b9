package adminorderapi_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/proto"

	"github.com/sabores/sabores/backend/internal/api/adminorderapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

type fixture struct {
	admintest.Shop
	svc *adminorderapi.Handler
}

// setup makes admintest's small shop and the handler over it.
func setup(t *testing.T) fixture {
	t.Helper()
	s := admintest.NewShop(t)
	return fixture{Shop: s, svc: adminorderapi.New(order.New(s.Pool), s.Pool)}
}

func TestListOrders(t *testing.T) {
	t.Parallel()
	f := setup(t)
	orders, err := f.svc.ListOrders(f.Ctx, connect.NewRequest(&saboresv1.ListOrdersRequest{PageSize: 3}))
	if err != nil {
		t.Fatal(err)
	}
	o := orders.Msg
	if o.TotalSize != 4 || len(o.Orders) != 3 {
		t.Fatalf("orders: total %d, %d on the page; want 4 and 3", o.TotalSize, len(o.Orders))
	}
	newest := o.Orders[0]
	if newest.CustomerEmail != "joao@example.com" || newest.ItemCount != 2 || len(newest.Lines) != 2 || newest.TotalCents != 570 {
		t.Errorf("newest order = %+v", newest)
	}
	if o.Orders[1].Status != saboresv1.OrderStatus_ORDER_STATUS_CANCELLED || o.Orders[2].CustomerEmail != "maria@example.com" {
		t.Errorf("orders not newest first: %v", o.Orders)
	}
}

// deskOrder writes an order for the desk's filters and returns its id.
func (f fixture) deskOrder(t *testing.T, status, payment, name, email, postal, createdAt string) int64 {
	t.Helper()
	var id int64
	if err := f.Pool.QueryRow(context.Background(), `INSERT INTO orders (user_id, idempotency_key, status, payment_method,
			payment_status, subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone,
			delivery_address, delivery_city, delivery_postal_code, created_at)
		VALUES ($1, gen_random_uuid(), $2, 'transfer', $3, 100, 0, 100, $4, $5, '600000000', 'Rúa 1', 'Burela', $6, $7)
		RETURNING id`, f.Maria, status, payment, name, email, postal, createdAt).Scan(&id); err != nil {
		t.Fatalf("desk order: %v", err)
	}
	return id
}

func (f fixture) desk(t *testing.T, req *saboresv1.ListOrdersRequest) (*saboresv1.ListOrdersResponse, error) {
	t.Helper()
	res, err := f.svc.ListOrders(f.Ctx, connect.NewRequest(req))
	if err != nil {
		return nil, err
	}
	return res.Msg, nil
}

func ids(orders []*saboresv1.Order) []int64 {
	out := make([]int64, len(orders))
	for i, o := range orders {
		out[i] = o.GetId()
	}
	return out
}

// TestOrderDeskFilters finds orders by status, payment, Madrid day and each
// kind of search, newest first.
func TestOrderDeskFilters(t *testing.T) {
	t.Parallel()
	f := setup(t)
	_, err := f.Pool.Exec(context.Background(), `DELETE FROM order_lines; DELETE FROM orders`)
	if err != nil {
		t.Fatal(err)
	}
	lucia := f.deskOrder(t, "placed", "awaiting_payment", "Lucía Pérez", "lucia@example.com", "27880", "2026-03-01 10:00+01")
	joao := f.deskOrder(t, "shipped", "paid", "João Gonçalves", "jg@correio.pt", "28001", "2026-03-02 23:30+01")
	ana := f.deskOrder(t, "cancelled", "awaiting_payment", "Ana Lucia Diop", "ana@example.com", "08001", "2026-03-03 00:30+01")
	zed := f.deskOrder(t, "delivered", "paid", "Zed 50%_off", "zed@example.com", "41001", "2026-03-04 12:00+01")
	tests := []struct {
		name string
		req  *saboresv1.ListOrdersRequest
		want []int64
	}{
		{"all, newest first", &saboresv1.ListOrdersRequest{}, []int64{zed, ana, joao, lucia}},
		{"status", &saboresv1.ListOrdersRequest{Status: saboresv1.OrderStatus_ORDER_STATUS_SHIPPED}, []int64{joao}},
		{"payment", &saboresv1.ListOrdersRequest{PaymentStatus: saboresv1.PaymentStatus_PAYMENT_STATUS_AWAITING_PAYMENT}, []int64{ana, lucia}},
		{"both", &saboresv1.ListOrdersRequest{Status: saboresv1.OrderStatus_ORDER_STATUS_PENDING, PaymentStatus: saboresv1.PaymentStatus_PAYMENT_STATUS_AWAITING_PAYMENT}, []int64{lucia}},
		// 23:30 on the 2nd in Madrid is the 2nd, though UTC says so too; 00:30 on the 3rd is the 2nd in UTC.
		{"one Madrid day", &saboresv1.ListOrdersRequest{CreatedFrom: "2026-03-03", CreatedTo: "2026-03-03"}, []int64{ana}},
		{"from", &saboresv1.ListOrdersRequest{CreatedFrom: "2026-03-02"}, []int64{zed, ana, joao}},
		{"to", &saboresv1.ListOrdersRequest{CreatedTo: "2026-03-02"}, []int64{joao, lucia}},
		{"name without accents", &saboresv1.ListOrdersRequest{Query: "lucia"}, []int64{ana, lucia}},
		{"name with case and accent", &saboresv1.ListOrdersRequest{Query: "GONÇALVES"}, []int64{joao}},
		{"e-mail", &saboresv1.ListOrdersRequest{Query: "correio.pt"}, []int64{joao}},
		{"postal code", &saboresv1.ListOrdersRequest{Query: "08001"}, []int64{ana}},
		{"order number", &saboresv1.ListOrdersRequest{Query: "#" + itoa(joao)}, []int64{joao}},
		{"wildcards are text", &saboresv1.ListOrdersRequest{Query: "50%_"}, []int64{zed}},
		{"nothing", &saboresv1.ListOrdersRequest{Query: "nadie"}, []int64{}},
		{"search and filter", &saboresv1.ListOrdersRequest{Query: "lucia", Status: saboresv1.OrderStatus_ORDER_STATUS_CANCELLED}, []int64{ana}},
	}
	for _, tt := range tests {
		got, err := f.desk(t, tt.req)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if !slices.Equal(ids(got.Orders), tt.want) || got.TotalSize != int32(len(tt.want)) || got.TotalSizeCapped {
			t.Errorf("%s: %v (total %d), want %v", tt.name, ids(got.Orders), got.TotalSize, tt.want)
		}
		// A page of one: the total is counted (a full page of one is not
		// every match) and is the same.
		one := proto.CloneOf(tt.req)
		one.PageSize = 1
		if got, err = f.desk(t, one); err != nil {
			t.Errorf("%s, one a page: %v", tt.name, err)
			continue
		}
		if got.TotalSize != int32(len(tt.want)) || got.TotalSizeCapped {
			t.Errorf("%s, one a page: total %d, want %d", tt.name, got.TotalSize, len(tt.want))
		}
	}
	for _, bad := range []*saboresv1.ListOrdersRequest{
		{Query: "lu"}, {CreatedFrom: "2026-02-30"}, {PageToken: "not-a-token"},
	} {
		if _, err := f.desk(t, bad); connecttest.Code(err) != connect.CodeInvalidArgument {
			t.Errorf("ListOrders(%v) = %v, want InvalidArgument", bad, err)
		}
	}
}

// TestOrderDeskViews: the basic view is the desk's row without the lines
// (nor what they make); the full view and a request naming none, as
// integrators' requests do, keep them.
func TestOrderDeskViews(t *testing.T) {
	t.Parallel()
	f := setup(t)
	id := f.placeFixture(t, "transfer", "awaiting_payment")
	for _, view := range []saboresv1.OrderView{
		saboresv1.OrderView_ORDER_VIEW_BASIC, saboresv1.OrderView_ORDER_VIEW_FULL, saboresv1.OrderView_ORDER_VIEW_UNSPECIFIED,
	} {
		page, err := f.desk(t, &saboresv1.ListOrdersRequest{Query: itoa(id), View: view})
		if err != nil {
			t.Fatalf("%v: %v", view, err)
		}
		if len(page.Orders) != 1 {
			t.Fatalf("%v: %d orders, want order %d", view, len(page.Orders), id)
		}
		o := page.Orders[0]
		if o.Id != id || o.CustomerEmail != "maria@example.com" || o.TotalCents != 500 || o.Delivery.GetPostalCode() != "27880" ||
			o.Status != saboresv1.OrderStatus_ORDER_STATUS_PENDING || o.PaymentStatus != saboresv1.PaymentStatus_PAYMENT_STATUS_AWAITING_PAYMENT {
			t.Errorf("%v: the desk's row = %v", view, o)
		}
		basic := view == saboresv1.OrderView_ORDER_VIEW_BASIC
		if lines := len(o.Lines); basic != (lines == 0) || basic != (o.ItemCount == 0) || basic != (len(o.VatByRate) == 0) {
			t.Errorf("%v: %d lines, item count %d, VAT %v", view, lines, o.ItemCount, o.VatByRate)
		}
	}
}

// TestOrderDeskPagesByCursor walks every page: each order once, newest
// first, orders placed in the same microsecond told apart by id; the count
// stops at its cap, a name search's at a lower one.
func TestOrderDeskPagesByCursor(t *testing.T) {
	t.Parallel()
	f := setup(t)
	if _, err := f.Pool.Exec(context.Background(), `INSERT INTO orders (user_id, idempotency_key, status, payment_method,
			payment_status, subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone,
			delivery_address, delivery_city, delivery_postal_code, created_at)
		SELECT $1, gen_random_uuid(), 'delivered', 'card', 'paid', 100, 0, 100, 'Cliente ' || g, 'c@example.com',
			'600000000', 'Rúa 1', 'Burela', '27880', timestamptz '2026-01-01' + (g / 3) * interval '1 minute'
		FROM generate_series(1, 1003) g`, f.Maria); err != nil {
		t.Fatal(err)
	}
	var want []int64
	rows, err := f.Pool.Query(context.Background(), `SELECT id FROM orders ORDER BY created_at DESC, id DESC`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		want = append(want, id)
	}
	var got []int64
	req := &saboresv1.ListOrdersRequest{PageSize: 100}
	pages := 0
	for {
		page, err := f.desk(t, req)
		if err != nil {
			t.Fatal(err)
		}
		pages++
		if page.TotalSize != adminorderapi.OrderCountLimit || !page.TotalSizeCapped {
			t.Fatalf("page %d: total %d capped %v, want %d capped", pages, page.TotalSize, page.TotalSizeCapped, adminorderapi.OrderCountLimit)
		}
		got = append(got, ids(page.Orders)...)
		if page.NextPageToken == "" {
			break
		}
		req.PageToken = page.NextPageToken
	}
	if !slices.Equal(got, want) {
		t.Errorf("paged %d orders in %d pages; not the %d orders newest first, once each", len(got), pages, len(want))
	}
	if pages != 11 {
		t.Errorf("%d pages of 100 for %d orders", pages, len(want))
	}
	// A name search stops counting at a hundred; a narrower one counts.
	for _, tt := range []struct {
		query  string
		total  int32
		capped bool
	}{{"cliente", adminorderapi.SearchCountLimit, true}, {"cliente 10", 15, false}} {
		page, err := f.desk(t, &saboresv1.ListOrdersRequest{Query: tt.query, PageSize: 10})
		if err != nil {
			t.Fatal(err)
		}
		if page.TotalSize != tt.total || page.TotalSizeCapped != tt.capped {
			t.Errorf("%q: total %d capped %v, want %d capped %v", tt.query, page.TotalSize, page.TotalSizeCapped, tt.total, tt.capped)
		}
	}
}

// TestAdminOrderOffersWhatTheLifecycleAllows reads an order at each stage:
// the actions offered are the lifecycle's, and only a transfer is marked
// paid by hand.
func TestAdminOrderOffersWhatTheLifecycleAllows(t *testing.T) {
	t.Parallel()
	f := setup(t)
	const (
		paid      = saboresv1.OrderAction_ORDER_ACTION_MARK_PAID
		prepare   = saboresv1.OrderAction_ORDER_ACTION_START_PREPARING
		ship      = saboresv1.OrderAction_ORDER_ACTION_SHIP
		delivered = saboresv1.OrderAction_ORDER_ACTION_MARK_DELIVERED
		cancel    = saboresv1.OrderAction_ORDER_ACTION_CANCEL
	)
	get := func(id int64) *saboresv1.GetAdminOrderResponse {
		t.Helper()
		res, err := f.svc.GetAdminOrder(f.Ctx, connect.NewRequest(&saboresv1.GetAdminOrderRequest{Id: id}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg
	}
	transfer := f.placeFixture(t, "transfer", "awaiting_payment")
	steps := []struct {
		take *saboresv1.AdvanceOrderRequest
		want []saboresv1.OrderAction
	}{
		{nil, []saboresv1.OrderAction{paid, cancel}},
		{&saboresv1.AdvanceOrderRequest{Action: paid}, []saboresv1.OrderAction{prepare, cancel}},
		{&saboresv1.AdvanceOrderRequest{Action: prepare}, []saboresv1.OrderAction{ship, cancel}},
		{&saboresv1.AdvanceOrderRequest{Action: ship, Carrier: "Correos", TrackingNumber: "PQ 12/3"}, []saboresv1.OrderAction{delivered}},
		{&saboresv1.AdvanceOrderRequest{Action: delivered}, nil},
	}
	for i, s := range steps {
		if s.take != nil {
			s.take.Id = transfer
			if _, err := f.svc.AdvanceOrder(f.Ctx, connect.NewRequest(s.take)); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		if got := get(transfer).AllowedActions; !slices.Equal(got, s.want) {
			t.Errorf("step %d: offered %v, want %v", i, got, s.want)
		}
	}
	o := get(transfer)
	if o.Order.Carrier != "Correos" || o.Order.TrackingNumber != "PQ 12/3" ||
		o.Order.TrackingUrl != "https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PQ+12%2F3" {
		t.Errorf("shipping data: %q %q %q", o.Order.Carrier, o.Order.TrackingNumber, o.Order.TrackingUrl)
	}
	if o.Order.CustomerEmail != "maria@example.com" || len(o.Order.Lines) != 1 || !slices.Contains(o.Carriers, "SEUR") {
		t.Errorf("order: %v, carriers %v", o.Order, o.Carriers)
	}
	if v := o.Order.VatByRate; len(v) != 1 || v[0].VatBasisPoints != 1000 || v[0].VatCents != 45 || v[0].BaseCents != 455 {
		t.Errorf("VAT by rate: %v", v)
	}
	var states []string
	for _, e := range o.Events {
		states = append(states, e.Machine+":"+e.ToState)
	}
	if want := []string{"payment:paid", "fulfilment:preparing", "fulfilment:shipped", "fulfilment:delivered"}; !slices.Equal(states, want) {
		t.Errorf("timeline %v, want %v", states, want)
	}

	card := f.placeFixture(t, "card", "awaiting_payment")
	if got := get(card).AllowedActions; !slices.Equal(got, []saboresv1.OrderAction{cancel}) {
		t.Errorf("unpaid card order: offered %v, want only cancel", got)
	}
	_, err := f.svc.AdvanceOrder(f.Ctx, connect.NewRequest(&saboresv1.AdvanceOrderRequest{Id: card, Action: paid}))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != "PAYMENT_NOT_MANUAL" {
		t.Errorf("marking a card order paid: %v %q, want FailedPrecondition PAYMENT_NOT_MANUAL", code, reason)
	}
	cash := f.placeFixture(t, "cash", "on_delivery")
	if got := get(cash).AllowedActions; !slices.Equal(got, []saboresv1.OrderAction{prepare, cancel}) {
		t.Errorf("cash order: offered %v, want prepare and cancel", got)
	}
	if _, err = f.svc.GetAdminOrder(f.Ctx, connect.NewRequest(&saboresv1.GetAdminOrderRequest{Id: 999999})); connecttest.Code(err) != connect.CodeNotFound {
		t.Errorf("an unknown order: %v, want NotFound", err)
	}
}

// TestOrderDeskPlansEachCallWithItsValues: the desk's list and count are
// never prepared statements, whose generic plan (chosen after five calls)
// cannot know which filters are NULL and would walk one index for every
// search; each call is an unnamed statement planned with its values.
func TestOrderDeskPlansEachCallWithItsValues(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(dbtest.NewURL(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxConns = 1 // pg_prepared_statements is per connection
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	svc := adminorderapi.New(order.New(pool), pool)
	for _, q := range []string{"", "", "", "lucía", "", "", "27880", "", "#1"} {
		if _, err := svc.ListOrders(ctx, connect.NewRequest(&saboresv1.ListOrdersRequest{Query: q})); err != nil {
			t.Fatalf("search %q: %v", q, err)
		}
	}
	// The control: the customer list's query, as its handler runs it.
	if _, err := db.New(pool).AdminListCustomers(ctx, db.AdminListCustomersParams{PageLimit: 11}); err != nil {
		t.Fatal(err)
	}
	prepared := func(name string) int {
		t.Helper()
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%name: ' || $1 || ' %'`,
			name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	// The customer list is prepared as every other query: the check sees them.
	if n := prepared("AdminListCustomers"); n != 1 {
		t.Fatalf("AdminListCustomers prepared %d times on the connection, want 1", n)
	}
	for _, name := range []string{"AdminListOrders", "AdminCountOrders", "AdminListOrdersByContact", "AdminCountOrdersByContact"} {
		if n := prepared(name); n != 0 {
			t.Errorf("%s is a prepared statement (%d): it would get a generic plan", name, n)
		}
	}
}

// TestOrderDeskSearchFindsWhatTheOrdersHold: the search by name or e-mail
// reads the folded contacts and the orders the fold has not reached
// (migration 00282); at every step it finds, in the same order and with the
// same count, what a LIKE over every order's contact finds: orders dated in
// the past (listed by a trigger), an order placed now before any fold and
// after it, an order whose transaction began before a fold and committed
// after it, and an erased e-mail.
func TestOrderDeskSearchFindsWhatTheOrdersHold(t *testing.T) {
	t.Parallel()
	f := setup(t)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := f.Pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%v\n%s", err, sql)
		}
	}
	exec(`DELETE FROM order_lines; DELETE FROM orders`)
	for i, c := range []struct{ name, email string }{
		{"Sofía Díaz", "sofia.diaz@example.com"}, {"Sofia Diaz", "cliente12345@example.com"},
		{"José Martínez", "cliente777@example.com"}, {"Aminata Diop", "aminata@correo.sn"},
		{"Sofía Díaz", "sofia.diaz@example.com"}, {"Marta Núñez", "cliente1234@example.com"},
	} {
		f.deskOrder(t, "delivered", "paid", c.name, c.email, "28013", fmt.Sprintf("2026-03-0%d 10:00+01", 1+i%3))
	}
	// placeNow writes an order as the checkout does, dated by its
	// transaction's start (created_at's default).
	const placeNow = `INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status,
		subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
		delivery_city, delivery_postal_code)
		VALUES ($1, gen_random_uuid(), 'placed', 'transfer', 'awaiting_payment', 100, 0, 100, $2, $3, '600000000',
		'Rúa 1', 'Bilbao', '48001') RETURNING id`
	listed := func(contact string) bool {
		t.Helper()
		var ok bool
		if err := f.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM order_contacts
			WHERE contact_search = search_normalize($1))`, contact).Scan(&ok); err != nil {
			t.Fatal(err)
		}
		return ok
	}
	// like is what the search must find: a LIKE over every order's contact.
	like := func(q string) []int64 {
		t.Helper()
		rows, err := f.Pool.Query(ctx, `SELECT id FROM orders WHERE contact_search LIKE '%' || search_normalize($1) || '%'
			ORDER BY created_at DESC, id DESC`, paging.EscapeLike(q))
		if err != nil {
			t.Fatal(err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	// check pages through the search one order at a time (each page's
	// count comes from the count query), and two at a time.
	check := func(step, q string, want int) {
		t.Helper()
		all := like(q)
		if len(all) != want {
			t.Fatalf("%s, %q: a LIKE over the orders finds %d, the test expects %d", step, q, len(all), want)
		}
		for _, size := range []int32{1, 2} {
			var got []int64
			req := &saboresv1.ListOrdersRequest{Query: q, PageSize: size}
			for {
				page, err := f.desk(t, req)
				if err != nil {
					t.Fatalf("%s, %q: %v", step, q, err)
				}
				if page.TotalSize != int32(want) {
					t.Errorf("%s, %q, pages of %d: total %d, want %d", step, q, size, page.TotalSize, want)
				}
				got = append(got, ids(page.Orders)...)
				if page.NextPageToken == "" {
					break
				}
				req.PageToken = page.NextPageToken
			}
			if !slices.Equal(got, all) {
				t.Errorf("%s, %q, pages of %d: desk %v, orders %v", step, q, size, got, all)
			}
		}
	}
	searches := func(step string, extra map[string]int) {
		t.Helper()
		for q, n := range map[string]int{
			"sofia diaz": 3, "SOFÍA": 3, "díaz cliente": 1, "cliente1234": 2, "cliente12345@": 1,
			"cliente777@": 1, "martínez": 1, "correo.sn": 1, "nadie": 0,
		} {
			check(step, q, n)
		}
		for q, n := range extra {
			check(step, q, n)
		}
	}
	if !listed("Sofía Díaz sofia.diaz@example.com") {
		t.Fatal("an order dated in the past is not listed at once")
	}
	searches("dated orders", map[string]int{"example.com": 5})

	exec(`SELECT order_contacts_fold()`)
	var inigo int64
	if err := f.Pool.QueryRow(ctx, placeNow, f.Maria, "Íñigo Ortúzar", "inigo@example.eus").Scan(&inigo); err != nil {
		t.Fatal(err)
	}
	if listed("Íñigo Ortúzar inigo@example.eus") {
		t.Fatal("the checkout's order listed its contact: it should write nothing more")
	}
	searches("placed now, not folded", map[string]int{"iñigo ortuzar": 1, "example": 6})
	exec(`SELECT order_contacts_fold()`)
	if !listed("Íñigo Ortúzar inigo@example.eus") {
		t.Fatal("the fold did not list the new order's contact")
	}
	searches("placed now, folded", map[string]int{"iñigo ortuzar": 1, "example": 6})

	// A transaction that began before a fold and commits after it: the
	// fold cannot see its order, and must not pass it by.
	tx, err := f.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	var late int64
	if err := tx.QueryRow(ctx, placeNow, f.Maria, "Lola Ferrán", "lola@example.cat").Scan(&late); err != nil {
		t.Fatal(err)
	}
	exec(`SELECT order_contacts_fold()`)
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	searches("committed after a fold", map[string]int{"lola ferran": 1, "example": 7})
	exec(`SELECT order_contacts_fold()`)
	if !listed("Lola Ferrán lola@example.cat") {
		t.Fatal("the next fold did not list the late order's contact")
	}
	searches("committed after a fold, folded", map[string]int{"lola ferran": 1, "example": 7})

	// The erasure blanks the e-mail: the new contact is listed at once; the
	// old one stays and matches no order.
	exec(`UPDATE orders SET delivery_email = '' WHERE delivery_email = 'sofia.diaz@example.com'`)
	if !listed("Sofía Díaz ") {
		t.Error("an erased order's new contact is not listed")
	}
	check("erased", "sofia.diaz@", 0)
	check("erased", "sofia diaz", 3)
	check("erased", "example", 5)
}
