// Package order is the business module of orders and their payment: placing
// an order, the shopper's reads and cancellation, starting a card or Bizum
// payment, the order desk's steps and MarkPaid, the one path by which an
// order becomes paid. Each use case opens and commits its own transaction
// and queues its side effects (e-mails, the invoice's VeriFactu submission)
// in it. Placing an order revalidates the cart, takes the stock and writes
// the order in one transaction, so an order either exists whole, with its
// stock taken, or not at all.
package order

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/discount"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/backend/internal/shipping"
)

// Service holds the order use cases over the shop's database.
type Service struct {
	pool     *pgxpool.Pool
	queries  *db.Queries
	limits   Limits
	mailer   Mailer
	invoicer invoice.Invoicer
	areas    deliveryarea.Policy
	payments Payments
	// refunds gives back the card or Bizum payment of a cancelled order and
	// retries a failed refund; nil when the shop takes no card payments.
	refunds Refunds
}

// myOrdersPageSizes are ListMine's page sizes.
var myOrdersPageSizes = paging.Sizes{Default: 20, Max: 100}

// New returns the order module on pool with the default hoarding limits.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, queries: db.New(pool), limits: DefaultLimits(), payments: defaultPayments(), areas: deliveryarea.Default}
}

// WithMailer returns s queueing the shopper's e-mails through m.
func (s *Service) WithMailer(m Mailer) *Service {
	s.mailer = m
	return s
}

// WithInvoicer returns s issuing the invoice of an order paid through iv,
// whose Submissions queue each VeriFactu record's submission with it.
func (s *Service) WithInvoicer(iv invoice.Invoicer) *Service {
	s.invoicer = iv
	return s
}

// WithRefunds returns s queueing the refund of a cancelled order's card or
// Bizum payment through r, and retrying a failed one.
func (s *Service) WithRefunds(r Refunds) *Service {
	s.refunds = r
	return s
}

// WithLimits returns s with other hoarding limits (from the configuration).
func (s *Service) WithLimits(l Limits) *Service {
	s.limits = l
	return s
}

// Order is a stored order with its lines, in line order.
type Order struct {
	Row   db.Order
	Lines []db.OrderLine
	// Discount is the discount code's discount it was sold with; nil for
	// none. Read for a placed order and one order's page, not for lists.
	Discount *discount.Sold
}

// Delivery is where and to whom an order goes, as the checkout form sends it.
type Delivery struct {
	Name, Email, Phone, Address, City, PostalCode string
}

// PlaceInput is a shopper's checkout.
type PlaceInput struct {
	UserID int64
	// Key is the idempotency key as sent; it must be a UUID.
	Key   string
	Lines []pricing.LineInput
	// Delivery is nil when the form sent none.
	Delivery *Delivery
	// Method is the payment method as orders.payment_method stores it
	// ("card", "bizum", "transfer", "cash"); anything else is refused.
	Method string
	// AcceptLanguage is the checkout request's header, for the e-mails'
	// language.
	AcceptLanguage string
	// AgeDeclared: the shopper declared being 18 or over (law.go).
	AgeDeclared bool
	// ShippingMethod is the code of the shipping method chosen; "" takes
	// the cheapest available home delivery.
	ShippingMethod string
	// DiscountCode is the discount code typed; "" for none.
	DiscountCode string
}

// Place sells the cart to the caller. The same idempotency key with the
// same cart always answers with the order it first placed and takes the
// stock once, even when retries race each other; with another cart it is
// refused (IDEMPOTENCY_KEY_REUSED). Lines that cannot be sold fail the whole
// order with one fault cause per line.
func (s *Service) Place(ctx context.Context, input PlaceInput) (Order, error) {
	in, err := readPlaceOrder(input)
	if err != nil {
		return Order{}, err
	}
	placed, err := s.place(ctx, input.UserID, in)
	if err != nil {
		// This key may have placed its order already: an earlier attempt
		// whose answer was lost, or a concurrent retry this one waited for
		// or found the stock already gone after. The answer to a retry is
		// that order, not this attempt's failure.
		id, ferr := s.queries.FindOrderByIdempotencyKey(ctx, db.FindOrderByIdempotencyKeyParams{UserID: input.UserID, IdempotencyKey: in.key})
		if ferr != nil {
			return Order{}, err
		}
		if placed, err = s.mine(ctx, input.UserID, id); err != nil {
			return Order{}, err
		}
		if !sameCart(placed.Lines, in.lines) {
			return Order{}, keyReused()
		}
	}
	return placed, nil
}

// ListMine reads a page of the caller's orders, newest first, with their
// lines (named in Portuguese when asked) and how many orders they have.
func (s *Service) ListMine(ctx context.Context, userID int64, page, pageSize int32, portuguese bool) ([]Order, int64, error) {
	window, err := paging.Page(page, pageSize, myOrdersPageSizes)
	if err != nil {
		return nil, 0, err
	}
	total, err := s.queries.CountOrdersForUser(ctx, userID)
	if err != nil {
		return nil, 0, fmt.Errorf("order: count orders: %w", err)
	}
	rows, err := s.queries.ListOrdersForUser(ctx, db.ListOrdersForUserParams{UserID: userID, PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, 0, fmt.Errorf("order: list orders: %w", err)
	}
	orders, err := WithLines(ctx, s.queries, rows)
	if err != nil {
		return nil, 0, err
	}
	if portuguese {
		if err := localize(ctx, s.queries, orders); err != nil {
			return nil, 0, err
		}
	}
	return orders, total, nil
}

// Detail is one order as its shopper's order page shows it.
type Detail struct {
	Order
	Events []db.OrderEvent
	// Cancellable: the shopper may cancel it now.
	Cancellable bool
	Payment     PaymentView
	// Parcel is the parcel whose label was bought through the carrier
	// platform, with its tracking state and link; nil for none.
	Parcel *db.Parcel
}

// GetMine returns one of the caller's orders with its timeline and payment;
// anybody else's is fault.ErrNotFound, so ids reveal nothing about other
// shoppers.
func (s *Service) GetMine(ctx context.Context, userID, orderID int64, portuguese bool) (Detail, error) {
	o, err := s.mine(ctx, userID, orderID)
	if err != nil {
		return Detail{}, err
	}
	if portuguese {
		if err := localize(ctx, s.queries, []Order{o}); err != nil {
			return Detail{}, err
		}
	}
	d := Detail{Order: o}
	if d.Events, err = s.queries.ListOrderEvents(ctx, orderID); err != nil {
		return Detail{}, fmt.Errorf("order: timeline of order %d: %w", orderID, err)
	}
	d.Cancellable = CanFulfil(Fulfilment(o.Row.Status), Cancelled, "", ShopperActor) == nil
	if d.Payment, err = s.orderPayment(ctx, o.Row); err != nil {
		return Detail{}, err
	}
	if d.Parcel, err = ParcelOf(ctx, s.queries, orderID); err != nil {
		return Detail{}, err
	}
	return d, nil
}

// ParcelOf is the order's parcel bought through the carrier platform, or
// nil when it has none.
func ParcelOf(ctx context.Context, q *db.Queries, orderID int64) (*db.Parcel, error) {
	p, err := q.ParcelOfOrder(ctx, orderID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("order: parcel of order %d: %w", orderID, err)
	}
	return &p, nil
}

// mine reads one of userID's orders with its lines; another user's order is
// fault.ErrNotFound.
func (s *Service) mine(ctx context.Context, userID, orderID int64) (Order, error) {
	row, err := s.queries.GetOrderForUser(ctx, db.GetOrderForUserParams{ID: orderID, UserID: userID})
	if errors.Is(err, pgx.ErrNoRows) {
		return Order{}, fmt.Errorf("order: order %d: %w", orderID, fault.ErrNotFound)
	}
	if err != nil {
		return Order{}, fmt.Errorf("order: get order %d: %w", orderID, err)
	}
	orders, err := WithLines(ctx, s.queries, []db.Order{row})
	if err != nil {
		return Order{}, err
	}
	if orders[0].Discount, err = SoldDiscount(ctx, s.queries, orderID); err != nil {
		return Order{}, err
	}
	return orders[0], nil
}

// WithLines reads the lines and discount codes of stored orders, in one
// query each for all of them (the shopper's orders here, the back
// office's order list and page).
func WithLines(ctx context.Context, q *db.Queries, rows []db.Order) ([]Order, error) {
	out := make([]Order, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]int64, len(rows))
	for i, row := range rows {
		ids[i] = row.ID
	}
	lines, err := q.ListOrderLines(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("order: list lines: %w", err)
	}
	byOrder := make(map[int64][]db.OrderLine, len(rows))
	for _, l := range lines {
		byOrder[l.OrderID] = append(byOrder[l.OrderID], l)
	}
	sold, err := SoldDiscounts(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	for i, row := range rows {
		out[i] = Order{Row: row, Lines: byOrder[row.ID], Discount: sold[row.ID]}
	}
	return out, nil
}

// placeOrder is a checked PlaceInput.
type placeOrder struct {
	key      uuid.UUID
	lines    []pricing.LineInput
	delivery Delivery
	method   string
	payment  string
	language string
	// ageDeclared: the shopper declared being 18 or over (law.go).
	ageDeclared bool
	// shippingMethod is the method asked for ("": the preselected one).
	shippingMethod string
	// discountCode is the code typed, normalized; "" for none.
	discountCode string
}

// readPlaceOrder checks what the proto's validation rules already enforce
// at the edge, so the module is safe when called without them.
func readPlaceOrder(msg PlaceInput) (placeOrder, error) {
	var in placeOrder
	key, err := uuid.Parse(msg.Key)
	if err != nil {
		return in, fault.InvalidField("idempotency_key", "must be a UUID")
	}
	in.key, in.ageDeclared, in.shippingMethod = key, msg.AgeDeclared, strings.TrimSpace(msg.ShippingMethod)
	in.discountCode = discount.Normalize(msg.DiscountCode)
	if len(msg.Lines) == 0 {
		return in, fault.InvalidField("lines", "must have at least one line")
	}
	if err := cart.CheckRepeats(msg.Lines); err != nil {
		return in, err
	}
	in.lines = msg.Lines
	if msg.Delivery == nil {
		return in, fault.InvalidField("delivery", "is required")
	}
	if in.delivery, err = readDelivery(*msg.Delivery); err != nil {
		return in, err
	}
	switch msg.Method {
	case "card", "bizum", "transfer":
		// A card or Bizum order is paid when Redsys's notification says so
		// (StartPayment), a transfer when the desk sees it arrive.
		in.method, in.payment = msg.Method, "awaiting_payment"
	case "cash":
		in.method, in.payment = "cash", "on_delivery"
	default:
		return in, fault.InvalidField("payment_method", "must be card, Bizum, transfer or cash on delivery")
	}
	in.language = language(msg.AcceptLanguage)
	return in, nil
}

// readDelivery trims the delivery form: a name of blanks passes the
// proto's length rules but names nobody. The address is checked once the
// shipping method is known (deliverTo): a pickup needs none.
func readDelivery(d Delivery) (Delivery, error) {
	out := Delivery{
		Name: strings.TrimSpace(d.Name), Email: strings.TrimSpace(d.Email),
		Phone: strings.TrimSpace(d.Phone), Address: strings.TrimSpace(d.Address),
		City: strings.TrimSpace(d.City), PostalCode: strings.TrimSpace(d.PostalCode),
	}
	if out.Name == "" {
		return Delivery{}, fault.InvalidField("delivery.name", "must not be blank")
	}
	return out, nil
}

// deliverTo is where an order shipped by a method of kind goes: a home
// delivery needs an address, a city and a postal code (blanks pass the
// proto's rules but deliver nowhere); a pickup at the shop keeps none.
func deliverTo(d Delivery, kind shipping.Kind) (Delivery, error) {
	if kind == shipping.Pickup {
		d.Address, d.City, d.PostalCode = "", "", ""
		return d, nil
	}
	for _, f := range []struct{ field, value string }{
		{"delivery.address", d.Address}, {"delivery.city", d.City}, {"delivery.postal_code", d.PostalCode},
	} {
		if f.value == "" {
			return Delivery{}, fault.InvalidField(f.field, "must not be blank")
		}
	}
	if !postalCode.MatchString(d.PostalCode) {
		return Delivery{}, fault.InvalidField("delivery.postal_code", "must be a five-digit Spanish postal code")
	}
	return d, nil
}

// postalCode is a Spanish postal code: a province from 01 to 52, then three
// digits.
var postalCode = regexp.MustCompile(`^(0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}$`)

// checkout is what PlaceOrder decides before its transaction: the priced
// lines with their shipping, where they go, the cash surcharge and what the
// law adds to the order.
type checkout struct {
	priced    pricing.Cart
	shipping  shipping.Option
	parcel    shipping.Parcel
	delivery  Delivery
	surcharge int64
	law       orderLaw
	// code is the discount code asked for, as read before the transaction
	// (ID 0 for none); discount is what it takes off and discountLines the
	// lines it was checked against, checked again in the transaction.
	code          discount.Code
	discount      discount.Applied
	discountLines []discount.Line
	// shippingWaived is the shipping a free-shipping code did not charge.
	shippingWaived int64
}

// prepare prices and checks an order against the products, promotions and
// settings as they are now, before any transaction: inside one, every
// statement at read committed sees the data as of its own start anyway, so
// reading them first changes no outcome, and the transaction then holds
// its connection and row locks only for the writes. What a concurrent
// change can still make wrong is checked again inside: the stock, by the
// conditional update that takes it.
func (s *Service) prepare(ctx context.Context, userID int64, in placeOrder, now time.Time) (checkout, error) {
	if err := s.checkIdentity(ctx, s.queries); err != nil {
		return checkout{}, err
	}
	quoted, err := cart.Quote(ctx, s.queries, promotion.Stored{Queries: s.queries}, s.rates(), in.lines, in.delivery.PostalCode, in.shippingMethod, now)
	if err != nil {
		return checkout{}, err
	}
	priced := quoted.Priced
	if !priced.Valid {
		return checkout{}, unsellable(problemsOf(priced))
	}
	if ok, err := s.offered(ctx, s.queries, in.method); err != nil {
		return checkout{}, err
	} else if !ok {
		return checkout{}, notOffered(in.method)
	}
	for _, l := range in.lines {
		if err := s.limits.CheckLine(l.ProductID, l.Quantity); err != nil {
			return checkout{}, err
		}
	}
	if quoted.ChoiceErr != nil {
		return checkout{}, quoted.ChoiceErr
	}
	c := checkout{priced: priced, shipping: quoted.Chosen, parcel: quoted.Parcel}
	if c.delivery, err = deliverTo(in.delivery, c.shipping.Method.Kind); err != nil {
		return checkout{}, err
	}
	if in.discountCode != "" {
		if err := s.applyCode(ctx, userID, in.discountCode, quoted.Products, &c, now); err != nil {
			return checkout{}, err
		}
	}
	// Cash on delivery may carry a surcharge, which like shipping goes
	// with the goods and takes their VAT (orderParams).
	if in.method == "cash" {
		c.surcharge = s.payments.CashSurchargeCents
		if err := CheckCash(c.priced.TotalCents - c.discount.AmountCents + c.surcharge); err != nil {
			return checkout{}, err
		}
	}
	if c.law, err = s.checkLaw(quoted.Law, in, priced.SubtotalCents, c.shipping); err != nil {
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
func (s *Service) place(ctx context.Context, userID int64, in placeOrder) (Order, error) {
	now := time.Now()
	c, err := s.prepare(ctx, userID, in, now)
	if err != nil {
		return Order{}, err
	}
	params, err := orderParams(userID, in, c)
	if err != nil {
		return Order{}, err
	}
	var order Order
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.queries.WithTx(tx)
		d := c.delivery
		customerID, err := q.UpsertCustomerForUser(ctx, db.UpsertCustomerForUserParams{
			UserID: &userID, Name: d.Name, Email: d.Email, Phone: d.Phone,
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
		if err := Notify(ctx, tx, s.mailer, row, "order_received"); err != nil {
			return err
		}
		if err := takeStock(ctx, q, row.ID, userID, c.priced.Lines); err != nil {
			return err
		}
		if err := s.checkTransferShare(ctx, q, row.ID, in, c.priced.Lines); err != nil {
			return err
		}
		sold, err := redeemCode(ctx, q, c, row.ID, userID, now)
		if err != nil {
			return err
		}
		// The cart kept on the server is ordered: it is no longer a cart
		// to remind the shopper of (the storefront empties its own).
		if err := q.DeleteSavedCart(ctx, userID); err != nil {
			return fmt.Errorf("order: end the saved cart: %w", err)
		}
		order = Order{Row: row, Lines: soldLines(row.ID, c.priced.Lines), Discount: sold}
		return nil
	})
	if err != nil {
		return Order{}, err
	}
	return order, nil
}

// orderParams is the new order as PlaceOrder writes it, but for its
// customer, recorded in the transaction. Shipping and the cash surcharge
// take the goods' VAT rates, split in proportion to their bases
// (pricing.VATByRate): the order's VAT is the same sum its invoice makes.
func orderParams(userID int64, in placeOrder, c checkout) (db.PlaceOrderParams, error) {
	d, priced, ship := c.delivery, c.priced, c.shipping
	p := db.PlaceOrderParams{
		UserID: userID, IdempotencyKey: in.key, PaymentMethod: in.method, PaymentStatus: in.payment,
		SubtotalCents: priced.SubtotalCents, ShippingCents: priced.ShippingCents, PaymentSurchargeCents: c.surcharge,
		VatCents:     pricing.TotalVAT(discount.VATByRate(priced.Goods(), c.discount.Parts, priced.ShippingCents, c.surcharge)),
		TotalCents:   priced.TotalCents - c.discount.AmountCents + c.surcharge,
		DeliveryName: d.Name, DeliveryEmail: d.Email, DeliveryPhone: d.Phone,
		DeliveryAddress: d.Address, DeliveryCity: d.City, DeliveryPostalCode: d.PostalCode,
		Language: in.language, DispatchOn: c.law.dispatchOn(), IDCheckRequired: c.law.idCheck,
		ShippingMethod: ship.Method.Code, ShippingKind: string(ship.Method.Kind),
		ColdChain: ship.Method.Kind == shipping.ColdChain, ShippingWeightGrams: int32(min(max(c.parcel.WeightGrams, 1), math.MaxInt32)),
	}
	if ship.Method.Kind == shipping.Pickup {
		code, err := newPickupCode()
		if err != nil {
			return p, err
		}
		p.PickupCode = &code
	}
	addLines(&p, priced.Lines)
	return p, nil
}

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
