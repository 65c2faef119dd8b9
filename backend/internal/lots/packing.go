package lots

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// PackingLine is an order line and the lots it takes, as the packing slip
// prints them.
type PackingLine struct {
	Line  db.OrderLine
	Picks []db.OrderLineLotsRow
}

// PackingLots is what the packing screen shows of an order: its lines'
// lots and the lots on sale of its products to pick instead
// (OverrideLot).
type PackingLots struct {
	OrderID int64
	Status  string
	Lines   []PackingLine
	Choices []db.LotChoicesOfOrderRow
}

// OrderLots reads an order's lots for the packing screen, in one snapshot.
// Lines carry no lots before the order is prepared (RecordOrderLines).
func (s *Service) OrderLots(ctx context.Context, orderID int64) (PackingLots, error) {
	var out PackingLots
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		ord, err := q.GetOrder(ctx, orderID)
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.NotFound, Reason: "ORDER_NOT_FOUND", Message: fmt.Sprintf("no order %d", orderID)}
		}
		if err != nil {
			return fmt.Errorf("lots: order %d: %w", orderID, err)
		}
		out = PackingLots{OrderID: ord.ID, Status: ord.Status}
		lines, err := q.ListOrderLines(ctx, []int64{orderID})
		if err != nil {
			return fmt.Errorf("lots: lines of order %d: %w", orderID, err)
		}
		picks, err := LineLots(ctx, q, []int64{orderID})
		if err != nil {
			return err
		}
		for _, l := range lines {
			pl := PackingLine{Line: l}
			for _, p := range picks {
				if p.LineNo == l.LineNo {
					pl.Picks = append(pl.Picks, p)
				}
			}
			out.Lines = append(out.Lines, pl)
		}
		if out.Choices, err = q.LotChoicesOfOrder(ctx, orderID); err != nil {
			return fmt.Errorf("lots: lots of order %d's products: %w", orderID, err)
		}
		return nil
	})
	return out, err
}
