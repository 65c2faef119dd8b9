package jobs

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/mail"
)

var _ lots.RecallMailer = (*MailQueue)(nil)

// RecallEmail records the recall e-mail of recallID to the shopper of
// online order orderID, to, and inserts its job in tx. Its message id is
// the recall and the order, the outbound_emails key: however often the
// recall is queued, the shopper is written to once.
func (m *MailQueue) RecallEmail(ctx context.Context, tx pgx.Tx, recallID, orderID int64, to string) error {
	id := RecallMessageID(recallID, orderID, m.from)
	return m.queue(ctx, tx, id, func(q *db.Queries) (string, error) {
		return q.InsertRecallEmail(ctx, db.InsertRecallEmailParams{
			MessageID: id, OrderID: &orderID, Recipient: to, LotRecallID: &recallID,
		})
	})
}

// RecallMessageID is the Message-ID of a recall's e-mail about an order.
func RecallMessageID(recallID, orderID int64, from string) string {
	return fmt.Sprintf("<recall-%d-order-%d@%s>", recallID, orderID, mail.Domain(from))
}

// recallOf is what a recall e-mail says of recall id to the shopper of
// order, in lang: the product as the order sold it, the lots it took.
func recallOf(ctx context.Context, q *db.Queries, id, order int64, lang string) (*mail.Recall, error) {
	r, err := q.RecallForEmail(ctx, db.RecallForEmailParams{ID: id, OrderID: order})
	if err != nil {
		return nil, fmt.Errorf("jobs: recall %d: %w", id, err)
	}
	return &mail.Recall{
		ProductName: lineName(r.ProductName, r.ProductNamePt, lang), LotCodes: r.LotCodes, Units: r.Units, Reason: r.Reason,
	}, nil
}
