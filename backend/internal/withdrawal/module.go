package withdrawal

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/paging"
)

// Service runs the withdrawal use cases on a pool.
type Service struct {
	pool    *pgxpool.Pool
	q       *db.Queries
	links   *Links
	mailer  order.Mailer
	wmailer Mailer
	refunds order.RefundQueue
	invoice invoice.Invoicer
	now     func() time.Time
}

// New returns the module on pool; links signs and checks the e-mail's
// withdrawal links, invoicer issues the corrective invoices of refunds.
func New(pool *pgxpool.Pool, links *Links, invoicer invoice.Invoicer) *Service {
	return &Service{pool: pool, q: db.New(pool), links: links, invoice: invoicer, now: time.Now}
}

// WithMailer returns s queueing e-mails through m: the acknowledgement and
// the later steps' messages, and the cancellation of an order withdrawn
// before shipping.
func (s *Service) WithMailer(m interface {
	order.Mailer
	Mailer
},
) *Service {
	s.mailer, s.wmailer = m, m
	return s
}

// WithRefunds returns s refunding card and Bizum orders by queuing their
// refunds through r.
func (s *Service) WithRefunds(r order.RefundQueue) *Service {
	s.refunds = r
	return s
}

// WithClock returns s reading the time from now (tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	s.now = now
	return s
}

// Target names the order a shopper withdraws from: either their own order
// (OrderID, with OwnerID the signed-in shopper) or the order a withdrawal
// link's Token names.
type Target struct {
	OrderID int64
	OwnerID int64
	Token   string
}

// Withdrawal is a withdrawal with its lines.
type Withdrawal struct {
	db.Withdrawal
	Lines []db.WithdrawalLinesOfRow
}

// Options is what the shopper may withdraw from the target order now.
func (s *Service) Options(ctx context.Context, t Target) (View, error) {
	ord, err := s.order(ctx, t)
	if err != nil {
		return View{}, err
	}
	return loadView(ctx, s.q, ord, s.now())
}

// Receive records the shopper's declaration of withdrawal of asked from
// the target order, with its acknowledgement e-mail (and, before shipping,
// the order's cancellation) in the same transaction.
func (s *Service) Receive(ctx context.Context, t Target, asked []Ask) (Withdrawal, error) {
	orderID, channel := t.OrderID, "account"
	if t.Token != "" {
		ord, err := s.order(ctx, t)
		if err != nil {
			return Withdrawal{}, err
		}
		orderID, channel = ord.ID, "link"
	}
	var w db.Withdrawal
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		w, err = s.record(ctx, tx, orderID, t.OwnerID, channel, asked)
		return err
	})
	if err != nil {
		return Withdrawal{}, err
	}
	return s.withLines(ctx, w)
}

// order is the target order; anything the caller may not see is NotFound.
func (s *Service) order(ctx context.Context, t Target) (db.Order, error) {
	if t.Token != "" {
		return s.linkedOrder(ctx, t.Token)
	}
	ord, err := s.q.GetOrderForUser(ctx, db.GetOrderForUserParams{ID: t.OrderID, UserID: t.OwnerID})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Order{}, fmt.Errorf("%w: %d", order.ErrOrderNotFound, t.OrderID)
	}
	if err != nil {
		return db.Order{}, fmt.Errorf("withdrawal: read order %d: %w", t.OrderID, err)
	}
	return ord, nil
}

// linkedOrder is the order a genuine token names, while its withdrawal
// period runs; anything else is NotFound, so a guessed token learns nothing.
func (s *Service) linkedOrder(ctx context.Context, token string) (db.Order, error) {
	notFound := fmt.Errorf("withdrawal link: %w", fault.ErrNotFound)
	id, ok := s.links.OrderOf(token)
	if !ok {
		return db.Order{}, notFound
	}
	ord, err := s.q.GetOrder(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Order{}, notFound
	}
	if err != nil {
		return db.Order{}, fmt.Errorf("withdrawal: read order %d: %w", id, err)
	}
	if !s.links.Valid(token, ord.ID, ord.CreatedAt) {
		return db.Order{}, notFound
	}
	delivered, err := s.q.OrderDeliveredAt(ctx, ord.ID)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return db.Order{}, fmt.Errorf("withdrawal: delivery of order %d: %w", id, err)
	}
	if w := WindowAt(order.Fulfilment(ord.Status), delivered, s.now()); w.ClosedReason == ReasonWithdrawalPeriodOver {
		return db.Order{}, notFound
	}
	return ord, nil
}

func (s *Service) withLines(ctx context.Context, w db.Withdrawal) (Withdrawal, error) {
	lines, err := s.q.WithdrawalLinesOf(ctx, []int64{w.ID})
	if err != nil {
		return Withdrawal{}, fmt.Errorf("withdrawal: lines of %d: %w", w.ID, err)
	}
	return Withdrawal{Withdrawal: w, Lines: lines}, nil
}

// listSizes are List's page sizes (the contract's page_size).
var listSizes = paging.Sizes{Default: 20, Max: 100}

// ListInput asks for a page of withdrawals, of one stored status or ("")
// of every status.
type ListInput struct {
	Status         string
	Page, PageSize int32
}

// ListPage is a page of withdrawals, newest first, with the lines of each.
type ListPage struct {
	Total int64
	Rows  []db.ListWithdrawalsRow
	Lines []db.WithdrawalLinesOfRow
}

// List lists withdrawals for the back office, newest first.
func (s *Service) List(ctx context.Context, in ListInput) (ListPage, error) {
	window, err := paging.Page(in.Page, in.PageSize, listSizes)
	if err != nil {
		return ListPage{}, err
	}
	var status *string
	if in.Status != "" {
		status = &in.Status
	}
	var out ListPage
	if out.Total, err = s.q.CountWithdrawals(ctx, status); err != nil {
		return ListPage{}, fmt.Errorf("withdrawal: count: %w", err)
	}
	if out.Rows, err = s.q.ListWithdrawals(ctx, db.ListWithdrawalsParams{Status: status, PageLimit: window.Size, PageOffset: window.Offset}); err != nil {
		return ListPage{}, fmt.Errorf("withdrawal: list: %w", err)
	}
	ids := make([]int64, len(out.Rows))
	for i, r := range out.Rows {
		ids[i] = r.ID
	}
	if out.Lines, err = s.q.WithdrawalLinesOf(ctx, ids); err != nil {
		return ListPage{}, fmt.Errorf("withdrawal: lines: %w", err)
	}
	return out, nil
}

// trail is what the audit trail keeps of a withdrawal.
type trail struct {
	Status          string           `json:"status"`
	RefundCents     int64            `json:"refund_cents,omitempty"`
	RefundMethod    string           `json:"refund_method,omitempty"`
	RefundReference string           `json:"refund_reference,omitempty"`
	Rejected        map[int32]string `json:"rejected,omitempty"`
	Note            string           `json:"note,omitempty"`
}

// GoodsReceipt records the goods of a withdrawal received back.
type GoodsReceipt struct {
	ID int64
	// Rejected are the sealed hygiene lines that came back opened, with why.
	Rejected map[int32]string
	Note     string
	// By is the admin (or API key) receiving them.
	By audit.Caller
}

// ReceiveGoods records the goods received back, audited and e-mailed in
// the same transaction.
func (s *Service) ReceiveGoods(ctx context.Context, r GoodsReceipt) (Withdrawal, error) {
	var after db.Withdrawal
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		before, a, err := receiveGoods(ctx, q, r)
		if err != nil {
			return err
		}
		after = a
		if err := audit.Record(ctx, q, r.By, "withdrawal.receive", fmt.Sprintf("withdrawal:%d", a.ID),
			trail{Status: before.Status}, trail{Status: a.Status, Rejected: r.Rejected, Note: r.Note}); err != nil {
			return err
		}
		return s.mail(ctx, tx, q, a, MailWithdrawalGoodsReceived)
	})
	if err != nil {
		return Withdrawal{}, err
	}
	return s.withLines(ctx, after)
}

// RefundInput refunds a received withdrawal.
type RefundInput struct {
	ID int64
	// BankReference is the reference of a bank refund made by hand; needed
	// unless the order was paid through Redsys (card, Bizum).
	BankReference string
	// By is the admin (or API key) refunding it.
	By audit.Caller
}

// Refund refunds a received withdrawal, audited and e-mailed in the same
// transaction.
func (s *Service) Refund(ctx context.Context, r RefundInput) (Withdrawal, error) {
	var after db.Withdrawal
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		before, a, err := s.refund(ctx, tx, r)
		if err != nil {
			return err
		}
		after = a
		if err := audit.Record(ctx, q, r.By, "withdrawal.refund", fmt.Sprintf("withdrawal:%d", a.ID),
			trail{Status: before.Status},
			trail{Status: a.Status, RefundCents: a.RefundCents, RefundMethod: a.RefundMethod, RefundReference: a.RefundReference}); err != nil {
			return err
		}
		return s.mail(ctx, tx, q, a, MailWithdrawalRefunded)
	})
	if err != nil {
		return Withdrawal{}, err
	}
	return s.withLines(ctx, after)
}

func (s *Service) mail(ctx context.Context, tx pgx.Tx, q *db.Queries, w db.Withdrawal, kind string) error {
	if s.wmailer == nil {
		return nil
	}
	ord, err := q.GetOrder(ctx, w.OrderID)
	if err != nil {
		return fmt.Errorf("withdrawal: order of %d: %w", w.ID, err)
	}
	return s.wmailer.WithdrawalEmail(ctx, tx, ord.ID, w.ID, kind, ord.DeliveryEmail)
}
