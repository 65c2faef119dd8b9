package admin

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
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

// stockAudit is what the audit trail keeps of an adjustment.
type stockAudit struct {
	Stock  int32  `json:"stock"`
	Reason string `json:"reason,omitempty"`
	Note   string `json:"note,omitempty"`
}

// AdjustStock changes a product's stock with a reason. The product row is
// locked first, so a counted figure becomes a delta against the stock as it
// is at that instant, even while shoppers buy; the ledger trigger records
// the movement, and the audit trail who made it.
func (s *Service) AdjustStock(ctx context.Context, req *connect.Request[saboresv1.AdjustStockRequest]) (*connect.Response[saboresv1.AdjustStockResponse], error) {
	m := req.Msg
	reason, ok := stockReasons[m.GetReason()]
	if !ok {
		return nil, fault.InvalidField("reason", "must be receipt, count, damage, return or store sale")
	}
	if m.GetChange() == nil {
		return nil, fault.InvalidField("change", "give a delta or a counted stock")
	}
	note := strings.TrimSpace(m.GetNote())
	var out saboresv1.AdjustStockResponse
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		locked, err := q.LockProducts(ctx, []int64{m.GetProductId()})
		if err != nil {
			return fmt.Errorf("admin: lock product %d: %w", m.GetProductId(), err)
		}
		if len(locked) == 0 {
			return fmt.Errorf("admin: product %d: %w", m.GetProductId(), fault.ErrNotFound)
		}
		current := locked[0].Stock
		delta := m.GetDelta()
		if c, ok := m.GetChange().(*saboresv1.AdjustStockRequest_Stock); ok {
			delta = c.Stock - current
		}
		out.Stock, out.Delta = current, delta
		if delta == 0 {
			return nil
		}
		if current+delta < 0 {
			return &fault.Error{
				Kind: fault.Refused, Reason: "STOCK_BELOW_ZERO",
				Message:  fmt.Sprintf("only %d units in stock", current),
				Metadata: map[string]string{"available": strconv.Itoa(int(current))},
			}
		}
		actor := ""
		if id := auth.ActorUserID(ctx); id != nil {
			actor = strconv.FormatInt(*id, 10)
		}
		if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
			Kind: "adjustment", Reason: reason, ActorUserID: actor, Note: note,
		}); err != nil {
			return fmt.Errorf("admin: book stock adjustment: %w", err)
		}
		if out.Stock, err = q.AdjustStock(ctx, db.AdjustStockParams{
			Delta: delta, UpdatedBy: auth.ActorUserID(ctx), ID: m.GetProductId(),
		}); err != nil {
			return fmt.Errorf("admin: adjust stock of product %d: %w", m.GetProductId(), err)
		}
		return audit.Record(ctx, q, auth.Caller(ctx), "stock.adjust", fmt.Sprintf("product:%d", m.GetProductId()),
			stockAudit{Stock: current}, stockAudit{Stock: out.Stock, Reason: reason, Note: note})
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&out), nil
}
