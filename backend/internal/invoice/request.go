package invoice

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// RequestComplete issues, in one transaction, the complete invoice a
// shopper (by) asks for one of their own paid orders, and audits the
// request with the invoice it gave. Another shopper's order is
// fault.ErrNotFound; the invoice rules' refusals are *Refusal.
func (iv Invoicer) RequestComplete(ctx context.Context, pool *pgxpool.Pool, by audit.Caller, orderID int64, buyer Buyer) (db.Invoice, error) {
	var inv db.Invoice
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		_, err := q.GetOrderForUser(ctx, db.GetOrderForUserParams{ID: orderID, UserID: by.UserID})
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("invoice: order %d: %w", orderID, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("invoice: order %d: %w", orderID, err)
		}
		if inv, err = iv.IssueComplete(ctx, tx, orderID, buyer); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "invoice.complete", "invoice:"+strconv.FormatInt(inv.ID, 10), nil,
			map[string]any{"order": inv.OrderID, "number": inv.SeriesNumber, "taxId": inv.BuyerNif})
	})
	return inv, err
}
