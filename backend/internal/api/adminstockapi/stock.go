package adminstockapi

import (
	"context"
	"strings"

	"connectrpc.com/connect"

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
