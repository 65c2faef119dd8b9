package systemtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"golang.org/x/sync/errgroup"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// keyTransport sends an API key with every request, as an ERP does.
type keyTransport struct{ secret string }

func (k keyTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+k.secret)
	return http.DefaultTransport.RoundTrip(r)
}

// erpKey creates an API key with scopes and returns an HTTP client using
// it and the key's id.
func erpKey(t *testing.T, pool *pgxpool.Pool, scopes ...string) (*http.Client, int64) {
	t.Helper()
	owner := dbtest.Admin(t, pool, auth.Company, dbtest.PersonOpts{Subject: "owner-" + uuid.NewString()})
	key, err := auth.CreateAPIKey(context.Background(), db.New(pool), "ERP", scopes, nil, &owner)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Transport: keyTransport{key.Secret}}, key.ID
}

// TestAnERPSyncsStockByKey plays an ERP with a stock_write key: it counts
// 500 products in one call (plus an unknown SKU and a line below zero),
// retries the call after a "timeout", sends the same count again under a
// new key, and reuses a key for other lines. Each product is counted once,
// in the ledger and the audit trail under the key.
func TestAnERPSyncsStockByKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	shop := newTestShop(t, dbtest.URL(pool), io.Discard)
	const n = 500
	if _, err := pool.Exec(ctx, `INSERT INTO products (name, code, sku, category, price_cents, vat_basis_points, stock, ean)
		SELECT 'Producto ' || i, 'ERP-' || i, 'SKU-' || i, 'alimentos', 100, 1000, 3, CASE WHEN i = 1 THEN '5601234567894' ELSE '' END
		FROM generate_series(1, $1::integer) i`, n); err != nil {
		t.Fatal(err)
	}
	httpClient, keyID := erpKey(t, pool, auth.ScopeStockWrite)
	stock := saboresv1connect.NewAdminStockServiceClient(httpClient, shop.URL)
	count := &saboresv1.SyncStockRequest{
		IdempotencyKey: uuid.NewString(), Reason: saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_COUNT, Note: "inventario",
	}
	for i := 1; i <= n; i++ {
		line := &saboresv1.StockSyncLine{Product: &saboresv1.StockSyncLine_Sku{Sku: fmt.Sprintf("SKU-%d", i)},
			Change: &saboresv1.StockSyncLine_Stock{Stock: int32(i % 7)}}
		if i == 1 {
			line.Product = &saboresv1.StockSyncLine_Ean{Ean: "5601234567894"}
		}
		count.Lines = append(count.Lines, line)
	}
	count.Lines = append(count.Lines,
		&saboresv1.StockSyncLine{Product: &saboresv1.StockSyncLine_Sku{Sku: "NO-SUCH"}, Change: &saboresv1.StockSyncLine_Stock{Stock: 1}},
		&saboresv1.StockSyncLine{Product: &saboresv1.StockSyncLine_Sku{Sku: "SKU-7"}, Change: &saboresv1.StockSyncLine_Delta{Delta: -1}})

	first, err := stock.SyncStock(ctx, connect.NewRequest(count))
	if err != nil {
		t.Fatal(err)
	}
	results := first.Msg.GetResults()
	if len(results) != n+2 || first.Msg.GetReplayed() {
		t.Fatalf("%d results, replayed %v; want %d, not replayed", len(results), first.Msg.GetReplayed(), n+2)
	}
	for i, r := range results[:n] {
		want := int32((i + 1) % 7)
		if r.GetOutcome() != saboresv1.StockSyncOutcome_STOCK_SYNC_OUTCOME_APPLIED || r.GetStock() != want || r.GetDelta() != want-3 {
			t.Fatalf("line %d: %v, want applied to %d by %d", i+1, r, want, want-3)
		}
	}
	if r := results[n]; r.GetOutcome() != saboresv1.StockSyncOutcome_STOCK_SYNC_OUTCOME_UNKNOWN_PRODUCT {
		t.Errorf("unknown SKU: %v", r)
	}
	if r := results[n+1]; r.GetOutcome() != saboresv1.StockSyncOutcome_STOCK_SYNC_OUTCOME_BELOW_ZERO || r.GetStock() != 0 {
		t.Errorf("SKU-7 counted to 0 then -1: %v, want below zero at 0", r)
	}
	ledger := func() (movements, audits int) {
		t.Helper()
		if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM stock_movements WHERE kind = 'adjustment' AND reason = 'count' AND note = 'inventario'),
			(SELECT count(*) FROM audit_events WHERE action = 'stock.adjust' AND actor = $1)`, fmt.Sprintf("api-key:%d", keyID)).Scan(&movements, &audits); err != nil {
			t.Fatal(err)
		}
		return movements, audits
	}
	// A count of 3 (i % 7 == 3) leaves the stock as it was: no movement.
	changed := 0
	for i := 1; i <= n; i++ {
		if i%7 != 3 {
			changed++
		}
	}
	if m, a := ledger(); m != changed || a != changed {
		t.Fatalf("%d ledger movements and %d audit events under the key, want %d each", m, a, changed)
	}

	retry, err := stock.SyncStock(ctx, connect.NewRequest(count))
	if err != nil {
		t.Fatal(err)
	}
	if !retry.Msg.GetReplayed() || len(retry.Msg.GetResults()) != n+2 || retry.Msg.GetResults()[42].GetDelta() != results[42].GetDelta() {
		t.Errorf("retry: replayed %v, %d results; want the first answer again", retry.Msg.GetReplayed(), len(retry.Msg.GetResults()))
	}
	count.IdempotencyKey = uuid.NewString()
	again, err := stock.SyncStock(ctx, connect.NewRequest(count))
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range again.Msg.GetResults()[:n] {
		if r.GetDelta() != 0 || r.GetOutcome() != saboresv1.StockSyncOutcome_STOCK_SYNC_OUTCOME_APPLIED {
			t.Fatalf("the same count again, line %d: %v, want applied with no change", i+1, r)
		}
	}
	if m, a := ledger(); m != changed || a != changed {
		t.Errorf("after the retry and the repeat: %d movements, %d audit events, want %d each", m, a, changed)
	}

	count.Lines = count.Lines[:10]
	_, err = stock.SyncStock(ctx, connect.NewRequest(count))
	if code := connecttest.Code(err); code != connect.CodeFailedPrecondition {
		t.Errorf("a used key with other lines: %v, want FailedPrecondition", err)
	}

	// AdjustStock takes the key too; a key without the scope is refused.
	if _, err := stock.AdjustStock(ctx, connect.NewRequest(&saboresv1.AdjustStockRequest{
		ProductId: results[1].GetProductId(), Change: &saboresv1.AdjustStockRequest_Delta{Delta: 5},
		Reason: saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_RECEIPT,
	})); err != nil {
		t.Errorf("AdjustStock with a stock_write key: %v", err)
	}
	reader, _ := erpKey(t, pool, auth.ScopeCatalogWrite)
	_, err = saboresv1connect.NewAdminStockServiceClient(reader, shop.URL).SyncStock(ctx, connect.NewRequest(count))
	if code := connecttest.Code(err); code != connect.CodePermissionDenied {
		t.Errorf("SyncStock with a catalog_write key: %v, want PermissionDenied", err)
	}
}

// TestAnERPFollowsOrdersByCursor plays an ERP following orders while
// shoppers place them and the desk marks them paid, concurrently, so
// transactions commit out of the order they began in. Reading the change
// feed with an orders_read key from its cursor, the ERP ends up with every
// order paid (a skipped change would leave an order unpaid in its books)
// and the events feed holds one order.paid per order.
func TestAnERPFollowsOrdersByCursor(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	dbtest.ShopSettings(t, pool)
	shop := newTestShop(t, dbtest.URL(pool), io.Discard)
	queue, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Workers: river.NewWorkers(), SkipUnknownJobCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	orders := order.New(pool).WithMailer(jobs.NewMailQueue(queue, "pedidos@sabores.test")).
		WithInvoicer(invoice.Invoicer{Issuer: invoice.SettingsIssuer{}, Submissions: jobs.NewVerifactuQueue(queue)})
	shopper := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{SKU: "GUARANA-350", PriceCents: 250, Stock: 1000})
	httpClient, _ := erpKey(t, pool, auth.ScopeOrdersRead, auth.ScopeEventsRead)
	desk := saboresv1connect.NewAdminOrderServiceClient(httpClient, shop.URL)
	events := saboresv1connect.NewAdminEventServiceClient(httpClient, shop.URL)

	const writers, each = 6, 15
	var placed sync.Map
	done := make(chan struct{})
	var g errgroup.Group
	for range writers {
		g.Go(func() error {
			for range each {
				id, err := placeTransferOrder(ctx, pool, shopper, product)
				if err != nil {
					return err
				}
				placed.Store(id, true)
				if _, err := orders.MarkPaid(ctx, id, audit.Caller{Name: "desk@sabores.test"}, "justificante"); err != nil {
					return fmt.Errorf("mark order %d paid: %w", id, err)
				}
			}
			return nil
		})
	}
	go func() { _ = g.Wait(); close(done) }()

	// The ERP's books: each order's latest state as the feed gave it.
	books := map[int64]*saboresv1.Order{}
	cursor := ""
	follow := func() int {
		t.Helper()
		res := withinLimit(t, func() (*connect.Response[saboresv1.ListOrderChangesResponse], error) {
			return desk.ListOrderChanges(ctx, connect.NewRequest(&saboresv1.ListOrderChangesRequest{AfterCursor: cursor, Limit: 25}))
		})
		for _, o := range res.Msg.GetOrders() {
			books[o.GetId()] = o
		}
		cursor = res.Msg.GetNextCursor()
		return len(res.Msg.GetOrders())
	}
	allPaid := func() bool {
		if len(books) != writers*each {
			return false
		}
		for _, o := range books {
			if o.GetPaymentStatus() != saboresv1.PaymentStatus_PAYMENT_STATUS_PAID {
				return false
			}
		}
		return true
	}
	// Generous: transaction ids are the cluster's, so a long transaction
	// in another test's database holds the feed back too.
	deadline := time.Now().Add(120 * time.Second)
	writing := true
	for writing || !allPaid() {
		select {
		case <-done:
			writing = false
		default:
		}
		if follow() == 0 {
			time.Sleep(20 * time.Millisecond)
		}
		if time.Now().After(deadline) {
			unpaid := 0
			for _, o := range books {
				if o.GetPaymentStatus() != saboresv1.PaymentStatus_PAYMENT_STATUS_PAID {
					unpaid++
				}
			}
			t.Fatalf("after 120 s the ERP knows %d orders, %d unpaid; want %d, all paid", len(books), unpaid, writers*each)
		}
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	placed.Range(func(id, _ any) bool {
		if _, ok := books[id.(int64)]; !ok {
			t.Errorf("order %d never reached the ERP", id)
		}
		return true
	})
	for _, o := range books {
		if o.GetPaidTime() == nil || o.GetUpdateTime() == nil || len(o.GetLines()) != 1 || o.GetLines()[0].GetSku() != "GUARANA-350" {
			t.Fatalf("order as the ERP got it: paid %v, updated %v, lines %v; want both times and the line's SKU",
				o.GetPaidTime(), o.GetUpdateTime(), o.GetLines())
		}
		break
	}

	paid := map[string]int64{}
	after := ""
	for {
		res := withinLimit(t, func() (*connect.Response[saboresv1.ListEventsResponse], error) {
			return events.ListEvents(ctx, connect.NewRequest(&saboresv1.ListEventsRequest{AfterCursor: after, Types: []string{"order.paid"}}))
		})
		for _, e := range res.Msg.GetEvents() {
			paid[e.GetId()] = int64(e.GetData().GetFields()["order_id"].GetNumberValue())
		}
		if res.Msg.GetNextCursor() == after {
			break
		}
		after = res.Msg.GetNextCursor()
	}
	perOrder := map[int64]int{}
	for _, id := range paid {
		perOrder[id]++
	}
	if len(paid) != writers*each || len(perOrder) != writers*each {
		t.Errorf("%d order.paid events for %d orders, want one for each of %d", len(paid), len(perOrder), writers*each)
	}
}

// withinLimit makes a call as docs/integrators.md asks of an ERP: refused
// with resource_exhausted (the key's rate limit, which a follower polling
// while the shop is slow reaches), it waits the Retry-After it was given
// and calls again.
func withinLimit[T any](t *testing.T, call func() (T, error)) T {
	t.Helper()
	for {
		res, err := call()
		if err != nil && connect.CodeOf(err) == connect.CodeResourceExhausted {
			wait := time.Second
			var cerr *connect.Error
			if errors.As(err, &cerr) {
				if s, perr := strconv.Atoi(cerr.Meta().Get("Retry-After")); perr == nil && s > 0 {
					wait = time.Duration(s) * time.Second
				}
			}
			t.Logf("rate limited: waiting %v as Retry-After says", wait)
			time.Sleep(wait)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
}

// placeTransferOrder writes an order paid by transfer and its first step
// in one transaction, as PlaceOrder leaves it.
func placeTransferOrder(ctx context.Context, pool *pgxpool.Pool, userID, productID int64) (int64, error) {
	var id int64
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO orders (user_id, idempotency_key, payment_method, payment_status,
			subtotal_cents, shipping_cents, vat_cents, total_cents,
			delivery_name, delivery_email, delivery_phone, delivery_address, delivery_city, delivery_postal_code)
			VALUES ($1, $2, 'transfer', 'awaiting_payment', 250, 0, 23, 250, 'Ana', 'ana@example.com', '600000000', 'Calle 1', 'Burela', '27880')
			RETURNING id`, userID, uuid.New()).Scan(&id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity,
			unit_price_cents, regular_unit_price_cents, vat_basis_points, line_total_cents)
			VALUES ($1, 1, $2, 'Guaraná', 1, 250, 250, 1000, 250)`, id, productID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO order_events (order_id, machine, to_state, actor) VALUES ($1, 'fulfilment', 'placed', 'shopper')`, id)
		return err
	})
	return id, err
}
