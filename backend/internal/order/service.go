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

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/fault"
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
		return in, fault.InvalidField("idempotency_key", "must be a UUID")
	}
	in.key, in.ageDeclared = key, msg.GetAgeDeclared()
	if len(msg.GetLines()) == 0 {
		return in, fault.InvalidField("lines", "must have at least one line")
	}
	if in.lines, err = shop.Lines(msg.GetLines()); err != nil {
		return in, err
	}
	if msg.GetDelivery() == nil {
		return in, fault.InvalidField("delivery", "is required")
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
		return in, fault.InvalidField("payment_method", "must be card, Bizum, transfer or cash on delivery")
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
			return nil, fault.InvalidField(f.field, "must not be blank")
		}
	}
	return out, nil
}

// checkout is what PlaceOrder decides before its transaction: the priced
// lines, the cash surcharge and what the law adds to the order.
type checkout struct {
	priced    pricing.Cart
	surcharge int64
	law       orderLaw
}

// prepare prices and checks an order against the products, promotions and
// settings as they are now, before any transaction: inside one, every
// statement at read committed sees the data as of its own start anyway, so
// reading them first changes no outcome, and the transaction then holds
// its connection and row locks only for the writes. What a concurrent
// change can still make wrong is checked again inside: the stock, by the
// conditional update that takes it.
func (s *Service) prepare(ctx context.Context, in placeOrder, now time.Time) (checkout, error) {
	if err := s.checkIdentity(ctx, s.queries); err != nil {
		return checkout{}, err
	}
	products, err := s.queries.GetProductsByIDs(ctx, shop.LineProductIDs(in.lines))
	if err != nil {
		return checkout{}, fmt.Errorf("order: read products: %w", err)
	}
	priced, err := shop.PriceProducts(ctx, shop.Stored{Queries: s.queries}, products, in.lines, now)
	if err != nil {
		return checkout{}, err
	}
	if !priced.Valid {
		return checkout{}, unsellable(problemsOf(priced))
	}
	if ok, err := s.offered(ctx, s.queries, in.method); err != nil {
		return checkout{}, err
	} else if !ok {
		return checkout{}, notOffered(in.method)
	}
	c := checkout{priced: priced}
	// Cash on delivery may carry a surcharge, a service at the general VAT
	// rate like shipping.
	if in.method == "cash" {
		c.surcharge = s.payments.CashSurchargeCents
		if err := shop.CheckCash(priced.TotalCents + c.surcharge); err != nil {
			return checkout{}, err
		}
	}
	for _, l := range in.lines {
		if err := s.limits.CheckLine(l.ProductID, l.Quantity); err != nil {
			return checkout{}, err
		}
	}
	if c.law, err = s.checkLaw(shop.CartLawOf(products), in, priced.SubtotalCents, now); err != nil {
		return checkout{}, err
	}
	return c, nil
}

// place prepares the order, then runs the checkout transaction and returns
// the new order as stored. Its key taken already, it fails with
// pgx.ErrNoRows. The transaction is a few statements (customer, the order
// with its event and lines, the e-mail, the stock); locks are always taken
// in the same order (the user's customer row, the order key, then products
// by ascending id) so concurrent checkouts queue instead of deadlocking, and
// the contended ones, the products', last, so they are held for the
// shortest time.
func (s *Service) place(ctx context.Context, userID int64, in placeOrder) (*saboresv1.Order, error) {
	c, err := s.prepare(ctx, in, time.Now())
	if err != nil {
		return nil, err
	}
	params := orderParams(userID, in, c)
	var order *saboresv1.Order
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.queries.WithTx(tx)
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
		params.CustomerID = &customerID
		stored, err := q.PlaceOrder(ctx, params)
		if err != nil {
			// pgx.ErrNoRows: a concurrent retry committed this key first.
			return fmt.Errorf("order: insert order: %w", err)
		}
		row := db.Order(stored)
		if err := shop.Notify(ctx, tx, s.mailer, row, "order_received"); err != nil {
			return err
		}
		if err := takeStock(ctx, q, row.ID, userID, c.priced.Lines); err != nil {
			return err
		}
		if err := s.checkTransferShare(ctx, q, row.ID, in, c.priced.Lines); err != nil {
			return err
		}
		order = shop.OrderToProto(row, soldLines(row.ID, c.priced.Lines))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return order, nil
}

// orderParams is the new order as PlaceOrder writes it, but for its
// customer, recorded in the transaction.
func orderParams(userID int64, in placeOrder, c checkout) db.PlaceOrderParams {
	d, priced := in.delivery, c.priced
	p := db.PlaceOrderParams{
		UserID: userID, IdempotencyKey: in.key, PaymentMethod: in.method, PaymentStatus: in.payment,
		SubtotalCents: priced.SubtotalCents, ShippingCents: priced.ShippingCents, PaymentSurchargeCents: c.surcharge,
		VatCents: priced.VATCents + pricing.IncludedVAT(c.surcharge, surchargeVAT), TotalCents: priced.TotalCents + c.surcharge,
		DeliveryName: d.GetName(), DeliveryEmail: d.GetEmail(), DeliveryPhone: d.GetPhone(),
		DeliveryAddress: d.GetAddress(), DeliveryCity: d.GetCity(), DeliveryPostalCode: d.GetPostalCode(),
		Language: in.language, DispatchOn: c.law.dispatchOn(), IDCheckRequired: c.law.idCheck,
	}
	addLines(&p, priced.Lines)
	return p
}

// surchargeVAT is the general rate, in basis points, of the cash surcharge.
const surchargeVAT = 2100

// takeStock takes every line's quantity in one call, booked
// in the ledger as a sale of order orderID by userID. A line whose stock ran
// out since it was priced fails the order; the failing lines' current stock
// is read back for the error.
func takeStock(ctx context.Context, q *db.Queries, orderID, userID int64, lines []pricing.Line) error {
	p := db.TakeOrderStockParams{OrderID: orderID, ActorUserID: userID}
	for _, l := range lines {
		p.ProductIds = append(p.ProductIds, l.ProductID)
		p.Quantities = append(p.Quantities, l.Quantity)
	}
	taken, err := q.TakeOrderStock(ctx, p)
	if err != nil {
		return fmt.Errorf("order: take stock: %w", err)
	}
	if len(taken) == len(lines) {
		return nil
	}
	var short []pricing.Line
	for _, l := range lines {
		if !slices.Contains(taken, l.ProductID) {
			short = append(short, l)
		}
	}
	slices.SortFunc(short, func(a, b pricing.Line) int { return cmp.Compare(a.ProductID, b.ProductID) })
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
