package till

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// Found is a till sale with what of each line (by number) was returned.
type Found struct {
	Sale     Sale
	Returned map[int32]int32
}

// GetSale finds a till sale by its id or, when ticket is not empty, by its
// ticket's number (any of its invoices'), for a return.
func (s *Service) GetSale(ctx context.Context, id int64, ticket string) (Found, error) {
	var out Found
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		q := db.New(tx)
		if ticket != "" {
			var err error
			if id, err = q.TillSaleByTicket(ctx, ticket); errors.Is(err, pgx.ErrNoRows) {
				return unknownSale()
			} else if err != nil {
				return fmt.Errorf("find ticket %s: %w", ticket, err)
			}
		}
		lines, err := q.TillSaleLines(ctx, id)
		if err != nil {
			return fmt.Errorf("lines of sale %d: %w", id, err)
		}
		if len(lines) == 0 {
			return unknownSale()
		}
		if out.Sale, err = s.recorded(ctx, tx, id); err != nil {
			return err
		}
		invoices, err := q.InvoicesOfOrder(ctx, id)
		if err != nil {
			return fmt.Errorf("invoices of sale %d: %w", id, err)
		}
		out.Returned = map[int32]int32{}
		for _, inv := range invoices {
			if invoice.Kind(inv.Kind) != invoice.Corrective {
				continue
			}
			rows, err := q.InvoiceLines(ctx, inv.ID)
			if err != nil {
				return fmt.Errorf("lines of %s: %w", inv.SeriesNumber, err)
			}
			for _, r := range rows {
				out.Returned[r.LineNo] -= r.Quantity
			}
		}
		return nil
	})
	if err != nil {
		return Found{}, fmt.Errorf("till: sale: %w", err)
	}
	return out, nil
}

// unknownSale is the answer for a sale that is not the till's.
func unknownSale() error {
	return &fault.Error{Kind: fault.NotFound, Reason: ReasonSaleUnknown, Message: "no till sale has this number"}
}
