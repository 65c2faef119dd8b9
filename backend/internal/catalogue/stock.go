package catalogue

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// StockAdjustment is a correction of one product's stock: by Delta units,
// or to Counted units when a count gives the figure (Counted wins).
type StockAdjustment struct {
	ProductID int64
	// Reason is the ledger's reason code: receipt, count, damage, return
	// or store_sale.
	Reason  string
	Delta   int32
	Counted *int32
	Note    string
}

// Adjusted is a product's stock after an adjustment and the change made.
type Adjusted struct {
	Stock, Delta int32
}

// stockTrail is what the audit trail keeps of an adjustment.
type stockTrail struct {
	Stock  int32  `json:"stock"`
	Reason string `json:"reason,omitempty"`
	Note   string `json:"note,omitempty"`
}

// AdjustStock changes a product's stock with a reason, in its own
// transaction. The product row is locked first, so a counted figure
// becomes a delta against the stock as it is at that instant, even while
// shoppers buy; the ledger trigger records the movement, and the audit
// trail who (by) made it. A change of nothing changes nothing; one below
// zero is STOCK_BELOW_ZERO with the units available.
func (s *Service) AdjustStock(ctx context.Context, by audit.Caller, a StockAdjustment) (Adjusted, error) {
	var out Adjusted
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		locked, err := q.LockProducts(ctx, []int64{a.ProductID})
		if err != nil {
			return fmt.Errorf("catalogue: lock product %d: %w", a.ProductID, err)
		}
		if len(locked) == 0 {
			return fmt.Errorf("catalogue: product %d: %w", a.ProductID, fault.ErrNotFound)
		}
		current := locked[0].Stock
		delta := a.Delta
		if a.Counted != nil {
			delta = *a.Counted - current
		}
		out = Adjusted{Stock: current, Delta: delta}
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
		var actor *int64
		actorText := ""
		if by.UserID != 0 {
			actor, actorText = &by.UserID, strconv.FormatInt(by.UserID, 10)
		}
		if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
			Kind: "adjustment", Reason: a.Reason, ActorUserID: actorText, Note: a.Note,
		}); err != nil {
			return fmt.Errorf("catalogue: book stock adjustment: %w", err)
		}
		if out.Stock, err = q.AdjustStock(ctx, db.AdjustStockParams{Delta: delta, UpdatedBy: actor, ID: a.ProductID}); err != nil {
			return fmt.Errorf("catalogue: adjust stock of product %d: %w", a.ProductID, err)
		}
		return audit.Record(ctx, q, by, "stock.adjust", fmt.Sprintf("product:%d", a.ProductID),
			stockTrail{Stock: current}, stockTrail{Stock: out.Stock, Reason: a.Reason, Note: a.Note})
	})
	return out, err
}

// StockPage is a page of a product's stock ledger, newest first, with its
// stock now and whether older movements follow.
type StockPage struct {
	Movements []db.ListStockMovementsWithActorRow
	Stock     int32
	More      bool
}

// StockHistory reads up to limit movements of product id's ledger older
// than movement beforeID (0 for the newest); an unknown product is
// PRODUCT_NOT_FOUND.
func (s *Service) StockHistory(ctx context.Context, id, beforeID int64, limit int32) (StockPage, error) {
	q := db.New(s.pool)
	p, err := q.AdminGetProduct(ctx, id)
	if err != nil {
		return StockPage{}, ProductNotFound(err, id)
	}
	rows, err := q.ListStockMovementsWithActor(ctx, db.ListStockMovementsWithActorParams{ProductID: id, BeforeID: beforeID, PageLimit: limit + 1})
	if err != nil {
		return StockPage{}, fmt.Errorf("catalogue: read stock ledger of %d: %w", id, err)
	}
	page := StockPage{Movements: rows, Stock: p.Product.Stock}
	if len(rows) > int(limit) {
		page.Movements, page.More = rows[:limit], true
	}
	return page, nil
}
