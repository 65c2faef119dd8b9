// Package invoiceapi is InvoiceService's Connect handler: shoppers list and
// download the invoices of their own orders and ask for a complete one.
// The rules live in the invoice module; this package checks whose order it
// is, calls them and maps the answers.
package invoiceapi

import (
	"context"
	"errors"
	"fmt"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements InvoiceService.
type Handler struct {
	pool     *pgxpool.Pool
	q        *db.Queries
	invoicer invoice.Invoicer
}

var _ saboresv1connect.InvoiceServiceHandler = (*Handler)(nil)

// New returns the handler on pool; complete invoices are issued with
// invoicer.
func New(pool *pgxpool.Pool, invoicer invoice.Invoicer) *Handler {
	return &Handler{pool: pool, q: db.New(pool), invoicer: invoicer}
}

// ListMyInvoices lists the invoices of one of the caller's orders.
func (h *Handler) ListMyInvoices(ctx context.Context, req *connect.Request[saboresv1.ListMyInvoicesRequest]) (*connect.Response[saboresv1.ListMyInvoicesResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	orderID := req.Msg.GetOrderId()
	if _, err := h.q.GetOrderForUser(ctx, db.GetOrderForUserParams{ID: orderID, UserID: userID}); err != nil {
		return nil, orderNotFound(orderID, err)
	}
	rows, err := h.q.InvoicesOfOrder(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("invoiceapi: invoices of order %d: %w", orderID, err)
	}
	return connect.NewResponse(&saboresv1.ListMyInvoicesResponse{Invoices: apimap.Invoices(rows)}), nil
}

// GetMyInvoicePdf draws an invoice of one of the caller's orders.
func (h *Handler) GetMyInvoicePdf(ctx context.Context, req *connect.Request[saboresv1.GetMyInvoicePdfRequest]) (*connect.Response[saboresv1.GetMyInvoicePdfResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	id := req.Msg.GetInvoiceId()
	if _, err := h.q.InvoiceOfUser(ctx, db.InvoiceOfUserParams{ID: id, UserID: userID}); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("invoiceapi: invoice %d: %w", id, fault.ErrNotFound)
		}
		return nil, fmt.Errorf("invoiceapi: invoice %d: %w", id, err)
	}
	pdf, name, err := invoice.DrawPDF(ctx, h.pool, id, apimap.InvoiceLanguage(req.Msg.GetLanguage()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetMyInvoicePdfResponse{Pdf: pdf, FileName: name}), nil
}

// RequestCompleteInvoice issues the complete invoice of one of the caller's
// paid orders; the request is audited with the invoice it gave.
func (h *Handler) RequestCompleteInvoice(ctx context.Context, req *connect.Request[saboresv1.RequestCompleteInvoiceRequest]) (*connect.Response[saboresv1.RequestCompleteInvoiceResponse], error) {
	if _, err := auth.SignedInUser(ctx); err != nil {
		return nil, err
	}
	m := req.Msg
	inv, err := h.invoicer.RequestComplete(ctx, h.pool, auth.Caller(ctx), m.GetOrderId(),
		invoice.Buyer{TaxID: m.GetTaxId(), Name: m.GetName(), Address: m.GetAddress()})
	if err != nil {
		return nil, refusal(err)
	}
	return connect.NewResponse(&saboresv1.RequestCompleteInvoiceResponse{Invoice: apimap.Invoice(inv)}), nil
}

func orderNotFound(orderID int64, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("invoiceapi: order %d: %w", orderID, fault.ErrNotFound)
	}
	return fmt.Errorf("invoiceapi: order %d: %w", orderID, err)
}

// refusal turns the invoice rules' refusals into FailedPrecondition with
// their reason; other errors pass to apperr as they are.
func refusal(err error) error {
	var r *invoice.Refusal
	if errors.As(err, &r) {
		return &fault.Error{Kind: fault.Refused, Reason: r.Reason, Message: r.Message}
	}
	return err
}
