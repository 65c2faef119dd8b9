package withdrawal

import (
	"context"
	"fmt"
	"strings"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/shop"
	"github.com/sabores/sabores/backend/internal/shop/invoice"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListWithdrawals lists withdrawals for the back office, newest first.
func (s *Service) ListWithdrawals(ctx context.Context, req *connect.Request[saboresv1.ListWithdrawalsRequest]) (*connect.Response[saboresv1.ListWithdrawalsResponse], error) {
	window, err := paging.Page(req.Msg.GetPage(), req.Msg.GetPageSize(), listSizes)
	if err != nil {
		return nil, err
	}
	var status *string
	if st := shop.WithdrawalStatusText(req.Msg.GetStatus()); st != "" {
		status = &st
	}
	total, err := s.q.CountWithdrawals(ctx, status)
	if err != nil {
		return nil, fmt.Errorf("withdrawal: count: %w", err)
	}
	rows, err := s.q.ListWithdrawals(ctx, db.ListWithdrawalsParams{Status: status, PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, fmt.Errorf("withdrawal: list: %w", err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	lines, err := s.q.WithdrawalLinesOf(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("withdrawal: lines: %w", err)
	}
	out := &saboresv1.ListWithdrawalsResponse{TotalSize: int32(min(total, 1<<30))} //nolint:gosec // capped
	for _, r := range rows {
		w := shop.WithdrawalToProto(db.Withdrawal{
			ID: r.ID, OrderID: r.OrderID, Status: r.Status, Channel: r.Channel, CancelledOrder: r.CancelledOrder,
			RequestedAt: r.RequestedAt, ReceivedAt: r.ReceivedAt, RefundedAt: r.RefundedAt, RefundCents: r.RefundCents,
			RefundMethod: r.RefundMethod, RefundReference: r.RefundReference, Note: r.Note,
		}, lines, saboresv1.Language_LANGUAGE_ES)
		w.CustomerName, w.CustomerEmail = r.DeliveryName, r.DeliveryEmail
		w.PaymentMethod = shop.PaymentMethodToProto(r.PaymentMethod)
		if w.GetRefundCents() == 0 {
			w.RefundCents = shop.AcceptedCents(r.ID, lines)
		}
		out.Withdrawals = append(out.Withdrawals, w)
	}
	return connect.NewResponse(out), nil
}

// withdrawalAudit is what the audit trail keeps of a withdrawal.
type withdrawalAudit struct {
	Status          string           `json:"status"`
	RefundCents     int64            `json:"refund_cents,omitempty"`
	RefundMethod    string           `json:"refund_method,omitempty"`
	RefundReference string           `json:"refund_reference,omitempty"`
	Rejected        map[int32]string `json:"rejected,omitempty"`
	Note            string           `json:"note,omitempty"`
}

// ReceiveWithdrawal records the goods received back; audited, e-mailed.
func (s *Service) ReceiveWithdrawal(ctx context.Context, req *connect.Request[saboresv1.ReceiveWithdrawalRequest]) (*connect.Response[saboresv1.ReceiveWithdrawalResponse], error) {
	r := shop.Receipt{WithdrawalID: req.Msg.GetId(), Rejected: map[int32]string{}, Note: strings.TrimSpace(req.Msg.GetNote())}
	if id := shop.ActorUserID(ctx); id != nil {
		r.ActorUserID = *id
	}
	for _, l := range req.Msg.GetRejected() {
		r.Rejected[l.GetLineNo()] = strings.TrimSpace(l.GetReason())
	}
	var after db.Withdrawal
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		before, a, err := shop.ReceiveWithdrawal(ctx, q, r)
		if err != nil {
			return err
		}
		after = a
		if err := shop.Audit(ctx, q, "withdrawal.receive", fmt.Sprintf("withdrawal:%d", a.ID),
			withdrawalAudit{Status: before.Status}, withdrawalAudit{Status: a.Status, Rejected: r.Rejected, Note: r.Note}); err != nil {
			return err
		}
		return s.mail(ctx, tx, q, a, shop.MailWithdrawalGoodsReceived)
	})
	if err != nil {
		return nil, err
	}
	w, err := s.withdrawalToProto(ctx, after, saboresv1.Language_LANGUAGE_ES)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ReceiveWithdrawalResponse{Withdrawal: w}), nil
}

// RefundWithdrawal refunds a received withdrawal; audited, e-mailed.
func (s *Service) RefundWithdrawal(ctx context.Context, req *connect.Request[saboresv1.RefundWithdrawalRequest]) (*connect.Response[saboresv1.RefundWithdrawalResponse], error) {
	r := shop.WithdrawalRefund{
		WithdrawalID: req.Msg.GetId(), BankReference: req.Msg.GetBankReference(),
		Refunds: s.refunds, Invoices: corrector{s.invoice},
	}
	if id := shop.ActorUserID(ctx); id != nil {
		r.ActorUserID = *id
	}
	var after db.Withdrawal
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		before, a, _, err := shop.RefundWithdrawal(ctx, tx, r)
		if err != nil {
			return err
		}
		after = a
		if err := shop.Audit(ctx, q, "withdrawal.refund", fmt.Sprintf("withdrawal:%d", a.ID),
			withdrawalAudit{Status: before.Status},
			withdrawalAudit{Status: a.Status, RefundCents: a.RefundCents, RefundMethod: a.RefundMethod, RefundReference: a.RefundReference}); err != nil {
			return err
		}
		return s.mail(ctx, tx, q, a, shop.MailWithdrawalRefunded)
	})
	if err != nil {
		return nil, err
	}
	w, err := s.withdrawalToProto(ctx, after, saboresv1.Language_LANGUAGE_ES)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RefundWithdrawalResponse{Withdrawal: w}), nil
}

func (s *Service) mail(ctx context.Context, tx pgx.Tx, q *db.Queries, w db.Withdrawal, kind string) error {
	if s.wmailer == nil {
		return nil
	}
	order, err := q.GetOrder(ctx, w.OrderID)
	if err != nil {
		return fmt.Errorf("withdrawal: order of %d: %w", w.ID, err)
	}
	return s.wmailer.WithdrawalEmail(ctx, tx, order.ID, w.ID, kind, order.DeliveryEmail)
}

// corrector issues the corrective invoice of refunded lines, after the
// order's simplified invoice when it has none yet (an order paid before
// invoices were issued on payment).
type corrector struct{ iv invoice.Invoicer }

func (c corrector) CorrectLines(ctx context.Context, tx pgx.Tx, orderID int64, reason string, lines []shop.WithdrawalAsk) error {
	order, err := db.New(tx).GetOrder(ctx, orderID)
	if err != nil {
		return fmt.Errorf("withdrawal: order %d: %w", orderID, err)
	}
	if shop.Payment(order.PaymentStatus) == shop.Paid {
		if _, err := c.iv.IssueForPaidOrder(ctx, tx, orderID); err != nil {
			return err
		}
	}
	corrections := make([]invoice.Correction, len(lines))
	for i, l := range lines {
		corrections[i] = invoice.Correction{LineNo: l.LineNo, Quantity: l.Quantity}
	}
	_, err = c.iv.IssueCorrective(ctx, tx, orderID, reason, corrections...)
	return err
}
