package order

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/backend/internal/redsys"
	"github.com/sabores/sabores/backend/internal/sepaqr"
	"github.com/sabores/sabores/backend/internal/shopsettings"
)

// The reasons of refused payments, as ErrorInfo reasons clients translate.
const (
	// ReasonMethodNotOffered: the shop does not take this payment method now.
	ReasonMethodNotOffered = "PAYMENT_METHOD_NOT_OFFERED"
	// ReasonNotAwaitingPayment: the order waits for no card or Bizum payment
	// (paid, cancelled, expired, or paid another way).
	ReasonNotAwaitingPayment = "ORDER_NOT_AWAITING_PAYMENT"
)

// Payments is how the service takes payments, as the configuration says.
type Payments struct {
	// Methods are the methods offered, as orders.payment_method stores them
	// ("card", "bizum", "transfer", "cash"); transfer is offered only while
	// the shop settings hold an IBAN.
	Methods []string
	// CashSurchargeCents is added to orders paid on delivery.
	CashSurchargeCents int64
	// Gateway signs card and Bizum payments; nil takes neither.
	Gateway *payment.Gateway
	// PublicURL is the shop's address, where Redsys sends the browser back.
	PublicURL string
	// Windows are how long unpaid orders wait, for the order page's expiry.
	Windows PaymentWindows
	// RealIdentity sells only once the shop's legal identity is the
	// owner's, not the sample's: in production, where a shopper could take
	// the sample for real.
	RealIdentity bool
}

// defaultPayments takes every method but card and Bizum's payments (no
// gateway), with no surcharge: what tests of placing orders need.
func defaultPayments() Payments {
	return Payments{Methods: []string{"card", "bizum", "transfer", "cash"}, Windows: DefaultPaymentWindows()}
}

// WithPayments returns s taking payments as p says.
func (s *Service) WithPayments(p Payments) *Service {
	s.payments = p
	return s
}

// methodOrder is the order the payment step shows methods in.
var methodOrder = []string{"card", "bizum", "transfer", "cash"}

// offered reports whether method is taken now; q reads the settings for a
// transfer's IBAN.
func (s *Service) offered(ctx context.Context, q *db.Queries, method string) (bool, error) {
	if !slices.Contains(s.payments.Methods, method) {
		return false, nil
	}
	if method != "transfer" {
		return true, nil
	}
	settings, _, err := shopsettings.Read(ctx, q)
	if err != nil {
		return false, err
	}
	return shopsettings.TakesTransfers(settings), nil
}

// ReasonShopNotReady refuses an order while the shop's legal identity is
// not its owner's yet (Payments.RealIdentity).
const ReasonShopNotReady = "SHOP_NOT_READY"

// checkIdentity refuses to sell while the shop's legal identity is missing
// or the sample's, when Payments.RealIdentity asks for a real one.
func (s *Service) checkIdentity(ctx context.Context, q *db.Queries) error {
	if !s.payments.RealIdentity {
		return nil
	}
	settings, _, err := shopsettings.Read(ctx, q)
	if err != nil {
		return err
	}
	if missing := shopsettings.MissingIdentity(settings); len(missing) > 0 {
		return &fault.Error{
			Kind: fault.Refused, Reason: ReasonShopNotReady,
			Message:  "the shop cannot take orders until its owner saves its legal identity",
			Metadata: map[string]string{"missing": strings.Join(missing, ",")},
		}
	}
	return nil
}

func notOffered(method string) error {
	return &fault.Error{
		Kind: fault.Refused, Reason: ReasonMethodNotOffered,
		Message: "the shop does not take " + method + " payments now", Metadata: map[string]string{"method": method},
	}
}

func notAwaiting(id int64) error {
	return &fault.Error{
		Kind: fault.Refused, Reason: ReasonNotAwaitingPayment,
		Message: fmt.Sprintf("order %d waits for no card or Bizum payment", id),
	}
}

// PaymentOptions are the methods taken now, in the order the payment step
// shows them, and the cash surcharge (0 when cash is not taken).
type PaymentOptions struct {
	Methods            []string
	CashSurchargeCents int64
	// Unavailable are the methods taken now that the lines asked about
	// could not be paid with; they are not in Methods.
	Unavailable []Unavailable
}

// Unavailable is a method an order could not be paid with, and why, as
// PlaceOrder's refusal would say it.
type Unavailable struct {
	Method   string
	Reason   string
	Metadata map[string]string
}

// GetPaymentOptions lists the methods taken now and the cash surcharge.
// Given a cart's lines it prices them as PlaceOrder would and moves the
// methods that order could not be paid with to Unavailable, so the payment
// step says why before the shopper picks one: cash on delivery from
// CashLimitCents on. Lines that could not be ordered (gone, out of stock)
// limit nothing here; PlaceOrder says what is wrong with them.
func (s *Service) GetPaymentOptions(ctx context.Context, lines []pricing.LineInput) (PaymentOptions, error) {
	var res PaymentOptions
	for _, m := range methodOrder {
		ok, err := s.offered(ctx, s.queries, m)
		if err != nil {
			return PaymentOptions{}, err
		}
		if ok {
			res.Methods = append(res.Methods, m)
		}
	}
	if !slices.Contains(res.Methods, "cash") {
		return res, nil
	}
	res.CashSurchargeCents = s.payments.CashSurchargeCents
	if len(lines) == 0 {
		return res, nil
	}
	if err := cart.CheckRepeats(lines); err != nil {
		return PaymentOptions{}, err
	}
	// Without the postal code yet, shipping is its estimate (the cheapest
	// zone), which only matters within a few euros of the cash limit.
	quoted, err := cart.Quote(ctx, s.queries, promotion.Stored{Queries: s.queries}, s.rates(), lines, "", "", time.Now())
	if err != nil {
		return PaymentOptions{}, err
	}
	priced := quoted.Priced
	var refusal *LimitRefusal
	if priced.Valid && errors.As(CheckCash(priced.TotalCents+res.CashSurchargeCents), &refusal) {
		res.Methods = slices.DeleteFunc(res.Methods, func(m string) bool { return m == "cash" })
		res.Unavailable = append(res.Unavailable, Unavailable{Method: "cash", Reason: refusal.Reason, Metadata: refusal.Metadata})
	}
	return res, nil
}

// redsysMethod reports whether an order's method is paid through Redsys.
func redsysMethod(method string) bool {
	return method == payment.MethodCard || method == payment.MethodBizum
}

// StartPayment records a new payment attempt of one of the caller's card
// or Bizum orders and signs the form that sends the browser to Redsys. The
// order row is locked while the attempt is numbered, so two tabs starting
// at once get two attempts, never one number twice.
func (s *Service) StartPayment(ctx context.Context, userID, id int64) (payment.Checkout, error) {
	var checkout payment.Checkout
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.queries.WithTx(tx)
		o, err := q.GetOrderForUpdate(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && o.UserID != userID) {
			return fmt.Errorf("%w: %d", ErrOrderNotFound, id)
		}
		if err != nil {
			return fmt.Errorf("order: lock order %d: %w", id, err)
		}
		if !redsysMethod(o.PaymentMethod) || !s.awaitsPayment(o, time.Now()) {
			return notAwaiting(id)
		}
		if ok, err := s.offered(ctx, q, o.PaymentMethod); err != nil {
			return err
		} else if !ok || s.payments.Gateway == nil {
			return notOffered(o.PaymentMethod)
		}
		// The shopper comes back to the order's page in the order's
		// language: Portuguese pages live under /pt (issue 36).
		site := strings.TrimRight(s.payments.PublicURL, "/")
		language := redsys.LanguageSpanish
		if o.Language == "pt" {
			site += "/pt"
			language = redsys.LanguagePortuguese
		}
		back := site + "/orders/" + strconv.FormatInt(id, 10) + "?payment="
		checkout, err = s.payments.Gateway.Begin(ctx, tx, id, o.TotalCents, o.PaymentMethod, back+"ok", back+"ko", language)
		return err
	})
	if err != nil {
		return payment.Checkout{}, err
	}
	return checkout, nil
}

// awaitsPayment reports whether o still waits for its payment at now: not
// cancelled, not paid, and within its payment window (the expiry job may
// not have run yet).
func (s *Service) awaitsPayment(o db.Order, now time.Time) bool {
	if !Unpaid(Fulfilment(o.Status), Payment(o.PaymentStatus)) {
		return false
	}
	window, ok := s.payments.Windows[o.PaymentMethod]
	return !ok || now.Before(o.CreatedAt.Add(window))
}

// PaymentView is the order page's payment.
type PaymentView struct {
	// CanPay: the order can be paid now by card or Bizum.
	CanPay bool
	// ExpireTime is when an unpaid order expires; zero for none.
	ExpireTime time.Time
	// LastAttempt is the newest card or Bizum attempt's status as
	// payment_attempts stores it ("pending", "authorised", "refused"), ""
	// for none, and LastAttemptTime when it began.
	LastAttempt     string
	LastAttemptTime time.Time
	// Transfer is what to write on a transfer still awaited; nil otherwise.
	Transfer *TransferInstructions
}

// TransferInstructions are the account, beneficiary, amount and reference
// of a transfer order, with its EPC QR code (nil when it cannot be drawn).
type TransferInstructions struct {
	IBAN        string
	Beneficiary string
	AmountCents int64
	Reference   string
	QRPNG       []byte
}

// orderPayment is the order page's payment: whether it can be paid now by
// card or Bizum, the newest attempt, when it expires, and for a transfer
// what to write on it.
func (s *Service) orderPayment(ctx context.Context, o db.Order) (PaymentView, error) {
	var out PaymentView
	waiting := s.awaitsPayment(o, time.Now())
	if window, ok := s.payments.Windows[o.PaymentMethod]; ok && waiting {
		out.ExpireTime = o.CreatedAt.Add(window)
	}
	switch {
	case redsysMethod(o.PaymentMethod):
		attempts, err := s.queries.PaymentAttemptsForOrder(ctx, o.ID)
		if err != nil {
			return PaymentView{}, fmt.Errorf("order: payment attempts of order %d: %w", o.ID, err)
		}
		if len(attempts) > 0 {
			out.LastAttempt = attempts[0].Status
			out.LastAttemptTime = attempts[0].CreatedAt
		}
		offered, err := s.offered(ctx, s.queries, o.PaymentMethod)
		if err != nil {
			return PaymentView{}, err
		}
		out.CanPay = waiting && offered && s.payments.Gateway != nil
	case o.PaymentMethod == "transfer" && waiting:
		settings, _, err := shopsettings.Read(ctx, s.queries)
		if err != nil {
			return PaymentView{}, err
		}
		if settings.IBAN != "" {
			out.Transfer = transferInstructions(o, settings)
		}
	}
	return out, nil
}

// TransferReference is what a transfer's concept says to pay order id:
// "SABORES-9", not "9", which a bank statement shows among many other
// numbers and the shop could not tell from an invoice or a customer number.
func TransferReference(id int64) string { return "SABORES-" + strconv.FormatInt(id, 10) }

// transferInstructions are the account, beneficiary (the shop's legal
// name), amount and reference of a transfer order, with its EPC QR code.
// The reference is TransferReference, as the order e-mail gives it.
func transferInstructions(o db.Order, settings shopsettings.Settings) *TransferInstructions {
	iban := strings.ToUpper(strings.ReplaceAll(settings.IBAN, " ", ""))
	reference := TransferReference(o.ID)
	out := &TransferInstructions{
		IBAN: groupsOfFour(iban), Beneficiary: settings.LegalName, AmountCents: o.TotalCents, Reference: reference,
	}
	beneficiary := settings.LegalName
	if r := []rune(beneficiary); len(r) > 70 {
		beneficiary = string(r[:70])
	}
	payload, err := sepaqr.Payload(sepaqr.Transfer{Beneficiary: beneficiary, IBAN: iban, AmountCents: o.TotalCents, Text: reference})
	if err == nil {
		out.QRPNG, _ = sepaqr.PNG(payload, 4)
	}
	return out
}

// groupsOfFour writes an IBAN as printed: "ES91 2100 0418 ...".
func groupsOfFour(iban string) string {
	var b strings.Builder
	for i, r := range iban {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
