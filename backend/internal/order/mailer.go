package order

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// Mailer queues an order's e-mail (kind as in outbound_emails.kind) to the
// address to, in the caller's transaction tx: the e-mail exists exactly when
// the change that causes it commits. A nil Mailer sends nothing.
type Mailer interface {
	OrderEmail(ctx context.Context, tx pgx.Tx, orderID int64, kind, to string) error
}

// Notify queues an order's e-mail of kind to its delivery address, when
// there is a mailer.
func Notify(ctx context.Context, tx pgx.Tx, mailer Mailer, order db.Order, kind string) error {
	if mailer == nil {
		return nil
	}
	return mailer.OrderEmail(ctx, tx, order.ID, kind, order.DeliveryEmail)
}
