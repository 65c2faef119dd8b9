// Package admininvoiceapi is AdminInvoiceService's Connect handler: the back
// office lists and downloads any order's invoices, checks the VeriFactu
// chain and exports the accountant's CSVs, each read audited (invoices carry
// buyers' personal data). The rules live in the invoice module.
package admininvoiceapi

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminInvoiceService.
type Handler struct {
	pool    *pgxpool.Pool
	q       *db.Queries
	sending invoice.Sending
	// invoicer and querier compare the chain with the AEAT's after a
	// restore; a nil querier (sending off) says it cannot.
	invoicer invoice.Invoicer
	querier  invoice.Querier
}

var _ saboresv1connect.AdminInvoiceServiceHandler = (*Handler)(nil)

// New returns the handler on pool.
func New(pool *pgxpool.Pool) *Handler {
	return &Handler{pool: pool, q: db.New(pool)}
}

// WithSending makes the chain check say how records leave.
func (h *Handler) WithSending(s invoice.Sending) *Handler {
	h.sending = s
	return h
}

// WithHoldCheck lets the owner compare the chain with the AEAT's after a
// restore, through querier, issuing the waiting invoices with iv.
func (h *Handler) WithHoldCheck(iv invoice.Invoicer, querier invoice.Querier) *Handler {
	h.invoicer, h.querier = iv, querier
	return h
}

// ListOrderInvoices lists any order's invoices.
func (h *Handler) ListOrderInvoices(ctx context.Context, req *connect.Request[saboresv1.ListOrderInvoicesRequest]) (*connect.Response[saboresv1.ListOrderInvoicesResponse], error) {
	orderID := req.Msg.GetOrderId()
	rows, err := h.q.InvoicesOfOrder(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("admininvoiceapi: invoices of order %d: %w", orderID, err)
	}
	return connect.NewResponse(&saboresv1.ListOrderInvoicesResponse{Invoices: apimap.Invoices(rows)}), nil
}

// GetInvoicePdf draws any invoice; who downloaded it is audited, as invoices
// carry buyers' personal data.
func (h *Handler) GetInvoicePdf(ctx context.Context, req *connect.Request[saboresv1.GetInvoicePdfRequest]) (*connect.Response[saboresv1.GetInvoicePdfResponse], error) {
	id := req.Msg.GetInvoiceId()
	pdf, name, err := invoice.DrawPDF(ctx, h.pool, id, apimap.InvoiceLanguage(req.Msg.GetLanguage()))
	if err != nil {
		return nil, err
	}
	if err := audit.Record(ctx, h.q, auth.Caller(ctx), "invoice.download", "invoice:"+strconv.FormatInt(id, 10), nil, nil); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetInvoicePdfResponse{Pdf: pdf, FileName: name}), nil
}

// CheckInvoiceChain recomputes the VeriFactu chain; the check and its
// result are audited.
func (h *Handler) CheckInvoiceChain(ctx context.Context, _ *connect.Request[saboresv1.CheckInvoiceChainRequest]) (*connect.Response[saboresv1.CheckInvoiceChainResponse], error) {
	report, err := invoice.CheckStoredChain(ctx, h.pool)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.CheckInvoiceChainResponse{Records: report.Records}
	for _, b := range report.Breaks {
		res.Breaks = append(res.Breaks, &saboresv1.ChainBreak{RecordId: b.RecordID, Problem: b.Problem})
	}
	status, err := invoice.ReadSubmissionStatus(ctx, h.pool)
	if err != nil {
		return nil, err
	}
	res.Submission = &saboresv1.VerifactuSubmission{
		ReadyRecords: status.Ready, UnsubmittedRecords: status.Unsubmitted,
		Sending: h.sending.On, Environment: h.sending.Environment,
	}
	if !status.LastPrepared.IsZero() {
		res.Submission.LastPrepareTime = timestamppb.New(status.LastPrepared)
	}
	if !h.sending.CertificateExpiry.IsZero() {
		res.Submission.CertificateExpireTime = timestamppb.New(h.sending.CertificateExpiry)
	}
	for _, s := range status.ByState {
		res.Submission.ByState = append(res.Submission.ByState, &saboresv1.VerifactuStateCount{State: s.State, Records: s.Records})
	}
	for _, r := range status.Refused {
		res.Submission.Refused = append(res.Submission.Refused, &saboresv1.VerifactuRefusedRecord{
			RecordId: r.ID, SeriesNumber: r.SeriesNumber, EstadoRegistro: r.EstadoRegistro, ErrorCode: r.ErrorCode,
			ErrorDescription: r.ErrorDescription, AnswerTime: timestamppb.New(r.AnsweredAt), CorrectionRecordId: r.CorrectionID,
		})
	}
	hold, err := invoice.InvoicingHold(ctx, h.pool)
	if err != nil {
		return nil, err
	}
	res.Hold = holdOf(hold)
	declaration, err := invoice.ReadDeclaration(ctx, h.pool)
	if err != nil {
		return nil, err
	}
	res.Declaration = &saboresv1.SoftwareDeclaration{
		ProducerName: declaration.Producer.Name, ProducerNif: declaration.Producer.NIF,
		SystemName: declaration.System.Name, SystemId: declaration.System.ID, Version: declaration.System.Version,
		Installation: declaration.System.Installation, Commit: declaration.Commit,
	}
	for _, a := range status.Answers {
		res.Submission.Answers = append(res.Submission.Answers, &saboresv1.VerifactuAnswer{
			SubmissionId: a.SubmissionID, EstadoEnvio: a.EstadoEnvio, Csv: a.Csv,
			AnswerTime: timestamppb.New(a.AnsweredAt), Records: int64(a.RecordCount),
		})
	}
	if err := audit.Record(ctx, h.q, auth.Caller(ctx), "invoice.chain_check", "verifactu_chain", nil,
		map[string]any{"records": report.Records, "breaks": len(report.Breaks)}); err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// ExportInvoiceRegister exports the register of a period as CSV; audited.
func (h *Handler) ExportInvoiceRegister(ctx context.Context, req *connect.Request[saboresv1.ExportInvoiceRegisterRequest]) (*connect.Response[saboresv1.ExportInvoiceRegisterResponse], error) {
	csv, name, err := h.export(ctx, req.Msg.GetPeriod(), "invoice.register_export", "facturas", invoice.Register)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ExportInvoiceRegisterResponse{Csv: csv, FileName: name}), nil
}

// ExportPayments exports the payments and refunds of a period as CSV; audited.
func (h *Handler) ExportPayments(ctx context.Context, req *connect.Request[saboresv1.ExportPaymentsRequest]) (*connect.Response[saboresv1.ExportPaymentsResponse], error) {
	csv, name, err := h.export(ctx, req.Msg.GetPeriod(), "invoice.payments_export", "cobros", invoice.Payments)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ExportPaymentsResponse{Csv: csv, FileName: name}), nil
}

// export writes one of the accountant's CSVs of period with write, audited
// as action, and names its file after prefix and the days.
func (h *Handler) export(ctx context.Context, period *saboresv1.AccountingPeriod, action, prefix string,
	write func(context.Context, db.DBTX, time.Time, time.Time) ([]byte, error),
) ([]byte, string, error) {
	from, to, err := invoice.Period(period.GetFirstDay(), period.GetLastDay())
	if err != nil {
		return nil, "", fault.InvalidField("period", "must be days YYYY-MM-DD, the last not before the first, at most 367 days")
	}
	out, err := write(ctx, h.pool, from, to)
	if err != nil {
		return nil, "", err
	}
	if err := audit.Record(ctx, h.q, auth.Caller(ctx), action, "accounting_export", nil,
		map[string]any{"first_day": period.GetFirstDay(), "last_day": period.GetLastDay()}); err != nil {
		return nil, "", err
	}
	name := prefix + "_" + strings.ReplaceAll(period.GetFirstDay(), "-", "") + "_" + strings.ReplaceAll(period.GetLastDay(), "-", "") + ".csv"
	return out, name, nil
}

// RecheckInvoicingHold compares the chain with the AEAT's records after a
// restore, lifting the hold when they match; audited with what it found.
func (h *Handler) RecheckInvoicingHold(ctx context.Context, _ *connect.Request[saboresv1.RecheckInvoicingHoldRequest]) (*connect.Response[saboresv1.RecheckInvoicingHoldResponse], error) {
	iv := h.invoicer
	if iv.Issuer == nil {
		iv.Issuer = invoice.SettingsIssuer{}
	}
	hold, err := iv.CheckAfterRestore(ctx, h.pool, h.querier)
	if err != nil {
		return nil, err
	}
	if err := audit.Record(ctx, h.q, auth.Caller(ctx), "invoice.hold_recheck", "invoicing_hold", nil,
		map[string]any{"held": hold.Held, "missing": len(hold.Missing), "issued": hold.Issued, "error": hold.Error}); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RecheckInvoicingHoldResponse{Hold: holdOf(hold), Issued: int32(hold.Issued)}), nil //nolint:gosec // a handful of orders
}

// holdOf maps where invoicing stands after a restore.
func holdOf(h invoice.Hold) *saboresv1.InvoicingHold {
	out := &saboresv1.InvoicingHold{
		Held: h.Held, AeatHeadNumber: h.AEATHeadNumber, AeatHeadHash: h.AEATHeadHash,
		LocalHeadHash: h.LocalHeadHash, CheckError: h.Error,
	}
	if !h.HeldSince.IsZero() {
		out.HeldSince = timestamppb.New(h.HeldSince)
	}
	if !h.CheckedAt.IsZero() {
		out.CheckTime = timestamppb.New(h.CheckedAt)
	}
	for _, m := range h.Missing {
		out.Missing = append(out.Missing, &saboresv1.MissingVerifactuRecord{
			SeriesNumber: m.Number, IssueDate: m.Date, Hash: m.Hash, State: m.State, GeneratedAt: m.GeneratedAt,
		})
	}
	return out
}
