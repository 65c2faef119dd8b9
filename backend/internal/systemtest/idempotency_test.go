package systemtest

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/guard"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// TestBackOfficeWritesTakeAnIdempotencyKey plays an ERP that corrects a
// product's stock with an Idempotency-Key and retries as a client does after
// a timeout: the retry answers the first call's figures without moving the
// stock again, over Connect's JSON as over its binary codec; the key sent
// with another change is refused; a call that failed frees its key; twins
// sent at once move the stock once; and a call without the header is not
// concerned.
func TestBackOfficeWritesTakeAnIdempotencyKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	shop := newTestShop(t, dbtest.URL(pool), io.Discard)
	var product int64
	if err := pool.QueryRow(ctx, `INSERT INTO products (name, code, sku, category, price_cents, vat_basis_points, stock)
		VALUES ('Farofa', 'IDEM-1', 'SKU-IDEM-1', 'alimentos', 350, 1000, 10) RETURNING id`).Scan(&product); err != nil {
		t.Fatal(err)
	}
	httpClient, _ := erpKey(t, pool, auth.ScopeStockWrite)
	binary := saboresv1connect.NewAdminStockServiceClient(httpClient, shop.URL)
	jsonClient := saboresv1connect.NewAdminStockServiceClient(httpClient, shop.URL, connect.WithProtoJSON())
	adjust := func(c saboresv1connect.AdminStockServiceClient, key string, delta int32) (*connect.Response[saboresv1.AdjustStockResponse], error) {
		req := connect.NewRequest(&saboresv1.AdjustStockRequest{
			ProductId: product, Change: &saboresv1.AdjustStockRequest_Delta{Delta: delta},
			Reason: saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_RECEIPT, Note: "albarán 17",
		})
		if key != "" {
			req.Header().Set(guard.IdempotencyKeyHeader, key)
		}
		return c.AdjustStock(ctx, req)
	}
	stock := func() (n int32) {
		t.Helper()
		if err := pool.QueryRow(ctx, `SELECT stock FROM products WHERE id = $1`, product).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	key := `"` + uuid.NewString() + `"`
	first, err := adjust(binary, key, 5)
	if err != nil {
		t.Fatal(err)
	}
	if first.Msg.GetStock() != 15 || first.Header().Get(guard.ReplayedHeader) != "" {
		t.Fatalf("first call: stock %d, replayed %q; want 15 and not replayed", first.Msg.GetStock(), first.Header().Get(guard.ReplayedHeader))
	}
	for _, c := range []saboresv1connect.AdminStockServiceClient{binary, jsonClient} {
		again, err := adjust(c, key, 5)
		if err != nil {
			t.Fatalf("retry: %v", err)
		}
		if again.Msg.GetStock() != 15 || again.Msg.GetDelta() != 5 || again.Header().Get(guard.ReplayedHeader) != "true" {
			t.Errorf("retry: stock %d delta %d replayed %q; want the first answer (15, 5), replayed", again.Msg.GetStock(), again.Msg.GetDelta(), again.Header().Get(guard.ReplayedHeader))
		}
	}
	if got := stock(); got != 15 {
		t.Fatalf("stock after the retries = %d, want 15 (moved once)", got)
	}

	_, err = adjust(binary, key, 6)
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != guard.ReasonIdempotencyKeyReused {
		t.Errorf("the key with another change: %v %s, want FailedPrecondition %s", code, reason, guard.ReasonIdempotencyKeyReused)
	}
	if _, err := adjust(binary, strings.Repeat("k", 256), 1); connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Errorf("a key of 256 characters: %v, want InvalidArgument", err)
	}

	// Below zero is refused; the key is free again, and the same call,
	// once the stock allows it, runs.
	failing := uuid.NewString()
	if _, err := adjust(binary, failing, -100); connect.CodeOf(err) == connect.CodeUnknown || err == nil {
		t.Fatalf("taking 100 of 15: %v, want a refusal", err)
	}
	if _, err := adjust(binary, uuid.NewString(), 90); err != nil {
		t.Fatal(err)
	}
	if res, err := adjust(binary, failing, -100); err != nil || res.Header().Get(guard.ReplayedHeader) != "" {
		t.Fatalf("the failed call again, now possible: %v (replayed %q), want it run", err, res.Header().Get(guard.ReplayedHeader))
	}
	if got := stock(); got != 5 {
		t.Fatalf("stock = %d, want 5", got)
	}

	// Twins at once: one moves the stock; the other is told the call is
	// running or gets its answer.
	twin := uuid.NewString()
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() { _, errs[i] = adjust(binary, twin, 1) })
	}
	wg.Wait()
	for _, err := range errs {
		if err == nil {
			continue
		}
		if code, reason := connecttest.Detail(t, err); code != connect.CodeAborted || reason != guard.ReasonIdempotencyKeyInUse {
			t.Errorf("a twin: %v %s, want success or Aborted %s", code, reason, guard.ReasonIdempotencyKeyInUse)
		}
	}
	if got := stock(); got != 6 {
		t.Fatalf("stock after 8 twins = %d, want 6 (moved once)", got)
	}

	// Without the header, every call writes.
	for range 2 {
		if _, err := adjust(binary, "", 1); err != nil {
			t.Fatal(err)
		}
	}
	if got := stock(); got != 8 {
		t.Fatalf("stock after two unkeyed calls = %d, want 8", got)
	}
}
