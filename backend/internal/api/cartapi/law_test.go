package cartapi_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/cartapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/shipping"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestValidateCartLaw: the cart marks age-restricted and cold-chain lines
// and asks for the age declaration; with a postal code it says once, for
// the whole cart, why no home delivery can take it there: frozen goods to
// Baleares, anything to the Canary Islands (outside the EU VAT area).
func TestValidateCartLaw(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	rum := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Ron", Stock: 5})
	frozen := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Açaí", Stock: 5})
	if _, err := pool.Exec(context.Background(), `UPDATE products SET age_restricted = id = $1, frozen = id = $2 WHERE id IN ($1, $2)`, rum, frozen); err != nil {
		t.Fatal(err)
	}
	svc := cartapi.New(pool, nil)
	ask := func(postal string, lines ...*saboresv1.CartLineInput) *saboresv1.ValidateCartResponse {
		res, err := svc.ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{Lines: lines, PostalCode: postal}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg
	}
	both := []*saboresv1.CartLineInput{{ProductId: rum, Quantity: 1}, {ProductId: frozen, Quantity: 1}}
	noLineMarked := func(res *saboresv1.ValidateCartResponse) bool {
		return !slices.ContainsFunc(res.GetLines(), func(l *saboresv1.CartLine) bool { return len(l.GetProblems()) > 0 })
	}
	res := ask("", both...)
	if !res.GetAgeDeclarationRequired() || !res.GetLines()[0].GetAgeRestricted() || !res.GetLines()[1].GetColdChain() || !res.GetValid() || !res.GetColdChain() {
		t.Fatalf("no postal code: %v", res)
	}
	res = ask("28013", both...)
	if !res.GetValid() || res.GetDeliveryArea() != "peninsula" || !res.GetDeliveryAreaServed() || res.GetDeliveryRefusal() != "" {
		t.Fatalf("Madrid: %v", res)
	}
	res = ask("07001", both...)
	if res.GetValid() || res.GetDeliveryRefusal() != shipping.ColdChainArea || !res.GetDeliveryAreaServed() || !noLineMarked(res) {
		t.Fatalf("Baleares: the cold chain should be the cart's one reason: %v", res)
	}
	if res := ask("07001", both[0]); !res.GetValid() || res.GetDeliveryRefusal() != "" {
		t.Fatalf("Baleares without the frozen line: %v", res)
	}
	res = ask("38001", both...)
	if res.GetValid() || res.GetDeliveryRefusal() != shipping.OutsideVATArea || res.GetDeliveryArea() != "canarias" || res.GetDeliveryAreaServed() || !noLineMarked(res) {
		t.Fatalf("Canarias: one refusal, outside the VAT area: %v", res)
	}
}

// TestValidateCartFrozenMinimum: a cart holding frozen goods below the
// configured minimum is not valid and says the minimum; reaching it, it is;
// a cold-chain cart gets the expected dispatch day, an ambient one none.
func TestValidateCartFrozenMinimum(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	frozen := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Açaí", Stock: 50, PriceCents: 700})
	ambient := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Farofa", Stock: 50, PriceCents: 700})
	if _, err := pool.Exec(context.Background(), `UPDATE products SET frozen = true WHERE id = $1`, frozen); err != nil {
		t.Fatal(err)
	}
	policy := deliveryarea.Default
	policy.FrozenMinimumCents = 2000
	svc := cartapi.New(pool, nil).WithDeliveryAreas(policy)
	ask := func(lines ...*saboresv1.CartLineInput) *saboresv1.ValidateCartResponse {
		res, err := svc.ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{Lines: lines}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg
	}
	res := ask(&saboresv1.CartLineInput{ProductId: frozen, Quantity: 2})
	if res.GetValid() || res.GetFrozenMinimumCents() != 2000 || res.GetFrozenMinimumReached() {
		t.Fatalf("1400 of frozen goods: %v", res)
	}
	want := policy.Dispatch.Next(time.Now()).Format(time.DateOnly)
	if res.GetExpectedDispatchDate() != want {
		t.Errorf("dispatch day = %q, want %s", res.GetExpectedDispatchDate(), want)
	}
	res = ask(&saboresv1.CartLineInput{ProductId: frozen, Quantity: 2}, &saboresv1.CartLineInput{ProductId: ambient, Quantity: 1})
	if !res.GetValid() || !res.GetFrozenMinimumReached() {
		t.Fatalf("2100 with frozen goods: %v", res)
	}
	res = ask(&saboresv1.CartLineInput{ProductId: ambient, Quantity: 1})
	if !res.GetValid() || res.GetFrozenMinimumCents() != 0 || res.GetExpectedDispatchDate() != "" {
		t.Fatalf("ambient goods: %v", res)
	}
}

// TestValidateCartHidesWhatIsNotForSale: a product the shopper may not buy
// (hidden from the shop) says nothing of itself through the cart: no
// cold-chain, frozen or age flag and no dispatch day, only that it is not
// for sale (the review found a hidden frozen product's flags).
func TestValidateCartHidesWhatIsNotForSale(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	hidden := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Açaí oculto", Stock: 5})
	if _, err := pool.Exec(context.Background(), `UPDATE products SET frozen = true, age_restricted = true, sold_online = false WHERE id = $1`, hidden); err != nil {
		t.Fatal(err)
	}
	res, err := cartapi.New(pool, nil).ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{
		Lines: []*saboresv1.CartLineInput{{ProductId: hidden, Quantity: 1}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	line := res.Msg.GetLines()[0]
	if line.GetColdChain() || line.GetAgeRestricted() || res.Msg.GetAgeDeclarationRequired() || res.Msg.GetExpectedDispatchDate() != "" || res.Msg.GetFrozenMinimumCents() != 0 {
		t.Errorf("a hidden product's flags leaked: %v", res.Msg)
	}
	if res.Msg.GetValid() || len(line.GetProblems()) == 0 {
		t.Errorf("a hidden product in the cart: %v, want it refused", res.Msg)
	}
}
