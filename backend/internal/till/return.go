package till

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// ReasonSaleUnknown is a return against no till sale.
const ReasonSaleUnknown = "TILL_SALE_UNKNOWN"

// ReturnInput takes units of a sale's lines back.
type ReturnInput struct {
	Key    uuid.UUID
	SaleID int64
	Lines  []invoice.Correction
	// Refund is Cash (from the drawer) or Card (on the store's terminal).
	Refund Method
}

// Return is a recorded return: its corrective invoice and what was given
// back.
type Return struct {
	ID      int64
	Invoice db.Invoice
	Refund  Method
	Amount  int64
}

// ReturnSale takes units of a till sale back in one transaction: a
// corrective invoice (R5 against a simplified invoice, R1 against a full
// one) in the one chain, the units back on the shelf through the stock
// ledger (an adjustment, reason return, of the sale's order), and the
// refund recorded. The same key answers the return already made.
func (s *Service) ReturnSale(ctx context.Context, by audit.Caller, in ReturnInput) (Return, error) {
	if in.Refund != Cash && in.Refund != Card {
		return Return{}, fault.InvalidField("refund_method", "cash back or a card refund")
	}
	if len(in.Lines) == 0 {
		return Return{}, fault.InvalidField("lines", "name what comes back")
	}
	var out Return
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if done, err := q.TillRefundByKey(ctx, in.Key); err == nil {
			out = Return{ID: done.ID, Invoice: done.Invoice, Refund: Method(done.Method), Amount: done.AmountCents}
			return nil
		} else if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("find return by key: %w", err)
		}
		if err := s.checkOpen(ctx, q); err != nil {
			return err
		}
		lines, err := q.TillSaleLines(ctx, in.SaleID)
		if err != nil {
			return fmt.Errorf("lines of sale %d: %w", in.SaleID, err)
		}
		if len(lines) == 0 {
			return &fault.Error{Kind: fault.NotFound, Reason: ReasonSaleUnknown, Field: "sale_id",
				Message: "no till sale has this number", Metadata: map[string]string{"sale_id": strconv.FormatInt(in.SaleID, 10)}}
		}
		corrective, err := s.invoices.IssueCorrective(ctx, tx, in.SaleID, "devolución en tienda", in.Lines...)
		if err != nil {
			return err
		}
		if err := q.TillReturnStockOf(ctx, db.TillReturnStockOfParams{OrderID: in.SaleID, ActorUserID: by.UserID}); err != nil {
			return fmt.Errorf("ledger settings: %w", err)
		}
		product := map[int32]int64{}
		grams := map[int32]*int32{}
		for _, l := range lines {
			product[l.LineNo], grams[l.LineNo] = l.ProductID, l.WeightGrams
		}
		for _, c := range in.Lines {
			// A weighed line is its one label: back it comes whole, its grams
			// to a stock counted in grams.
			back := c.Quantity
			if g := grams[c.LineNo]; g != nil {
				back = *g
			}
			if err := q.TillPutBackStock(ctx, db.TillPutBackStockParams{Quantity: back, ProductID: product[c.LineNo]}); err != nil {
				return fmt.Errorf("put back line %d: %w", c.LineNo, err)
			}
		}
		var actor *int64
		if by.UserID != 0 {
			actor = &by.UserID
		}
		id, err := q.TillRefundInsert(ctx, db.TillRefundInsertParams{
			IdempotencyKey: in.Key, OrderID: in.SaleID, InvoiceID: corrective.ID, Method: string(in.Refund),
			AmountCents: -corrective.TotalCents, ActorUserID: actor,
		})
		if err != nil {
			return fmt.Errorf("record refund: %w", err)
		}
		out = Return{ID: id, Invoice: corrective, Refund: in.Refund, Amount: -corrective.TotalCents}
		return nil
	})
	if err != nil {
		return Return{}, fmt.Errorf("till: return: %w", err)
	}
	return out, nil
}
