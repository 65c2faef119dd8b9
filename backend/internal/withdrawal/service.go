// Package withdrawal is WithdrawalService, the withdrawal function: a
// shopper withdraws lines of an order from the order page or through the
// signed link of the order e-mail; the back office lists withdrawals,
// records the goods received back and refunds them. The rules live in
// shop (withdrawal.go, withdrawals.go, withdrawal_refund.go); this package
// maps requests and answers, and audits the back office's steps.
package withdrawal

import (
	"context"
	"errors"
	"fmt"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/shop"
	"github.com/sabores/sabores/backend/internal/shop/invoice"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Service implements WithdrawalService.
type Service struct {
	pool    *pgxpool.Pool
	q       *db.Queries
	links   *shop.WithdrawalLinks
	mailer  shop.Mailer
	wmailer shop.WithdrawalMailer
	refunds shop.RefundQueue
	invoice invoice.Invoicer
	now     func() time.Time
}

var _ saboresv1connect.WithdrawalServiceHandler = (*Service)(nil)

// New returns the service on pool; links signs and checks the e-mail's
// withdrawal links.
func New(pool *pgxpool.Pool, links *shop.WithdrawalLinks, invoicer invoice.Invoicer) *Service {
	return &Service{pool: pool, q: db.New(pool), links: links, invoice: invoicer, now: time.Now}
}

// WithMailer returns s queueing e-mails through m: the acknowledgement and
// the later steps' messages, and the cancellation of an order withdrawn
// before shipping.
func (s *Service) WithMailer(m interface {
	shop.Mailer
	shop.WithdrawalMailer
},
) *Service {
	s.mailer, s.wmailer = m, m
	return s
}

// WithRefunds returns s refunding card and Bizum orders by queuing their
// refunds through r.
func (s *Service) WithRefunds(r shop.RefundQueue) *Service {
	s.refunds = r
	return s
}

// WithClock returns s reading the time from now (tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	s.now = now
	return s
}

// GetMyWithdrawalOptions says what the caller may withdraw from their order.
func (s *Service) GetMyWithdrawalOptions(ctx context.Context, req *connect.Request[saboresv1.GetMyWithdrawalOptionsRequest]) (*connect.Response[saboresv1.GetMyWithdrawalOptionsResponse], error) {
	order, err := s.myOrder(ctx, req.Msg.GetOrderId())
	if err != nil {
		return nil, err
	}
	opts, err := s.options(ctx, order, req.Msg.GetLanguage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetMyWithdrawalOptionsResponse{Options: opts}), nil
}

// WithdrawMyOrder withdraws lines of the caller's order.
func (s *Service) WithdrawMyOrder(ctx context.Context, req *connect.Request[saboresv1.WithdrawMyOrderRequest]) (*connect.Response[saboresv1.WithdrawMyOrderResponse], error) {
	userID, err := shop.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	w, err := s.withdraw(ctx, shop.WithdrawalRequest{
		OrderID: req.Msg.GetOrderId(), OwnerID: userID, Channel: "account", Asked: asks(req.Msg.GetLines()),
	}, req.Msg.GetLanguage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.WithdrawMyOrderResponse{Withdrawal: w}), nil
}

// GetWithdrawalOptionsByLink is GetMyWithdrawalOptions for a link's holder.
func (s *Service) GetWithdrawalOptionsByLink(ctx context.Context, req *connect.Request[saboresv1.GetWithdrawalOptionsByLinkRequest]) (*connect.Response[saboresv1.GetWithdrawalOptionsByLinkResponse], error) {
	order, err := s.linkedOrder(ctx, req.Msg.GetToken())
	if err != nil {
		return nil, err
	}
	opts, err := s.options(ctx, order, req.Msg.GetLanguage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetWithdrawalOptionsByLinkResponse{Options: opts}), nil
}

// WithdrawByLink is WithdrawMyOrder for a link's holder.
func (s *Service) WithdrawByLink(ctx context.Context, req *connect.Request[saboresv1.WithdrawByLinkRequest]) (*connect.Response[saboresv1.WithdrawByLinkResponse], error) {
	order, err := s.linkedOrder(ctx, req.Msg.GetToken())
	if err != nil {
		return nil, err
	}
	w, err := s.withdraw(ctx, shop.WithdrawalRequest{
		OrderID: order.ID, Channel: "link", Asked: asks(req.Msg.GetLines()),
	}, req.Msg.GetLanguage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.WithdrawByLinkResponse{Withdrawal: w}), nil
}

func (s *Service) myOrder(ctx context.Context, id int64) (db.Order, error) {
	userID, err := shop.SignedInUser(ctx)
	if err != nil {
		return db.Order{}, err
	}
	order, err := s.q.GetOrderForUser(ctx, db.GetOrderForUserParams{ID: id, UserID: userID})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Order{}, fmt.Errorf("%w: %d", shop.ErrOrderNotFound, id)
	}
	if err != nil {
		return db.Order{}, fmt.Errorf("withdrawal: read order %d: %w", id, err)
	}
	return order, nil
}

// linkedOrder is the order a genuine token names, while its withdrawal
// period runs; anything else is NotFound, so a guessed token learns nothing.
func (s *Service) linkedOrder(ctx context.Context, token string) (db.Order, error) {
	notFound := fmt.Errorf("withdrawal link: %w", fault.ErrNotFound)
	id, ok := s.links.OrderOf(token)
	if !ok {
		return db.Order{}, notFound
	}
	order, err := s.q.GetOrder(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.Order{}, notFound
	}
	if err != nil {
		return db.Order{}, fmt.Errorf("withdrawal: read order %d: %w", id, err)
	}
	if !s.links.Valid(token, order.ID, order.CreatedAt) {
		return db.Order{}, notFound
	}
	delivered, err := s.q.OrderDeliveredAt(ctx, order.ID)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return db.Order{}, fmt.Errorf("withdrawal: delivery of order %d: %w", id, err)
	}
	if w := shop.WithdrawalWindowAt(shop.Fulfilment(order.Status), delivered, s.now()); w.ClosedReason == shop.ReasonWithdrawalPeriodOver {
		return db.Order{}, notFound
	}
	return order, nil
}

func (s *Service) options(ctx context.Context, order db.Order, lang saboresv1.Language) (*saboresv1.WithdrawalOptions, error) {
	v, err := shop.LoadWithdrawalView(ctx, s.q, order, s.now())
	if err != nil {
		return nil, err
	}
	return optionsToProto(v, lang), nil
}

func (s *Service) withdraw(ctx context.Context, r shop.WithdrawalRequest, lang saboresv1.Language) (*saboresv1.Withdrawal, error) {
	r.Now, r.Mailer, r.WMailer = s.now(), s.mailer, s.wmailer
	var w db.Withdrawal
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		w, err = shop.Withdraw(ctx, tx, r)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.withdrawalToProto(ctx, w, lang)
}

func (s *Service) withdrawalToProto(ctx context.Context, w db.Withdrawal, lang saboresv1.Language) (*saboresv1.Withdrawal, error) {
	lines, err := s.q.WithdrawalLinesOf(ctx, []int64{w.ID})
	if err != nil {
		return nil, fmt.Errorf("withdrawal: lines of %d: %w", w.ID, err)
	}
	return shop.WithdrawalToProto(w, lines, lang), nil
}

func asks(in []*saboresv1.WithdrawalLineInput) []shop.WithdrawalAsk {
	out := make([]shop.WithdrawalAsk, len(in))
	for i, l := range in {
		out[i] = shop.WithdrawalAsk{LineNo: l.GetLineNo(), Quantity: l.GetQuantity()}
	}
	return out
}

// listSizes are ListWithdrawals' page sizes (the contract's page_size).
var listSizes = paging.Sizes{Default: 20, Max: 100}
