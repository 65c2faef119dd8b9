package adminstockapi

import (
	"context"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/fault"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// stockReasons are the ledger's reason codes of each adjustment reason.
var stockReasons = map[saboresv1.StockAdjustmentReason]string{
	saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_RECEIPT:    "receipt",
	saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_COUNT:      "count",
	saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_DAMAGE:     "damage",
	saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_RETURN:     "return",
	saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_STORE_SALE: "store_sale",
}

// AdjustStock changes a product's stock with a reason
// (catalogue.Service.AdjustStock).
func (h *Handler) AdjustStock(ctx context.Context, req *connect.Request[saboresv1.AdjustStockRequest]) (*connect.Response[saboresv1.AdjustStockResponse], error) {
	m := req.Msg
	reason, ok := stockReasons[m.GetReason()]
	if !ok {
		return nil, fault.InvalidField("reason", "must be receipt, count, damage, return or store sale")
	}
	if m.GetChange() == nil {
		return nil, fault.InvalidField("change", "give a delta or a counted stock")
	}
	adj := catalogue.StockAdjustment{ProductID: m.GetProductId(), Reason: reason, Delta: m.GetDelta(), Note: strings.TrimSpace(m.GetNote())}
	if c, ok := m.GetChange().(*saboresv1.AdjustStockRequest_Stock); ok {
		adj.Counted = &c.Stock
	}
	out, err := h.products.AdjustStock(ctx, auth.Caller(ctx), adj)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.AdjustStockResponse{Stock: out.Stock, Delta: out.Delta}), nil
}

// movementKinds are the contract's kinds of the ledger's stored kinds.
var movementKinds = map[string]saboresv1.StockMovementKind{
	"sale":         saboresv1.StockMovementKind_STOCK_MOVEMENT_KIND_SALE,
	"cancellation": saboresv1.StockMovementKind_STOCK_MOVEMENT_KIND_CANCELLATION,
	"expiry":       saboresv1.StockMovementKind_STOCK_MOVEMENT_KIND_EXPIRY,
	"adjustment":   saboresv1.StockMovementKind_STOCK_MOVEMENT_KIND_ADJUSTMENT,
}

// ListStockMovements pages a product's stock ledger
// (catalogue.Service.StockHistory); the page token is the id of the last
// movement shown.
func (h *Handler) ListStockMovements(ctx context.Context, req *connect.Request[saboresv1.ListStockMovementsRequest]) (*connect.Response[saboresv1.ListStockMovementsResponse], error) {
	m := req.Msg
	var before int64
	if tok := m.GetPageToken(); tok != "" {
		id, err := strconv.ParseInt(tok, 10, 64)
		if err != nil || id <= 0 {
			return nil, fault.InvalidField("page_token", "not a token this list gave")
		}
		before = id
	}
	size := m.GetPageSize()
	if size == 0 {
		size = 20
	}
	page, err := h.products.StockHistory(ctx, m.GetProductId(), before, size)
	if err != nil {
		return nil, err
	}
	out := &saboresv1.ListStockMovementsResponse{Stock: page.Stock}
	for _, r := range page.Movements {
		mv := &saboresv1.StockMovement{
			Id: r.ID, Delta: r.Delta, Kind: movementKinds[r.Kind], Actor: r.Actor, Note: r.Note,
			StockAfter: r.StockAfter, CreateTime: timestamppb.New(r.CreatedAt),
		}
		if r.Reason != nil {
			for k, v := range stockReasons {
				if v == *r.Reason {
					mv.Reason = k
				}
			}
			if *r.Reason == "lot_blocked" {
				mv.Reason = saboresv1.StockAdjustmentReason_STOCK_ADJUSTMENT_REASON_LOT_BLOCKED
			}
		}
		if r.OrderID != nil {
			mv.OrderId = *r.OrderID
		}
		out.Movements = append(out.Movements, mv)
	}
	if page.More && len(page.Movements) > 0 {
		out.NextPageToken = strconv.FormatInt(page.Movements[len(page.Movements)-1].ID, 10)
	}
	return connect.NewResponse(out), nil
}
