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

// syncOutcomes are the contract's outcomes of a batch's line.
var syncOutcomes = map[catalogue.SyncOutcome]saboresv1.StockSyncOutcome{
	catalogue.SyncApplied:        saboresv1.StockSyncOutcome_STOCK_SYNC_OUTCOME_APPLIED,
	catalogue.SyncUnknownProduct: saboresv1.StockSyncOutcome_STOCK_SYNC_OUTCOME_UNKNOWN_PRODUCT,
	catalogue.SyncBelowZero:      saboresv1.StockSyncOutcome_STOCK_SYNC_OUTCOME_BELOW_ZERO,
}

// SyncStock applies a batch of stock corrections by SKU or EAN, once per
// idempotency key (catalogue.Service.SyncStock).
func (h *Handler) SyncStock(ctx context.Context, req *connect.Request[saboresv1.SyncStockRequest]) (*connect.Response[saboresv1.SyncStockResponse], error) {
	m := req.Msg
	reason, ok := stockReasons[m.GetReason()]
	if !ok {
		return nil, fault.InvalidField("reason", "must be receipt, count, damage, return or store sale")
	}
	in := catalogue.StockSync{
		IdempotencyKey: m.GetIdempotencyKey(), Reason: reason, Note: strings.TrimSpace(m.GetNote()),
		Lines: make([]catalogue.SyncLine, len(m.GetLines())),
	}
	for i, l := range m.GetLines() {
		line := catalogue.SyncLine{SKU: l.GetSku(), EAN: l.GetEan(), Delta: l.GetDelta()}
		if line.SKU == "" && line.EAN == "" {
			return nil, fault.InvalidField("lines", "name each line's product by SKU or EAN")
		}
		if c, ok := l.GetChange().(*saboresv1.StockSyncLine_Stock); ok {
			line.Counted = &c.Stock
		} else if l.GetChange() == nil {
			return nil, fault.InvalidField("lines", "give each line a delta or a counted stock")
		}
		in.Lines[i] = line
	}
	out, err := h.products.SyncStock(ctx, auth.Caller(ctx), in)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.SyncStockResponse{Replayed: out.Replayed, Results: make([]*saboresv1.StockSyncResult, len(out.Results))}
	for i, r := range out.Results {
		res.Results[i] = &saboresv1.StockSyncResult{
			Outcome: syncOutcomes[r.Outcome], ProductId: r.ProductID, Stock: r.Stock, Delta: r.Delta,
		}
	}
	return connect.NewResponse(res), nil
}
