package till

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// Ticket is a printable ticket: the PDF and a name to save it under.
type Ticket struct {
	PDF      []byte
	FileName string
	// Number is its invoice's series and number.
	Number string
}

// SaleTicket draws a till sale's ticket (its first invoice, with its
// payments) in lang, with the VeriFactu QR and legend of its issue.
func (s *Service) SaleTicket(ctx context.Context, saleID int64, lang string) (Ticket, error) {
	return DrawSaleTicket(ctx, s.pool, saleID, lang)
}

// DrawSaleTicket draws sale saleID's ticket from the database in pool: the
// till's PDF endpoint and the e-mail carrying the ticket (drawn when it is
// sent) use the one drawing.
func DrawSaleTicket(ctx context.Context, pool *pgxpool.Pool, saleID int64, lang string) (Ticket, error) {
	q := db.New(pool)
	lines, err := q.TillSaleLines(ctx, saleID)
	if err != nil {
		return Ticket{}, fmt.Errorf("till: sale %d: %w", saleID, err)
	}
	invoices, err := q.InvoicesOfOrder(ctx, saleID)
	if err != nil {
		return Ticket{}, fmt.Errorf("till: invoices of sale %d: %w", saleID, err)
	}
	if len(lines) == 0 || len(invoices) == 0 {
		return Ticket{}, &fault.Error{Kind: fault.NotFound, Reason: ReasonSaleUnknown, Field: "sale_id",
			Message: "no till sale has this number", Metadata: map[string]string{"sale_id": strconv.FormatInt(saleID, 10)}}
	}
	rows, err := q.TillPayments(ctx, saleID)
	if err != nil {
		return Ticket{}, fmt.Errorf("till: payments of sale %d: %w", saleID, err)
	}
	pays := make([]invoice.TicketPayment, 0, len(rows))
	for _, r := range rows {
		pays = append(pays, invoice.TicketPayment{Method: r.Method, Amount: r.AmountCents, Given: r.GivenCents, Change: r.ChangeCents})
	}
	return drawTicket(ctx, pool, invoices[0].ID, pays, lang)
}

// ReturnTicket draws a till return's ticket: its corrective invoice and
// what was given back.
func (s *Service) ReturnTicket(ctx context.Context, returnID int64, lang string) (Ticket, error) {
	r, err := db.New(s.pool).TillRefundOf(ctx, returnID)
	if errors.Is(err, pgx.ErrNoRows) {
		return Ticket{}, &fault.Error{Kind: fault.NotFound, Reason: "TILL_RETURN_UNKNOWN", Field: "return_id", Message: "no till return has this number"}
	}
	if err != nil {
		return Ticket{}, fmt.Errorf("till: return %d: %w", returnID, err)
	}
	return drawTicket(ctx, s.pool, r.InvoiceID, []invoice.TicketPayment{{Method: r.Method, Amount: r.AmountCents}}, lang)
}

// drawTicket draws invoice invoiceID as a ticket with pays.
func drawTicket(ctx context.Context, pool *pgxpool.Pool, invoiceID int64, pays []invoice.TicketPayment, lang string) (Ticket, error) {
	doc, err := invoice.LoadDocument(ctx, pool, invoiceID)
	if err != nil {
		return Ticket{}, err
	}
	pdf, err := invoice.RenderTicket(doc, pays, lang)
	if err != nil {
		return Ticket{}, err
	}
	return Ticket{PDF: pdf, FileName: "ticket-" + doc.Invoice.SeriesNumber + ".pdf", Number: doc.Invoice.SeriesNumber}, nil
}
