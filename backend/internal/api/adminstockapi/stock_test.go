package adminstockapi_test

import (
	"errors"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/sabores/sabores/backend/internal/api/adminstockapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/connecttest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

type fixture struct {
	admintest.Shop
	svc *adminstockapi.Handler
}

// setup makes admintest's small shop and the handler over it.
func setup(t *testing.T) fixture {
	t.Helper()
	s := admintest.NewShop(t)
	return fixture{Shop: s, svc: adminstockapi.New(catalogue.New(s.Pool))}
}

func adjust(delta int32, reason saboresv1.StockAdjustmentReason, note string) *saboresv1.AdjustStockRequest {
	return &saboresv1.AdjustStockRequest{ProductId: 1001, Change: &saboresv1.AdjustStockRequest_Delta{Delta: delta}, Reason: reason, Note: note}
}

func TestAdjustStockBooksLedgerAndAudit(t *testing.T) {
	t.Parallel()
	f := setup(t)
	const (
		receipt = saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_RECEIPT
		count   = saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_COUNT
		damage  = saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_DAMAGE
	)
	res, err := f.svc.AdjustStock(f.Ctx, connect.NewRequest(adjust(10, receipt, "albarán 77")))
	if err != nil || res.Msg.GetStock() != 10 || res.Msg.GetDelta() != 10 {
		t.Fatalf("receipt of 10: %v, %v", res, err)
	}
	res, err = f.svc.AdjustStock(f.Ctx, connect.NewRequest(&saboresv1.AdjustStockRequest{
		ProductId: 1001, Change: &saboresv1.AdjustStockRequest_Stock{Stock: 7}, Reason: count,
	}))
	if err != nil || res.Msg.GetStock() != 7 || res.Msg.GetDelta() != -3 {
		t.Fatalf("count to 7: %v, %v", res, err)
	}

	_, err = f.svc.AdjustStock(f.Ctx, connect.NewRequest(adjust(-8, damage, "")))
	cerr := new(connect.Error)
	if !errors.As(apperr.ToConnect(f.Ctx, "test", err), &cerr) || cerr.Code() != connect.CodeFailedPrecondition {
		t.Fatalf("removing 8 of 7: %v, want FailedPrecondition", err)
	}
	var reason string
	for _, d := range cerr.Details() {
		if v, derr := d.Value(); derr == nil {
			if info, ok := v.(*errdetails.ErrorInfo); ok {
				reason = info.GetReason() + "/" + info.GetMetadata()["available"]
			}
		}
	}
	if reason != "STOCK_BELOW_ZERO/7" {
		t.Errorf("removing 8 of 7: reason %q, want STOCK_BELOW_ZERO/7", reason)
	}

	_, err = f.svc.AdjustStock(f.Ctx, connect.NewRequest(&saboresv1.AdjustStockRequest{
		ProductId: 999999, Change: &saboresv1.AdjustStockRequest_Delta{Delta: 1}, Reason: receipt,
	}))
	if code := connecttest.Code(apperr.ToConnect(f.Ctx, "test", err)); code != connect.CodeNotFound {
		t.Errorf("unknown product: code %v, want NotFound", code)
	}

	if n := f.Count(t, `SELECT count(*) FROM stock_movements WHERE product_id = 1001 AND kind = 'adjustment'
		AND actor_user_id = $1 AND ((reason = 'receipt' AND delta = 10 AND note = 'albarán 77' AND stock_after = 10)
		OR (reason = 'count' AND delta = -3 AND stock_after = 7))`, f.Admin); n != 2 {
		t.Errorf("%d matching ledger rows, want the receipt and the count", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM stock_movements WHERE product_id = 1001`); n != 2 {
		t.Errorf("%d ledger rows, want 2 (the refused change wrote none)", n)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action = 'stock.adjust' AND entity = 'product:1001'
		AND actor_user_id = $1`, f.Admin); n != 2 {
		t.Errorf("%d audit events, want 2", n)
	}
}

// TestListStockMovementsPagesTheLedger: the stock screen's history is the
// ledger, newest first, with who made each adjustment, its reason and note
// and the stock after it, paged by token without repeating or skipping.
func TestListStockMovementsPagesTheLedger(t *testing.T) {
	t.Parallel()
	f := setup(t)
	receipt := saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_RECEIPT
	for i, d := range []int32{5, 3, -2} {
		if _, err := f.svc.AdjustStock(f.Ctx, connect.NewRequest(adjust(d, receipt, "albarán "+string(rune('A'+i))))); err != nil {
			t.Fatal(err)
		}
	}
	counted := &saboresv1.AdjustStockRequest{ProductId: 1001, Change: &saboresv1.AdjustStockRequest_Stock{Stock: 4},
		Reason: saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_COUNT}
	if _, err := f.svc.AdjustStock(f.Ctx, connect.NewRequest(counted)); err != nil {
		t.Fatal(err)
	}
	var got []*saboresv1.StockMovement
	token := ""
	for pages := 0; ; pages++ {
		res, err := f.svc.ListStockMovements(f.Ctx, connect.NewRequest(&saboresv1.ListStockMovementsRequest{ProductId: 1001, PageSize: 2, PageToken: token}))
		if err != nil {
			t.Fatal(err)
		}
		if res.Msg.GetStock() != 4 {
			t.Errorf("stock now %d, want 4", res.Msg.GetStock())
		}
		got = append(got, res.Msg.GetMovements()...)
		if token = res.Msg.GetNextPageToken(); token == "" {
			break
		}
		if pages > 5 {
			t.Fatal("the pages never end")
		}
	}
	// The fixture's product starts with no stock: the ledger is the four adjustments.
	if len(got) < 4 {
		t.Fatalf("%d movements, want at least the 4 adjustments", len(got))
	}
	last := got[0]
	if last.GetDelta() != -2 || last.GetStockAfter() != 4 || last.GetReason() != saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_COUNT ||
		last.GetKind() != saboresv1.StockMovementKind_STOCK_MOVEMENT_KIND_ADJUSTMENT || last.GetActor() != "admin@sabores.es" {
		t.Errorf("newest movement %v, want the count taking 2 to 4 by the admin", last)
	}
	if got[3].GetDelta() != 5 || got[3].GetNote() != "albarán A" || got[3].GetReason() != receipt {
		t.Errorf("oldest adjustment %v, want the first receipt of 5", got[3])
	}
	for i := 1; i < len(got); i++ {
		if got[i].GetId() >= got[i-1].GetId() {
			t.Errorf("movement %d out of order or repeated", i)
		}
	}
	_, err := f.svc.ListStockMovements(f.Ctx, connect.NewRequest(&saboresv1.ListStockMovementsRequest{ProductId: 1001, PageToken: "nope"}))
	if code := connecttest.Code(err); code != connect.CodeInvalidArgument {
		t.Errorf("bad token: %v", code)
	}
	_, err = f.svc.ListStockMovements(f.Ctx, connect.NewRequest(&saboresv1.ListStockMovementsRequest{ProductId: 999999}))
	if code := connecttest.Code(err); code != connect.CodeNotFound {
		t.Errorf("unknown product: %v", code)
	}
}

// TestLotBlockedIsTheShopsReason: the ledger's lot_blocked movements read
// back with their reason, and no admin may book one by hand.
func TestLotBlockedIsTheShopsReason(t *testing.T) {
	t.Parallel()
	f := setup(t)
	const blocked = saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_LOT_BLOCKED
	_, err := f.svc.AdjustStock(f.Ctx, connect.NewRequest(adjust(-1, blocked, "")))
	if code := connecttest.Code(apperr.ToConnect(f.Ctx, "test", err)); code != connect.CodeInvalidArgument {
		t.Errorf("an adjustment as lot_blocked: %v, want InvalidArgument", code)
	}
	if _, err := f.svc.AdjustStock(f.Ctx, connect.NewRequest(adjust(4, saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_RECEIPT, ""))); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Pool.Exec(f.Ctx, `INSERT INTO stock_movements (product_id, delta, kind, reason, note, stock_after)
		VALUES (1001, -1, 'adjustment', 'lot_blocked', 'lot L1: use_by', 3)`); err != nil {
		t.Fatal(err)
	}
	res, err := f.svc.ListStockMovements(f.Ctx, connect.NewRequest(&saboresv1.ListStockMovementsRequest{ProductId: 1001}))
	if err != nil || len(res.Msg.GetMovements()) == 0 || res.Msg.GetMovements()[0].GetReason() != blocked {
		t.Errorf("the newest movement: %v (%v), want LOT_BLOCKED", res.Msg.GetMovements(), err)
	}
}
