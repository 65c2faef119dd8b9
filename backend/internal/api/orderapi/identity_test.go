package orderapi_test

import (
	"encoding/json"
	"slices"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestSellingNeedsARealIdentity: where a shopper could take the sample for
// real (production), the shop takes no order while its legal identity is
// the sample's; once the owner saved their own, it sells. In no mode is a
// transfer to the sample IBAN offered.
func TestSellingNeedsARealIdentity(t *testing.T) {
	t.Parallel()
	b := setup(t)
	sample, err := json.Marshal(shopsettings.Sample) // as `shopd seed` writes them
	if err != nil {
		t.Fatal(err)
	}
	exec(t, b.pool, `UPDATE settings SET value = $1 WHERE key = $2`, sample, shopsettings.SettingKey)
	svc := orderapi.New(order.New(b.pool).WithPayments(order.Payments{Methods: []string{"transfer", "cash"}, RealIdentity: true}))
	ctx := b.shopper(t, "maria")
	_, err = svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), cash, line(2, 1)))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != order.ReasonShopNotReady {
		t.Fatalf("an order to a shop with the sample identity: %v (%s), want FailedPrecondition SHOP_NOT_READY", err, reason)
	}
	if infos := connecttest.ErrorInfos(t, err); infos[0].Metadata["missing"] != "details.legal_name,details.nif,details.address,details.email" {
		t.Errorf("missing = %q", infos[0].Metadata["missing"])
	}
	options, err := svc.GetPaymentOptions(ctx, connect.NewRequest(&saboresv1.GetPaymentOptionsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(options.Msg.GetPaymentMethods(), saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER) {
		t.Error("a transfer to the sample IBAN is offered")
	}
	development := orderapi.New(order.New(b.pool))
	options, err = development.GetPaymentOptions(ctx, connect.NewRequest(&saboresv1.GetPaymentOptionsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(options.Msg.GetPaymentMethods(), saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER) {
		t.Error("development offers a transfer to the sample IBAN")
	}
	_, err = development.PlaceOrder(ctx, placeRequest(uuid.NewString(), saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER, line(2, 1)))
	if code, reason := connecttest.Detail(t, err); code != connect.CodeFailedPrecondition || reason != order.ReasonMethodNotOffered {
		t.Errorf("development, a transfer to the sample IBAN: %v (%s), want PAYMENT_METHOD_NOT_OFFERED", err, reason)
	}

	real := shopsettings.Sample
	real.LegalName, real.NIF, real.Email = "María Pérez Souto", "32654321K", "tienda@sabores.es"
	real.Address.Street, real.IBAN = "Rúa Real 1", "ES7921000813610123456789"
	value, err := json.Marshal(real)
	if err != nil {
		t.Fatal(err)
	}
	exec(t, b.pool, `UPDATE settings SET value = $1 WHERE key = $2`, value, shopsettings.SettingKey)
	if _, err := svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), cash, line(2, 1))); err != nil {
		t.Errorf("an order once the identity is the owner's: %v", err)
	}
	options, err = svc.GetPaymentOptions(ctx, connect.NewRequest(&saboresv1.GetPaymentOptionsRequest{}))
	if err != nil || !slices.Contains(options.Msg.GetPaymentMethods(), saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER) {
		t.Errorf("a transfer to the owner's IBAN is not offered: %v", err)
	}
	// Development's demo shop sells on the sample identity, as before.
	if _, err := development.PlaceOrder(b.shopper(t, "joao"), placeRequest(uuid.NewString(), cash, line(2, 1))); err != nil {
		t.Errorf("development: %v", err)
	}
}
