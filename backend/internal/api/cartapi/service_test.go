package cartapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/cartapi"
	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// promotions are the fixtures' promotions (see newHandler).
const promotions = `
	INSERT INTO product_promotions (product_id, promotion_type, discount_basis_points, fixed_price_cents, starts_at, ends_at) VALUES
		(1, 'percentage', 5000, NULL, now() - interval '10 days', now() - interval '1 day'),
		(1, 'percentage', 5000, NULL, now() + interval '1 day', NULL),
		(2, 'percentage', 2000, NULL, NULL, now() + interval '3 days'),
		(12001, 'fixed_price', NULL, 2500, now() - interval '1 hour', NULL);`

// newHandler prices over the fixtures: 1 Guaraná (both, 5 units, an
// expired and a future promotion), 2 Açaí (online, 20 % off), 3 Farofa
// (physical only), 4 Paçoca (sold out), 12001 a perfume with no visibility
// rows (general, fixed price 25,00 €). VAT is 10 % unless said.
func newHandler(t *testing.T) *cartapi.Handler {
	t.Helper()
	pool := dbtest.New(t)
	dbtest.Country(t, pool, dbtest.CountryOpts{Slug: "brasil", Name: "Brasil"})
	for _, p := range []dbtest.ProductOpts{
		{ID: 1, Name: "Guaraná", Code: "BR-1", SKU: "SKU-1", Category: "bebidas", PriceCents: 250, Stock: 5, ImageURL: "/img/1.svg", SoldIn: map[string]string{"brasil": "both"}},
		{ID: 2, Name: "Açaí", Code: "BR-2", SKU: "SKU-2", Category: "congelados", PriceCents: 850, Stock: 40, ImageURL: "/img/2.svg", SoldIn: map[string]string{"brasil": "online"}},
		{ID: 3, Name: "Farofa", Code: "BR-3", SKU: "SKU-3", Category: "alimentos", PriceCents: 400, Stock: 9, ImageURL: "/img/3.svg", SoldIn: map[string]string{"brasil": "physical"}},
		{ID: 4, Name: "Paçoca", Code: "BR-4", SKU: "SKU-4", Category: "doces", PriceCents: 300, Stock: 0, SoldIn: map[string]string{"brasil": "both"}},
		{ID: 12001, Name: "Perfume Flor", Code: "PF-1", SKU: "SKU-PF-1", Category: "perfumes", PriceCents: 2900, VATBasisPoints: 2100, Stock: 7},
	} {
		dbtest.Product(t, pool, p)
	}
	if _, err := pool.Exec(context.Background(), promotions); err != nil {
		t.Fatalf("fixtures: %v", err)
	}
	return cartapi.New(pool, nil)
}

func validateCart(t *testing.T, svc *cartapi.Handler, lines ...*saboresv1.CartLineInput) *saboresv1.ValidateCartResponse {
	t.Helper()
	res, err := svc.ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{Lines: lines}))
	if err != nil {
		t.Fatalf("ValidateCart: %v", err)
	}
	return res.Msg
}

func line(id int64, quantity int32) *saboresv1.CartLineInput {
	return &saboresv1.CartLineInput{ProductId: id, Quantity: quantity}
}

func TestValidateCartPricesFromTheServer(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	got := validateCart(t, svc, line(2, 2), line(1, 3), line(12001, 1))

	want := []struct {
		unit, regular, reference, total int64
		label                           string
	}{
		{680, 850, 850, 1360, "-20%"}, // 20 % off, no lowest price known: against the regular price
		{250, 250, 0, 750, ""},        // expired and future promotions do not apply
		{2500, 2900, 2900, 2500, "-14%"},
	}
	for i, w := range want {
		l := got.GetLines()[i]
		if l.GetUnitPriceCents() != w.unit || l.GetRegularUnitPriceCents() != w.regular || l.GetReferenceUnitPriceCents() != w.reference ||
			l.GetLineTotalCents() != w.total || l.GetPromotionLabel() != w.label || len(l.GetProblems()) != 0 {
			t.Errorf("line %d = %v, want %+v", i, l, w)
		}
	}
	if l := got.GetLines()[0]; l.GetName() != "Açaí" || l.GetImageUrl() != "/img/2.svg" || l.GetAvailableStock() != 40 || l.GetVatBasisPoints() != 1000 {
		t.Errorf("line 0 details = %v", l)
	}
	// VAT per line: 1360 → 124, 750 → 68, 2500 at 21 % → 434.
	if got.GetSubtotalCents() != 4610 || got.GetTotalCents() != 4610 || got.GetShippingCents() != 0 ||
		got.GetVatCents() != 626 || !got.GetFreeShippingReached() || got.GetFreeShippingThresholdCents() != 2995 || !got.GetValid() {
		t.Errorf("totals = %v", got)
	}

	// Below 29,95 € shipping is charged: without a postal code, the
	// standard rate's cheapest zone (an estimate), its VAT at the goods' 10 %.
	small := validateCart(t, svc, line(1, 1))
	if small.GetFreeShippingReached() || small.GetShippingCents() != 495 || small.GetTotalCents() != 250+495 || small.GetVatCents() != 23+45 {
		t.Errorf("small cart = %v", small)
	}
}

func TestValidateCartReportsProblems(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	got := validateCart(t, svc, line(1, 6), line(3, 1), line(4, 1), line(404, 1), line(2, 0), line(2001, -3), line(12001, 2))
	want := [][]saboresv1.CartProblem{
		{saboresv1.CartProblem_CART_PROBLEM_INSUFFICIENT_STOCK},
		{saboresv1.CartProblem_CART_PROBLEM_UNKNOWN_PRODUCT},
		{saboresv1.CartProblem_CART_PROBLEM_OUT_OF_STOCK},
		{saboresv1.CartProblem_CART_PROBLEM_UNKNOWN_PRODUCT},
		{saboresv1.CartProblem_CART_PROBLEM_INVALID_QUANTITY},
		{saboresv1.CartProblem_CART_PROBLEM_UNKNOWN_PRODUCT},
		nil,
	}
	for i, w := range want {
		l := got.GetLines()[i]
		if !slices.Equal(l.GetProblems(), w) {
			t.Errorf("line %d (%d) problems = %v, want %v", i, l.GetProductId(), l.GetProblems(), w)
		}
		if l.GetUnitPriceCents() == 0 && l.GetLineTotalCents() != 0 {
			t.Errorf("line %d without a price totals %d", i, l.GetLineTotalCents())
		}
	}
	if l := got.GetLines()[0]; l.GetAvailableStock() != 5 || l.GetQuantity() != 6 {
		t.Errorf("insufficient line = %v, want 5 available", l)
	}
	// GetProduct answers NotFound for a product not sold online; the cart
	// must not tell its name or picture by id either.
	if l := got.GetLines()[1]; l.GetName() != "" || l.GetImageUrl() != "" || l.GetUnitPriceCents() != 0 || l.GetAvailableStock() != 0 {
		t.Errorf("line not sold online tells more than an unknown product: %v", l)
	}
	// Six Guaraná (five left) and a sold-out Paçoca still count: the total
	// is what the cart holds, and valid false stops checkout.
	if got.GetValid() || got.GetSubtotalCents() != 1500+300+5000 || got.GetTotalCents() != 6800 {
		t.Errorf("totals = %v, want the priced lines (6800) and invalid", got)
	}
}

func TestValidateCartRejectsRepeatedProducts(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	_, err := svc.ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{
		Lines: []*saboresv1.CartLineInput{line(1, 1), line(2, 1), line(1, 2)},
	}))
	if connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("repeated product: %v, want InvalidArgument", err)
	}
}

// TestValidateCartOverHTTP calls the service through a real server with the
// validation and error interceptors the shop installs, as a browser would.
func TestValidateCartOverHTTP(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	mux := http.NewServeMux()
	mux.Handle(saboresv1connect.NewCartServiceHandler(svc,
		connect.WithInterceptors(apperr.Validate(), apperr.Interceptor())))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	client := saboresv1connect.NewCartServiceClient(srv.Client(), srv.URL)

	res, err := client.ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{
		Lines: []*saboresv1.CartLineInput{line(2, 1), line(4, 1)},
	}))
	if err != nil {
		t.Fatalf("ValidateCart: %v", err)
	}
	if res.Msg.GetValid() || res.Msg.GetSubtotalCents() != 980 || // the out-of-stock line counts: it is in the cart

		!slices.Equal(res.Msg.GetLines()[1].GetProblems(), []saboresv1.CartProblem{saboresv1.CartProblem_CART_PROBLEM_OUT_OF_STOCK}) {
		t.Errorf("ValidateCart = %v", res.Msg)
	}

	// Over the 100-line limit the proto declares: InvalidArgument from the
	// validation interceptor, before the service runs.
	lines := make([]*saboresv1.CartLineInput, 101)
	for i := range lines {
		lines[i] = line(int64(i+1), 1)
	}
	_, err = client.ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{Lines: lines}))
	if connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("101 lines: %v, want InvalidArgument", err)
	}
	_, err = client.ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{
		Lines: []*saboresv1.CartLineInput{line(1, 1), line(1, 1)},
	}))
	if connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("repeated product over HTTP: %v, want InvalidArgument", err)
	}
}
