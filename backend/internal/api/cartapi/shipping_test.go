package cartapi_test

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/cartapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/shipping"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestValidateCartShipping quotes the default rates (migration 00380): a
// 20 € cart to Lugo pays the standard rate and a 35 € one ships free; a cart
// with a frozen item pays the cold chain and shows its dispatch day;
// Canarias is refused once, for the cart, with its reason; a pickup needs
// no postal code; the methods are named in the language asked for.
func TestValidateCartShipping(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	farofa := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Farofa", Stock: 50, PriceCents: 500})
	acai := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Açaí", Stock: 50, PriceCents: 749})
	if _, err := pool.Exec(context.Background(), `UPDATE products SET frozen = id = $1, shipping_weight_grams = 450`, acai); err != nil {
		t.Fatal(err)
	}
	svc := cartapi.New(pool, nil)
	ask := func(postal, method string, lines ...*saboresv1.CartLineInput) *saboresv1.ValidateCartResponse {
		t.Helper()
		res, err := svc.ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{
			Lines: lines, PostalCode: postal, ShippingMethod: method, Language: saboresv1.Language_LANGUAGE_PT,
		}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg
	}
	option := func(res *saboresv1.ValidateCartResponse, code string) *saboresv1.ShippingOption {
		t.Helper()
		for _, o := range res.GetShippingOptions() {
			if o.GetCode() == code {
				return o
			}
		}
		t.Fatalf("no option %s in %v", code, res.GetShippingOptions())
		return nil
	}

	// 4 × 5 € = 20 €, 1,8 kg to Lugo.
	res := ask("27001", "", line(farofa, 4))
	if !res.GetValid() || res.GetShippingMethod() != "standard" || res.GetShippingCents() != 495 || res.GetTotalCents() != 2495 ||
		res.GetFreeShippingThresholdCents() != 2995 || res.GetFreeShippingReached() || res.GetWeightGrams() != 1800 {
		t.Errorf("20 € to Lugo: %v", res)
	}
	if o := option(res, "standard"); o.GetName() != "Envio normal (24–72 h)" || !o.GetNeedsAddress() || o.GetEstimate() {
		t.Errorf("standard option in Portuguese: %v", o)
	}
	if o := option(res, "pickup_burela"); !o.GetFree() || o.GetNeedsAddress() || o.GetUnavailableReason() != "" {
		t.Errorf("pickup option: %v", o)
	}
	// VAT: the goods' 10 % on 2 000 (182) and on the shipping (45).
	if res.GetVatCents() != 182+45 {
		t.Errorf("VAT %d, want 227", res.GetVatCents())
	}

	res = ask("27001", "", line(farofa, 7))
	if !res.GetValid() || res.GetShippingCents() != 0 || res.GetTotalCents() != 3500 || !res.GetFreeShippingReached() ||
		!option(res, "standard").GetFree() {
		t.Errorf("35 € to Lugo: %v", res)
	}

	// A frozen item: the cold chain for the whole cart.
	res = ask("27880", "", line(farofa, 1), line(acai, 1))
	want := deliveryarea.DefaultDispatch.Next(time.Now()).Format(time.DateOnly)
	if !res.GetValid() || !res.GetColdChain() || res.GetShippingMethod() != "cold_chain" || res.GetShippingCents() != 795+300 {
		t.Errorf("frozen cart: %v", res)
	}
	if o := option(res, "cold_chain"); o.GetDispatchDate() != want || res.GetExpectedDispatchDate() != want {
		t.Errorf("dispatch day %q / %q, want %s", o.GetDispatchDate(), res.GetExpectedDispatchDate(), want)
	}
	if o := option(res, "standard"); o.GetUnavailableReason() != shipping.NotColdChain {
		t.Errorf("standard for a frozen cart: %v", o)
	}

	// Canarias: one refusal for the cart, not one per line, with its reason.
	res = ask("38001", "", line(farofa, 1), line(acai, 1))
	if res.GetValid() || res.GetDeliveryRefusal() != shipping.OutsideVATArea || res.GetDeliveryArea() != "canarias" ||
		res.GetDeliveryAreaServed() || res.GetShippingMethod() != "" {
		t.Errorf("Canarias: %v", res)
	}
	for _, l := range res.GetLines() {
		if len(l.GetProblems()) != 0 {
			t.Errorf("Canarias marks line %d: %v", l.GetProductId(), l.GetProblems())
		}
	}
	// Frozen goods to Baleares: the cold chain is the reason.
	res = ask("07001", "", line(acai, 1))
	if res.GetValid() || res.GetDeliveryRefusal() != shipping.ColdChainArea || !res.GetDeliveryAreaServed() {
		t.Errorf("frozen to Baleares: %v", res)
	}

	// Pickup with no postal code at all.
	res = ask("", "pickup_burela", line(farofa, 1), line(acai, 1))
	if !res.GetValid() || res.GetShippingMethod() != "pickup_burela" || res.GetShippingCents() != 0 || res.GetExpectedDispatchDate() != "" {
		t.Errorf("pickup: %v", res)
	}
	// Without a postal code or a choice, the cheapest zone as an estimate.
	res = ask("", "", line(farofa, 1))
	if !res.GetValid() || res.GetShippingCents() != 495 || !option(res, "standard").GetEstimate() {
		t.Errorf("no postal code: %v", res)
	}
	// A method that cannot take the cart makes it invalid.
	res = ask("27001", "cold_chain", line(farofa, 1))
	if res.GetValid() || option(res, "cold_chain").GetUnavailableReason() != shipping.ColdChainNotNeeded {
		t.Errorf("cold chain asked for an ambient cart: %v", res)
	}
}
