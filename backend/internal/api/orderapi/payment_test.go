package orderapi_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/redsys"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

const (
	bizum = saboresv1.PaymentMethod_PAYMENT_METHOD_BIZUM
	cash  = saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY
)

// withGateway makes b's service take card and Bizum through the
// development gateway's terminal (Redsys's public test key), with a 1,50 €
// cash surcharge.
func (b *bundle) withGateway(t *testing.T, methods ...string) {
	t.Helper()
	merchant, err := redsys.NewMerchant(redsys.TestMerchantCode, redsys.TestTerminal, redsys.TestSecretKey)
	if err != nil {
		t.Fatal(err)
	}
	b.orders.WithLimits(noLimits).WithPayments(order.Payments{
		Methods: methods, CashSurchargeCents: 150, PublicURL: "https://sabores.test",
		Windows: order.DefaultPaymentWindows(),
		Gateway: &payment.Gateway{Merchant: merchant, Endpoints: redsys.TestEndpoints, NotificationURL: "https://sabores.test" + payment.NotificationPath},
	})
}

// TestPaymentOptions: the payment step lists what the shop takes, transfer
// only once an IBAN is saved, and the cash surcharge; PlaceOrder refuses
// anything else and adds the surcharge (with its VAT) to a cash order.
func TestPaymentOptions(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.withGateway(t, "bizum", "transfer", "cash")
	ctx := b.shopper(t, "maria")
	options := func() []saboresv1.PaymentMethod {
		res, err := b.svc.GetPaymentOptions(ctx, connect.NewRequest(&saboresv1.GetPaymentOptionsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if res.Msg.GetCashOnDeliverySurchargeCents() != 150 {
			t.Errorf("surcharge %d, want 150", res.Msg.GetCashOnDeliverySurchargeCents())
		}
		return res.Msg.GetPaymentMethods()
	}
	if got, want := options(), []saboresv1.PaymentMethod{bizum, transfer, cash}; !slices.Equal(got, want) {
		t.Errorf("methods %v, want %v", got, want)
	}
	if _, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), card, line(1, 1))); reasonOf(t, err) != order.ReasonMethodNotOffered {
		t.Errorf("card not offered: %v, want %s", err, order.ReasonMethodNotOffered)
	}
	exec(t, b.pool, `UPDATE settings SET value = jsonb_set(value, '{iban}', '""') WHERE key = 'shop'`)
	if got, want := options(), []saboresv1.PaymentMethod{bizum, cash}; !slices.Equal(got, want) {
		t.Errorf("methods with no IBAN %v, want %v", got, want)
	}
	if _, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), transfer, line(1, 1))); reasonOf(t, err) != order.ReasonMethodNotOffered {
		t.Errorf("transfer with no IBAN: %v, want %s", err, order.ReasonMethodNotOffered)
	}

	o := b.place(t, ctx, cash, line(1, 2))
	if o.GetPaymentSurchargeCents() != 150 || o.GetTotalCents() != 500+495+150 {
		t.Errorf("cash order: surcharge %d, total %d; want 150 and 1145", o.GetPaymentSurchargeCents(), o.GetTotalCents())
	}
	// 2 × 2,50 € at 10 % carries 45 cents of VAT; the shipping (4,95 €) and
	// the surcharge (1,50 €) go with those goods and take their 10 %, not
	// 21 % (LIVA art. 78.Dos.1º): 45 and 14 more.
	if o.GetVatCents() != 45+45+14 {
		t.Errorf("cash order VAT %d cents, want 104", o.GetVatCents())
	}
	if o := b.place(t, ctx, bizum, line(1, 1)); o.GetPaymentSurchargeCents() != 0 || o.GetTotalCents() != 250+495 ||
		o.GetPaymentMethod() != bizum {
		t.Errorf("Bizum order %v: no surcharge, 2,50 €", o)
	}
}

// reasonOf is the ErrorInfo reason of a refusal, "" for none.
func reasonOf(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	_, reason, _ := refusal(t, err)
	return reason
}

// TestStartPayment: each call is a new attempt with its own Redsys number
// whose form names the order's amount, comes back to the order page and,
// for Bizum, opens Bizum; another shopper's order is NotFound, a transfer
// or a paid order is refused.
func TestStartPayment(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.withGateway(t, "card", "bizum", "transfer", "cash")
	ctx := b.shopper(t, "maria")
	start := func(ctx context.Context, id int64) (*saboresv1.StartPaymentResponse, error) {
		res, err := b.svc.StartPayment(ctx, connect.NewRequest(&saboresv1.StartPaymentRequest{OrderId: id}))
		if err != nil {
			return nil, err
		}
		return res.Msg, nil
	}
	o := b.place(t, ctx, bizum, line(1, 2))
	var numbers []string
	for range 2 {
		form, err := start(ctx, o.GetId())
		if err != nil {
			t.Fatal(err)
		}
		if form.GetAction() != redsys.TestEndpoints.Redirect || form.GetSignatureVersion() != redsys.SignatureVersion || form.GetSignature() == "" {
			t.Errorf("form %v", form)
		}
		params, err := redsys.DecodeParameters(form.GetMerchantParameters())
		if err != nil {
			t.Fatal(err)
		}
		// 2 × 2,50 € and 4,95 € of shipping.
		if params.Get("DS_MERCHANT_AMOUNT") != "995" || params.Get("DS_MERCHANT_PAYMETHODS") != "z" ||
			!strings.HasPrefix(params.Get("DS_MERCHANT_URLOK"), "https://sabores.test/orders/") {
			t.Errorf("parameters %v", params)
		}
		numbers = append(numbers, params.Get("DS_MERCHANT_ORDER"))
	}
	if numbers[0] == numbers[1] {
		t.Errorf("two attempts share Redsys number %s", numbers[0])
	}
	if _, err := start(b.shopper(t, "joao"), o.GetId()); connecttest.Code(edge(err)) != connect.CodeNotFound {
		t.Errorf("another shopper's order: %v, want NotFound", err)
	}
	tr := b.place(t, ctx, transfer, line(1, 1))
	if _, err := start(ctx, tr.GetId()); reasonOf(t, err) != order.ReasonNotAwaitingPayment {
		t.Errorf("transfer order: %v, want %s", err, order.ReasonNotAwaitingPayment)
	}
	exec(t, b.pool, `UPDATE orders SET payment_status = 'paid' WHERE id = $1`, o.GetId())
	if _, err := start(ctx, o.GetId()); reasonOf(t, err) != order.ReasonNotAwaitingPayment {
		t.Errorf("paid order: %v, want %s", err, order.ReasonNotAwaitingPayment)
	}
	if n := b.count(t, "payment_attempts"); n != 2 {
		t.Errorf("%d attempts recorded, want 2", n)
	}
}

// TestOrderPagePayment: the order page says whether a card order can be
// paid (again) and what its last attempt came to, and gives a transfer's
// IBAN, beneficiary, amount, reference and QR code.
func TestOrderPagePayment(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.withGateway(t, "card", "bizum", "transfer", "cash")
	ctx := b.shopper(t, "maria")
	get := func(id int64) *saboresv1.OrderPayment {
		res, err := b.svc.GetMyOrder(ctx, connect.NewRequest(&saboresv1.GetMyOrderRequest{Id: id}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg.GetPayment()
	}
	c := b.place(t, ctx, card, line(1, 1))
	if p := get(c.GetId()); !p.GetCanPay() || p.GetLastAttempt() != saboresv1.PaymentAttemptStatus_PAYMENT_ATTEMPT_STATUS_UNSPECIFIED || p.GetExpireTime() == nil {
		t.Errorf("new card order: %v", p)
	}
	if _, err := b.svc.StartPayment(ctx, connect.NewRequest(&saboresv1.StartPaymentRequest{OrderId: c.GetId()})); err != nil {
		t.Fatal(err)
	}
	exec(t, b.pool, `UPDATE payment_attempts SET status = 'refused', decided_at = now() WHERE order_id = $1`, c.GetId())
	if p := get(c.GetId()); !p.GetCanPay() || p.GetLastAttempt() != saboresv1.PaymentAttemptStatus_PAYMENT_ATTEMPT_STATUS_REFUSED {
		t.Errorf("refused card order: %v, want payable again", p)
	}
	exec(t, b.pool, `UPDATE orders SET created_at = now() - interval '31 minutes' WHERE id = $1`, c.GetId())
	if p := get(c.GetId()); p.GetCanPay() || p.GetExpireTime() != nil {
		t.Errorf("card order past its window: %v, want no more paying", p)
	}

	tr := b.place(t, ctx, transfer, line(1, 2))
	p := get(tr.GetId()).GetTransfer()
	if p.GetIban() != "ES79 2100 0813 6101 2345 6789" || p.GetBeneficiary() == "" || p.GetAmountCents() != 500+495 ||
		p.GetReference() != "SABORES-"+strconv.FormatInt(tr.GetId(), 10) || len(p.GetQrPng()) == 0 {
		t.Errorf("transfer instructions %v", p)
	}
	if !strings.HasPrefix(string(p.GetQrPng()), "\x89PNG") {
		t.Error("the transfer's QR code is no PNG")
	}
}
