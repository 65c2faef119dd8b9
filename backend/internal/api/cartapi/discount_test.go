package cartapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/cartapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestValidateCartWithADiscountCode: a code's discount comes off the total
// and its VAT off the VAT; a free-shipping code waives the shipping; a
// refused code answers its reason and prices the cart without it; the
// shopper's own limit is checked once they are signed in.
func TestValidateCartWithADiscountCode(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	dbtest.Product(t, pool, dbtest.ProductOpts{ID: 1, Category: "mercearia", PriceCents: 1500, Stock: 10})
	dbtest.Product(t, pool, dbtest.ProductOpts{ID: 2, Category: "perfumes", PriceCents: 500, VATBasisPoints: 2100, Stock: 10})
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "rita"})
	if _, err := pool.Exec(context.Background(), `
		INSERT INTO discount_codes (code, kind, percent_basis_points, amount_cents, minimum_cents, free_shipping, max_uses_per_shopper) VALUES
			('VERAO10', 'percentage', 1000, 0, 0, false, 1),
			('ENVIO', 'fixed', 0, 0, 0, true, 0),
			('GRANDE', 'fixed', 0, 500, 5000, false, 0)`); err != nil {
		t.Fatal(err)
	}
	svc := cartapi.New(pool, nil)
	ask := func(ctx context.Context, code string) *saboresv1.ValidateCartResponse {
		t.Helper()
		res, err := svc.ValidateCart(ctx, connect.NewRequest(&saboresv1.ValidateCartRequest{
			Lines: []*saboresv1.CartLineInput{line(1, 1), line(2, 1)}, PostalCode: "27880", DiscountCode: code,
		}))
		if err != nil {
			t.Fatalf("ValidateCart(%q): %v", code, err)
		}
		return res.Msg
	}
	ctx := context.Background()
	plain := ask(ctx, "")
	if plain.GetShippingCents() == 0 {
		t.Fatal("the plain cart ships free: the free-shipping code would prove nothing")
	}
	if plain.GetDiscount() != nil {
		t.Errorf("no code asked, discount %+v", plain.GetDiscount())
	}

	got := ask(ctx, "verao10")
	d := got.GetDiscount()
	if d.GetCode() != "VERAO10" || d.GetRefusal() != "" || d.GetAmountCents() != 200 {
		t.Fatalf("discount %+v, want 2,00 € off", d)
	}
	var partsVAT int64
	for _, p := range d.GetVatByRate() {
		partsVAT += p.GetVatCents()
	}
	if got.GetTotalCents() != plain.GetTotalCents()-200 || got.GetVatCents() != plain.GetVatCents()-partsVAT || partsVAT == 0 {
		t.Errorf("total %d VAT %d, want %d and %d", got.GetTotalCents(), got.GetVatCents(), plain.GetTotalCents()-200, plain.GetVatCents()-partsVAT)
	}

	free := ask(ctx, "ENVIO")
	if free.GetShippingCents() != 0 || free.GetDiscount().GetShippingWaivedCents() != plain.GetShippingCents() ||
		free.GetTotalCents() != plain.GetTotalCents()-plain.GetShippingCents() {
		t.Errorf("free shipping: shipping %d waived %d total %d; plain shipping %d total %d",
			free.GetShippingCents(), free.GetDiscount().GetShippingWaivedCents(), free.GetTotalCents(), plain.GetShippingCents(), plain.GetTotalCents())
	}

	for code, reason := range map[string]string{"GRANDE": "DISCOUNT_CODE_MINIMUM_NOT_REACHED", "NADA": "DISCOUNT_CODE_UNKNOWN"} {
		r := ask(ctx, code)
		if r.GetDiscount().GetRefusal() != reason || r.GetTotalCents() != plain.GetTotalCents() {
			t.Errorf("%s: %+v total %d, want %s at the plain total", code, r.GetDiscount(), r.GetTotalCents(), reason)
		}
	}
	if r := ask(ctx, "GRANDE"); r.GetDiscount().GetMinimumCents() != 5000 {
		t.Errorf("minimum %d, want 5000", r.GetDiscount().GetMinimumCents())
	}

	// Rita used VERAO10 once already: signed in, the cart says so.
	if _, err := pool.Exec(ctx, `
		WITH o AS (
			INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status, subtotal_cents, shipping_cents, vat_cents, total_cents,
				delivery_name, delivery_email, delivery_phone, delivery_address, delivery_city, delivery_postal_code)
			VALUES ($1, gen_random_uuid(), 'placed', 'card', 'awaiting_payment', 4000, 0, 400, 3600, 'Rita', 'rita@example.com', '600000000', 'Rúa 1', 'Burela', '27880')
			RETURNING id)
		INSERT INTO order_discounts (order_id, code_id, code, user_id, amount_cents)
		SELECT o.id, c.id, c.code, $1, 400 FROM o, discount_codes c WHERE c.code = 'VERAO10'`, user); err != nil {
		t.Fatal(err)
	}
	rita := auth.WithPrincipal(ctx, auth.Principal{UserID: user, Email: "rita@example.com", Role: auth.RoleClient})
	if r := ask(rita, "VERAO10"); r.GetDiscount().GetRefusal() != "DISCOUNT_CODE_LIMIT_REACHED" {
		t.Errorf("Rita's second use: %+v, want DISCOUNT_CODE_LIMIT_REACHED", r.GetDiscount())
	}
	if r := ask(ctx, "VERAO10"); r.GetDiscount().GetRefusal() != "" {
		t.Errorf("before sign-in the shopper's limit waits for checkout: %+v", r.GetDiscount())
	}
}
