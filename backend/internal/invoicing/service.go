// Package invoicing is InvoiceService: shoppers download the invoices of
// their own orders and ask for a complete one; the back office downloads
// any invoice, checks the VeriFactu chain and exports the register. The
// rules live in invoice; this package maps requests and answers.
package invoicing

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Service implements InvoiceService.
type Service struct {
	pool     *pgxpool.Pool
	q        *db.Queries
	invoicer invoice.Invoicer
	qrBase   string
}

var _ saboresv1connect.InvoiceServiceHandler = (*Service)(nil)

// New returns the invoice service on pool; invoices are issued with
// invoicer and their QR codes point to qrBase (invoice.QRTestURL or
// invoice.QRProductionURL).
func New(pool *pgxpool.Pool, invoicer invoice.Invoicer, qrBase string) *Service {
	return &Service{pool: pool, q: db.New(pool), invoicer: invoicer, qrBase: qrBase}
}

// ListMyInvoices lists the invoices of one of the caller's orders.
func (s *Service) ListMyInvoices(ctx context.Context, req *connect.Request[saboresv1.ListMyInvoicesRequest]) (*connect.Response[saboresv1.ListMyInvoicesResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	orderID := req.Msg.GetOrderId()
	if _, err := s.q.GetOrderForUser(ctx, db.GetOrderForUserParams{ID: orderID, UserID: userID}); err != nil {
		return nil, orderNotFound(orderID, err)
	}
	list, err := s.invoicesOf(ctx, orderID)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ListMyInvoicesResponse{Invoices: list}), nil
}

// GetMyInvoicePdf draws an invoice of one of the caller's orders.
func (s *Service) GetMyInvoicePdf(ctx context.Context, req *connect.Request[saboresv1.GetMyInvoicePdfRequest]) (*connect.Response[saboresv1.GetMyInvoicePdfResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	id := req.Msg.GetInvoiceId()
	if _, err := s.q.InvoiceOfUser(ctx, db.InvoiceOfUserParams{ID: id, UserID: userID}); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("invoicing: invoice %d: %w", id, fault.ErrNotFound)
		}
		return nil, fmt.Errorf("invoicing: invoice %d: %w", id, err)
	}
	pdf, name, err := s.render(ctx, id, req.Msg.GetLanguage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetMyInvoicePdfResponse{Pdf: pdf, FileName: name}), nil
}

// RequestCompleteInvoice issues the complete invoice of one of the caller's
// paid orders; the request is audited with the invoice it gave.
func (s *Service) RequestCompleteInvoice(ctx context.Context, req *connect.Request[saboresv1.RequestCompleteInvoiceRequest]) (*connect.Response[saboresv1.RequestCompleteInvoiceResponse], error) {
	if _, err := auth.SignedInUser(ctx); err != nil {
		return nil, err
	}
	m := req.Msg
	inv, err := s.invoicer.RequestComplete(ctx, s.pool, auth.Caller(ctx), m.GetOrderId(),
		invoice.Buyer{TaxID: m.GetTaxId(), Name: m.GetName(), Address: m.GetAddress()})
	if err != nil {
		return nil, refusal(err)
	}
	return connect.NewResponse(&saboresv1.RequestCompleteInvoiceResponse{Invoice: toProto(inv)}), nil
}

// ListOrderInvoices lists any order's invoices.
func (s *Service) ListOrderInvoices(ctx context.Context, req *connect.Request[saboresv1.ListOrderInvoicesRequest]) (*connect.Response[saboresv1.ListOrderInvoicesResponse], error) {
	list, err := s.invoicesOf(ctx, req.Msg.GetOrderId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ListOrderInvoicesResponse{Invoices: list}), nil
}

// GetInvoicePdf draws any invoice; who downloaded it is audited, as invoices
// carry buyers' personal data.
func (s *Service) GetInvoicePdf(ctx context.Context, req *connect.Request[saboresv1.GetInvoicePdfRequest]) (*connect.Response[saboresv1.GetInvoicePdfResponse], error) {
	id := req.Msg.GetInvoiceId()
	pdf, name, err := s.render(ctx, id, req.Msg.GetLanguage())
	if err != nil {
		return nil, err
	}
	if err := audit.Record(ctx, s.q, auth.Caller(ctx), "invoice.download", entity(id), nil, nil); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetInvoicePdfResponse{Pdf: pdf, FileName: name}), nil
}

// CheckInvoiceChain recomputes the VeriFactu chain; the check and its
// result are audited.
func (s *Service) CheckInvoiceChain(ctx context.Context, _ *connect.Request[saboresv1.CheckInvoiceChainRequest]) (*connect.Response[saboresv1.CheckInvoiceChainResponse], error) {
	report, err := invoice.CheckStoredChain(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.CheckInvoiceChainResponse{Records: report.Records}
	for _, b := range report.Breaks {
		res.Breaks = append(res.Breaks, &saboresv1.ChainBreak{RecordId: b.RecordID, Problem: b.Problem})
	}
	status, err := invoice.ReadSubmissionStatus(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	res.Submission = &saboresv1.VerifactuSubmission{ReadyRecords: status.Ready, UnsubmittedRecords: status.Unsubmitted}
	if !status.LastPrepared.IsZero() {
		res.Submission.LastPrepareTime = timestamppb.New(status.LastPrepared)
	}
	if err := audit.Record(ctx, s.q, auth.Caller(ctx), "invoice.chain_check", "verifactu_chain", nil,
		map[string]any{"records": report.Records, "breaks": len(report.Breaks)}); err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// ExportInvoiceRegister exports the register of a period as CSV; audited.
func (s *Service) ExportInvoiceRegister(ctx context.Context, req *connect.Request[saboresv1.ExportInvoiceRegisterRequest]) (*connect.Response[saboresv1.ExportInvoiceRegisterResponse], error) {
	csv, name, err := s.export(ctx, req.Msg.GetPeriod(), "invoice.register_export", "facturas", invoice.Register)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ExportInvoiceRegisterResponse{Csv: csv, FileName: name}), nil
}

// ExportPayments exports the payments and refunds of a period as CSV; audited.
func (s *Service) ExportPayments(ctx context.Context, req *connect.Request[saboresv1.ExportPaymentsRequest]) (*connect.Response[saboresv1.ExportPaymentsResponse], error) {
	csv, name, err := s.export(ctx, req.Msg.GetPeriod(), "invoice.payments_export", "cobros", invoice.Payments)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ExportPaymentsResponse{Csv: csv, FileName: name}), nil
}

// export writes one of the accountant's CSVs of period with write, audited
// as action, and names its file after prefix and the days.
func (s *Service) export(ctx context.Context, period *saboresv1.AccountingPeriod, action, prefix string,
	write func(context.Context, db.DBTX, time.Time, time.Time) ([]byte, error),
) ([]byte, string, error) {
	from, to, err := invoice.Period(period.GetFirstDay(), period.GetLastDay())
	if err != nil {
		return nil, "", fault.InvalidField("period", "must be days YYYY-MM-DD, the last not before the first, at most 367 days")
	}
	out, err := write(ctx, s.pool, from, to)
	if err != nil {
		return nil, "", err
	}
	if err := audit.Record(ctx, s.q, auth.Caller(ctx), action, "accounting_export", nil,
		map[string]any{"first_day": period.GetFirstDay(), "last_day": period.GetLastDay()}); err != nil {
		return nil, "", err
	}
	name := prefix + "_" + strings.ReplaceAll(period.GetFirstDay(), "-", "") + "_" + strings.ReplaceAll(period.GetLastDay(), "-", "") + ".csv"
	return out, name, nil
}

// render draws an invoice's PDF in the language asked.
func (s *Service) render(ctx context.Context, id int64, lang saboresv1.InvoiceLanguage) ([]byte, string, error) {
	doc, err := invoice.LoadDocument(ctx, s.pool, id)
	if err != nil {
		return nil, "", err
	}
	code := "es"
	if lang == saboresv1.InvoiceLanguage_INVOICE_LANGUAGE_PT {
		code = "pt"
	}
	pdf, err := invoice.RenderPDF(doc, code, s.qrBase)
	if err != nil {
		return nil, "", err
	}
	return pdf, doc.Invoice.SeriesNumber + ".pdf", nil
}

// invoicesOf maps an order's invoices.
func (s *Service) invoicesOf(ctx context.Context, orderID int64) ([]*saboresv1.Invoice, error) {
	rows, err := s.q.InvoicesOfOrder(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("invoicing: invoices of order %d: %w", orderID, err)
	}
	list := make([]*saboresv1.Invoice, 0, len(rows))
	for _, r := range rows {
		list = append(list, toProto(r))
	}
	return list, nil
}

var kinds = map[invoice.Kind]saboresv1.InvoiceKind{
	invoice.Simplified: saboresv1.InvoiceKind_INVOICE_KIND_SIMPLIFIED,
	invoice.Complete:   saboresv1.InvoiceKind_INVOICE_KIND_COMPLETE,
	invoice.Corrective: saboresv1.InvoiceKind_INVOICE_KIND_CORRECTIVE,
}

func toProto(inv db.Invoice) *saboresv1.Invoice {
	return &saboresv1.Invoice{
		Id: inv.ID, Number: inv.SeriesNumber, Kind: kinds[invoice.Kind(inv.Kind)], OrderId: inv.OrderID,
		IssueTime: timestamppb.New(inv.IssuedAt), TotalCents: inv.TotalCents,
	}
}

func entity(invoiceID int64) string { return "invoice:" + strconv.FormatInt(invoiceID, 10) }

func orderNotFound(orderID int64, err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("invoicing: order %d: %w", orderID, fault.ErrNotFound)
	}
	return fmt.Errorf("invoicing: order %d: %w", orderID, err)
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
