package orderapi_test

import (
	"context"
	"regexp"
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/shipping"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestPlaceOrderShipping: checkout charges the default rates (migration
// 00380) and the order keeps how it ships: a 20 € cart to Lugo pays the
// standard rate, a 35 € one ships free, a cart with a frozen item pays the
// cold chain with its dispatch day, and a pickup at the shop needs no
// address and gets a pickup code.
func TestPlaceOrderShipping(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.orders.WithLimits(noLimits)
	exec(t, b.pool, `UPDATE products SET shipping_weight_grams = 400`)
	ctx := b.shopper(t, "maria")
	place := func(req *connect.Request[saboresv1.PlaceOrderRequest]) *saboresv1.Order {
		t.Helper()
		res, err := b.svc.PlaceOrder(ctx, req)
		if err != nil {
			t.Fatalf("PlaceOrder: %v", err)
		}
		return res.Msg.GetOrder()
	}

	// Açaí at 6,80 € × 3 = 20,40 €, 1,2 kg to Burela (Lugo): 4,95 €.
	o := place(placeRequest(uuid.NewString(), transfer, line(2, 3)))
	if o.GetShippingCents() != 495 || o.GetTotalCents() != 2040+495 || o.GetShippingMethod() != "standard" ||
		o.GetShippingKind() != saboresv1.ShippingKind_SHIPPING_KIND_STANDARD || o.GetShippingWeightGrams() != 1200 || o.GetColdChain() {
		t.Errorf("20 € to Lugo: shipping %d total %d method %q kind %v weight %d cold %v",
			o.GetShippingCents(), o.GetTotalCents(), o.GetShippingMethod(), o.GetShippingKind(), o.GetShippingWeightGrams(), o.GetColdChain())
	}
	// The goods at 10 % hold 185 of VAT, the shipping at their 10 % 45.
	if o.GetVatCents() != 185+45 || len(o.GetVatByRate()) != 1 || o.GetVatByRate()[0].GetVatCents() != 230 {
		t.Errorf("VAT %d by rate %v, want 230 at 10 %%", o.GetVatCents(), o.GetVatByRate())
	}

	// 6 × 6,80 € = 40,80 €: free from 29,95 €.
	o = place(placeRequest(uuid.NewString(), transfer, line(2, 6)))
	if o.GetShippingCents() != 0 || o.GetTotalCents() != 4080 || o.GetShippingMethod() != "standard" {
		t.Errorf("35 €+ cart: shipping %d total %d method %q, want free standard", o.GetShippingCents(), o.GetTotalCents(), o.GetShippingMethod())
	}

	// A frozen item: the whole cart in the cold chain, 7,95 € + 3,00 €.
	exec(t, b.pool, `UPDATE products SET frozen = true WHERE id = 2`)
	before := deliveryarea.DefaultDispatch.Next(time.Now())
	o = place(placeRequest(uuid.NewString(), transfer, line(1, 1), line(2, 2)))
	after := deliveryarea.DefaultDispatch.Next(time.Now())
	if o.GetShippingCents() != 1095 || o.GetShippingMethod() != "cold_chain" || !o.GetColdChain() ||
		o.GetShippingKind() != saboresv1.ShippingKind_SHIPPING_KIND_COLD_CHAIN {
		t.Errorf("frozen cart: shipping %d method %q cold %v", o.GetShippingCents(), o.GetShippingMethod(), o.GetColdChain())
	}
	if day := o.GetExpectedDispatchDate(); day != before.Format(time.DateOnly) && day != after.Format(time.DateOnly) {
		t.Errorf("cold chain dispatch day %q, want %s", day, before.Format(time.DateOnly))
	}
	// Asking for the standard method for it is refused with the reason.
	req := placeRequest(uuid.NewString(), transfer, line(2, 1))
	req.Msg.ShippingMethod = "standard"
	_, err := b.svc.PlaceOrder(ctx, req)
	if code, reason, meta := refusal(t, err); code != connect.CodeFailedPrecondition || reason != shipping.NotColdChain || meta["method"] != "standard" {
		t.Errorf("standard for a frozen cart: %v %s %v", code, reason, meta)
	}

	// Pickup: no address, free, a code of unmistakable characters.
	req = placeRequest(uuid.NewString(), transfer, line(2, 1))
	req.Msg.ShippingMethod = "pickup_burela"
	req.Msg.Delivery.Address, req.Msg.Delivery.City, req.Msg.Delivery.PostalCode = "", "", ""
	o = place(req)
	if o.GetShippingCents() != 0 || o.GetShippingKind() != saboresv1.ShippingKind_SHIPPING_KIND_PICKUP || o.GetColdChain() ||
		!regexp.MustCompile(`^[ACDEFGHJKMNPQRTUVWXY34679]{6}$`).MatchString(o.GetPickupCode()) ||
		o.GetDelivery().GetAddress() != "" || o.GetDelivery().GetPostalCode() != "" || o.GetExpectedDispatchDate() != "" {
		t.Errorf("pickup order: %v", o)
	}

	// A home delivery without an address is refused on the field.
	req = placeRequest(uuid.NewString(), transfer, line(1, 1))
	req.Msg.Delivery.Address = "  "
	_, err = b.svc.PlaceOrder(ctx, req)
	if connecttest.Code(edge(err)) != connect.CodeInvalidArgument || !slices.Equal(connecttest.Fields(t, edge(err)), []string{"delivery.address"}) {
		t.Errorf("no address for a home delivery: %v", err)
	}
	req = placeRequest(uuid.NewString(), transfer, line(1, 1))
	req.Msg.ShippingMethod = "teleport"
	_, err = b.svc.PlaceOrder(ctx, req)
	if connecttest.Code(edge(err)) != connect.CodeInvalidArgument || !slices.Equal(connecttest.Fields(t, edge(err)), []string{"shipping_method"}) {
		t.Errorf("an unknown method: %v", err)
	}
}

// TestShippingVATSplit: with goods at 21 % and 10 %, the order's VAT holds
// the shipping split across both in proportion to their bases, and the
// invoice of the paid order lists one shipping line per rate and sums the
// same VAT to the cent.
func TestShippingVATSplit(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.orders.WithLimits(noLimits)
	exec(t, b.pool, `UPDATE products SET shipping_weight_grams = 400, vat_basis_points = CASE id WHEN 1 THEN 2100 ELSE 1000 END`)
	ctx := b.shopper(t, "maria")
	// Guaraná 2,50 € at 21 % (base 207) and 2 açaí at 6,80 € at 10 % (base
	// 1 236): 4,95 € of shipping splits 71 / 424 (VAT 12 and 39).
	res, err := b.svc.PlaceOrder(ctx, placeRequest(uuid.NewString(), card, line(1, 1), line(2, 2)))
	if err != nil {
		t.Fatal(err)
	}
	o := res.Msg.GetOrder()
	if o.GetShippingCents() != 495 || o.GetVatCents() != 43+124+12+39 {
		t.Fatalf("shipping %d VAT %d, want 495 and 218", o.GetShippingCents(), o.GetVatCents())
	}
	byRate := map[int32][2]int64{}
	for _, v := range o.GetVatByRate() {
		byRate[v.GetVatBasisPoints()] = [2]int64{v.GetBaseCents(), v.GetVatCents()}
	}
	if byRate[1000] != [2]int64{1236 + 385, 124 + 39} || byRate[2100] != [2]int64{207 + 59, 43 + 12} {
		t.Errorf("VAT by rate %v", byRate)
	}
	exec(t, b.pool, `UPDATE orders SET payment_status = 'paid' WHERE id = $1`, o.GetId())
	var inv db.Invoice
	err = pgx.BeginFunc(context.Background(), b.pool, func(tx pgx.Tx) error {
		var err error
		inv, err = invoice.Invoicer{Issuer: invoice.SettingsIssuer{}}.IssueForPaidOrder(context.Background(), tx, o.GetId())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if inv.VatCents != o.GetVatCents() || inv.TotalCents != o.GetTotalCents() {
		t.Errorf("invoice VAT %d total %d, order %d and %d", inv.VatCents, inv.TotalCents, o.GetVatCents(), o.GetTotalCents())
	}
	lines, err := db.New(b.pool).InvoiceLines(context.Background(), inv.ID)
	if err != nil {
		t.Fatal(err)
	}
	shippingLines := map[int32]int64{}
	for _, l := range lines {
		if l.Description == invoice.ShippingDescription {
			shippingLines[l.VatBasisPoints] = l.TotalCents
		}
	}
	if len(shippingLines) != 2 || shippingLines[2100] != 71 || shippingLines[1000] != 424 {
		t.Errorf("shipping lines %v, want 71 at 21 %% and 424 at 10 %%", shippingLines)
	}
}
