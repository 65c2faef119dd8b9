package till

import (
	"context"
	"fmt"
	"net/mail"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// ReasonEmailInvalid refuses a ticket e-mail to an address that is not one.
const ReasonEmailInvalid = "TILL_EMAIL_INVALID"

// TicketMailer queues a sale's ticket to the customer's address to, in
// language, in the caller's transaction (jobs.MailQueue); the ticket's PDF
// is drawn when the e-mail is sent.
type TicketMailer interface {
	TillTicketEmail(ctx context.Context, tx pgx.Tx, saleID int64, to, language string) error
}

// WithMailer returns the till e-mailing tickets through m.
func (s *Service) WithMailer(m TicketMailer) *Service {
	c := *s
	c.mailer = m
	return &c
}

// EmailTicket queues sale saleID's ticket, in lang ("es" or "pt"), to the
// customer's address to, and audits it (till.ticket_emailed), in one
// transaction. Sending again (another address, or the same one asked
// again) is another e-mail.
func (s *Service) EmailTicket(ctx context.Context, by audit.Caller, saleID int64, to, lang string) error {
	to = strings.TrimSpace(to)
	if a, err := mail.ParseAddress(to); err != nil || a.Address != to || len(to) > 254 {
		return &fault.Error{Kind: fault.Invalid, Reason: ReasonEmailInvalid, Field: "email",
			Message: "this is not an e-mail address"}
	}
	if lang != "pt" {
		lang = "es"
	}
	if s.mailer == nil {
		return fmt.Errorf("till: no mailer to e-mail tickets")
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		invoices, err := q.InvoicesOfOrder(ctx, saleID)
		if err != nil {
			return fmt.Errorf("till: invoices of sale %d: %w", saleID, err)
		}
		lines, err := q.TillSaleLines(ctx, saleID)
		if err != nil {
			return fmt.Errorf("till: sale %d: %w", saleID, err)
		}
		if len(lines) == 0 || len(invoices) == 0 {
			return &fault.Error{Kind: fault.NotFound, Reason: ReasonSaleUnknown, Field: "sale_id",
				Message: "no till sale has this number", Metadata: map[string]string{"sale_id": strconv.FormatInt(saleID, 10)}}
		}
		if err := s.mailer.TillTicketEmail(ctx, tx, saleID, to, lang); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "till.ticket_emailed", "order:"+strconv.FormatInt(saleID, 10), nil,
			map[string]any{"to": to, "language": lang, "invoice": invoices[0].SeriesNumber})
	})
}
