// Package order places the signed-in shopper's orders and lists them. Placing
// an order revalidates the cart, takes the stock and writes the order in one
// transaction, so an order either exists whole, with its stock taken, or not
// at all.
package order

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Service implements OrderService over the shop's database.
type Service struct {
	pool     *pgxpool.Pool
	queries  *db.Queries
	limits   shop.Limits
	mailer   shop.Mailer
	areas    deliveryarea.Policy
	payments Payments
	// refunds gives back the card or Bizum payment of a cancelled order.
	refunds shop.RefundQueue
}

var _ saboresv1connect.OrderServiceHandler = (*Service)(nil)

// myOrdersPageSizes are ListMyOrders' page sizes.
var myOrdersPageSizes = paging.Sizes{Default: 20, Max: 100}

// New returns an order service on pool with the default hoarding limits.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, queries: db.New(pool), limits: shop.DefaultLimits(), payments: defaultPayments(), areas: deliveryarea.Default}
}

// WithMailer returns s queueing the shopper's e-mails through m.
func (s *Service) WithMailer(m shop.Mailer) *Service {
	s.mailer = m
	return s
}

// WithRefunds returns s queueing the refund of a cancelled order's card or
// Bizum payment through r.
func (s *Service) WithRefunds(r shop.RefundQueue) *Service {
	s.refunds = r
	return s
}

// WithLimits returns s with other hoarding limits (from the configuration).
func (s *Service) WithLimits(l shop.Limits) *Service {
	s.limits = l
	return s
}

// PlaceOrder sells the cart to the caller. The same idempotency key with the
// same cart always answers with the order it first placed and takes the
// stock once, even when retries race each other; with another cart it is
// refused (IDEMPOTENCY_KEY_REUSED). Lines that cannot be sold fail the whole
// order with FailedPrecondition and one ErrorInfo per line.
func (s *Service) PlaceOrder(ctx context.Context, req *connect.Request[saboresv1.PlaceOrderRequest]) (*connect.Response[saboresv1.PlaceOrderResponse], error) {
	userID, err := shop.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	in, err := readPlaceOrder(req.Msg)
	if err != nil {
		return nil, err
	}
	in.language = language(req.Header().Get("Accept-Language"))
	order, err := s.place(ctx, userID, in)
	if err != nil {
		// This key may have placed its order already: an earlier attempt
		// whose answer was lost, or a concurrent retry this one waited for
		// or found the stock already gone after. The answer to a retry is
		// that order, not this attempt's failure.
		id, ferr := s.queries.FindOrderByIdempotencyKey(ctx, db.FindOrderByIdempotencyKeyParams{UserID: userID, IdempotencyKey: in.key})
		if ferr != nil {
			return nil, err
		}
		if order, err = shop.GetOrder(ctx, s.queries, userID, id); err != nil {
			return nil, err
		}
		if !sameCart(order, in.lines) {
			return nil, keyReused()
		}
	}
	return connect.NewResponse(&saboresv1.PlaceOrderResponse{Order: order}), nil
}

// ListMyOrders lists the caller's orders, newest first, with their total.
func (s *Service) ListMyOrders(ctx context.Context, req *connect.Request[saboresv1.ListMyOrdersRequest]) (*connect.Response[saboresv1.ListMyOrdersResponse], error) {
	userID, err := shop.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	window, err := paging.Page(req.Msg.GetPage(), req.Msg.GetPageSize(), myOrdersPageSizes)
	if err != nil {
		return nil, err
	}
	total, err := s.queries.CountOrdersForUser(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("order: count orders: %w", err)
	}
	orders, err := shop.ListOrders(ctx, s.queries, userID, window.Size, window.Offset)
	if err != nil {
		return nil, err
	}
	if err := localize(ctx, s.queries, orders, req.Msg.GetLanguage()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ListMyOrdersResponse{Orders: orders, TotalSize: int32(total)}), nil
}

// GetMyOrder returns one of the caller's orders; anybody else's is NotFound,
// so ids reveal nothing about other shoppers.
func (s *Service) GetMyOrder(ctx context.Context, req *connect.Request[saboresv1.GetMyOrderRequest]) (*connect.Response[saboresv1.GetMyOrderResponse], error) {
	userID, err := shop.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	order, err := shop.GetOrder(ctx, s.queries, userID, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	if err := localize(ctx, s.queries, []*saboresv1.Order{order}, req.Msg.GetLanguage()); err != nil {
		return nil, err
	}
	res := &saboresv1.GetMyOrderResponse{Order: order}
	if res.Events, res.Cancellable, err = timeline(ctx, s.queries, order); err != nil {
		return nil, err
	}
	stored, err := s.queries.GetOrder(ctx, order.GetId())
	if err != nil {
		return nil, fmt.Errorf("order: read order %d: %w", order.GetId(), err)
	}
	if res.Payment, err = s.orderPayment(ctx, stored); err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// placeOrder is a checked PlaceOrder request.
type placeOrder struct {
	key      uuid.UUID
	lines    []pricing.LineInput
	delivery *saboresv1.DeliveryInput
	method   string
	payment  string
	language string
	// ageDeclared: the shopper declared being 18 or over (law.go).
	ageDeclared bool
}

// readPlaceOrder checks what the proto's validation rules already enforce
// at the edge, so the service is safe when called without them.
func readPlaceOrder(msg *saboresv1.PlaceOrderRequest) (placeOrder, error) {
	var in placeOrder
	key, err := uuid.Parse(msg.GetIdempotencyKey())
	if err != nil {
		return in, apperr.Invalid("idempotency_key", "must be a UUID")
	}
	in.key, in.ageDeclared = key, msg.GetAgeDeclared()
	if len(msg.GetLines()) == 0 {
		return in, apperr.Invalid("lines", "must have at least one line")
	}
	if in.lines, err = shop.Lines(msg.GetLines()); err != nil {
		return in, err
	}
	if msg.GetDelivery() == nil {
		return in, apperr.Invalid("delivery", "is required")
	}
	if in.delivery, err = readDelivery(msg.GetDelivery()); err != nil {
		return in, err
	}
	switch msg.GetPaymentMethod() {
	case saboresv1.PaymentMethod_PAYMENT_METHOD_CARD:
		// Paid when Redsys's notification says so (StartPayment).
		in.method, in.payment = "card", "awaiting_payment"
	case saboresv1.PaymentMethod_PAYMENT_METHOD_BIZUM:
		in.method, in.payment = "bizum", "awaiting_payment"
	case saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER:
		in.method, in.payment = "transfer", "awaiting_payment"
	case saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY:
		in.method, in.payment = "cash", "on_delivery"
	default:
		return in, apperr.Invalid("payment_method", "must be card, Bizum, transfer or cash on delivery")
	}
	return in, nil
}

// readDelivery trims the delivery form: a name, address or city of blanks
// passes the proto's length rules but delivers nowhere.
func readDelivery(d *saboresv1.DeliveryInput) (*saboresv1.DeliveryInput, error) {
	out := &saboresv1.DeliveryInput{
		Name: strings.TrimSpace(d.GetName()), Email: strings.TrimSpace(d.GetEmail()),
		Phone: strings.TrimSpace(d.GetPhone()), Address: strings.TrimSpace(d.GetAddress()),
		City: strings.TrimSpace(d.GetCity()), PostalCode: strings.TrimSpace(d.GetPostalCode()),
	}
	for _, f := range []struct{ field, value string }{
		{"delivery.name", out.Name}, {"delivery.address", out.Address}, {"delivery.city", out.City},
	} {
		if f.value == "" {
			return nil, apperr.Invalid(f.field, "must not be blank")
		}
	}
	return out, nil
}

// place runs the checkout transaction and returns the new order as stored.
// Its key taken already, it fails with pgx.ErrNoRows. Locks
// are always taken in the same order (the user's customer row, the order
// key, then products by ascending id) so concurrent checkouts queue instead
// of deadlocking.
func (s *Service) place(ctx context.Context, userID int64, in placeOrder) (*saboresv1.Order, error) {
	var order *saboresv1.Order
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.queries.WithTx(tx)
		now := time.Now()
		priced, err := shop.Price(ctx, q, shop.Stored{Queries: q}, in.lines, now)
		if err != nil {
			return err
		}
		if !priced.Valid {
			return unsellable(problemsOf(priced))
		}
		if ok, err := s.offered(ctx, q, in.method); err != nil {
			return err
		} else if !ok {
			return notOffered(in.method)
		}
		// Cash on delivery may carry a surcharge, a service at the general
		// VAT rate like shipping.
		var surcharge int64
		if in.method == "cash" {
			surcharge = s.payments.CashSurchargeCents
		}
		for _, l := range in.lines {
			if err := s.limits.CheckLine(l.ProductID, l.Quantity); err != nil {
				return err
			}
		}
		law, err := s.checkLaw(ctx, q, in, priced.SubtotalCents, now)
		if err != nil {
			return err
		}
		d := in.delivery
		customerID, err := q.UpsertCustomerForUser(ctx, db.UpsertCustomerForUserParams{
			UserID: &userID, Name: d.GetName(), Email: d.GetEmail(), Phone: d.GetPhone(),
		})
		if err != nil {
			return fmt.Errorf("order: record customer: %w", err)
		}
		// Counted with the customer row locked, so one shopper's concurrent
		// checkouts count each other.
		if err := s.checkUnpaid(ctx, q, userID, in); err != nil {
			return err
		}
		row, err := q.InsertOrder(ctx, db.InsertOrderParams{
			UserID: userID, CustomerID: &customerID, IdempotencyKey: in.key,
			PaymentMethod: in.method, PaymentStatus: in.payment,
			SubtotalCents: priced.SubtotalCents, ShippingCents: priced.ShippingCents, PaymentSurchargeCents: surcharge,
			VatCents: priced.VATCents + pricing.IncludedVAT(surcharge, surchargeVAT), TotalCents: priced.TotalCents + surcharge,
			DeliveryName: d.GetName(), DeliveryEmail: d.GetEmail(), DeliveryPhone: d.GetPhone(),
			DeliveryAddress: d.GetAddress(), DeliveryCity: d.GetCity(), DeliveryPostalCode: d.GetPostalCode(),
			Language: in.language,
		})
		if err != nil {
			// pgx.ErrNoRows: a concurrent retry committed this key first.
			return fmt.Errorf("order: insert order: %w", err)
		}
		if err := recordPlaced(ctx, q, row.ID, userID); err != nil {
			return err
		}
		if row, err = recordLaw(ctx, q, row, law); err != nil {
			return err
		}
		if err := takeStock(ctx, q, priced.Lines); err != nil {
			return err
		}
		if err := s.checkTransferShare(ctx, q, in, priced.Lines); err != nil {
			return err
		}
		lines, err := q.InsertOrderLines(ctx, linesParams(row.ID, priced.Lines))
		if err != nil {
			return fmt.Errorf("order: insert lines: %w", err)
		}
		if err := shop.Notify(ctx, tx, s.mailer, row, "order_received"); err != nil {
			return err
		}
		slices.SortFunc(lines, func(a, b db.OrderLine) int { return cmp.Compare(a.LineNo, b.LineNo) })
		order = shop.OrderToProto(row, lines)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return order, nil
}

// surchargeVAT is the general rate, in basis points, of the cash surcharge.
const surchargeVAT = 2100

// takeStock takes every line's quantity with a conditional update, in
// product id order. A line whose stock ran out since it was priced fails the
// order; the failing lines' current stock is read back for the error.
func takeStock(ctx context.Context, q *db.Queries, lines []pricing.Line) error {
	byID := slices.Clone(lines)
	slices.SortFunc(byID, func(a, b pricing.Line) int { return cmp.Compare(a.ProductID, b.ProductID) })
	var short []pricing.Line
	for _, l := range byID {
		n, err := q.TakeStock(ctx, db.TakeStockParams{ID: l.ProductID, Quantity: l.Quantity})
		if err != nil {
			return fmt.Errorf("order: take stock of product %d: %w", l.ProductID, err)
		}
		if n == 0 {
			short = append(short, l)
		}
	}
	if len(short) == 0 {
		return nil
	}
	ids := make([]int64, len(short))
	for i, l := range short {
		ids[i] = l.ProductID
	}
	now, err := q.GetProductsByIDs(ctx, ids)
	if err != nil {
		return fmt.Errorf("order: read stock back: %w", err)
	}
	current := make(map[int64]db.Product, len(now))
	for _, p := range now {
		current[p.ID] = p
	}
	problems := make([]lineProblem, len(short))
	for i, l := range short {
		p := current[l.ProductID]
		problems[i] = lineProblem{productID: l.ProductID, available: p.Stock, problem: pricing.InsufficientStock}
		if !p.SoldOnline {
			problems[i] = lineProblem{productID: l.ProductID, problem: pricing.UnknownProduct}
		}
	}
	return unsellable(problems)
}
