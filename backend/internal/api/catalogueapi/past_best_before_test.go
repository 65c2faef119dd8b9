package catalogueapi_test

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/cartapi"
	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/lots"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestProductPageSaysTheBestBeforeDateHasPassed: the product page, the
// product lists, the search and the cart's line carry the best-before date
// of a lot the owner sells past it while its units are on sale (the
// storefront labels it, Reg. 1169/2011 Annex X); not before the owner
// chooses to, nor once she stops, nor for a lot still within its date.
func TestProductPageSaysTheBestBeforeDateHasPassed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	module := lots.New(pool, time.Now)
	owner := audit.Caller{Name: "owner@sabores.test"}
	sup, err := module.SaveSupplier(ctx, owner, 0, lots.SupplierForm{Name: "Brasil Foods SL", TaxID: "B12345674"})
	if err != nil {
		t.Fatal(err)
	}
	p := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Farinha de Mandioca Yoki"})
	today := lots.Today(time.Now())
	past, later := today.AddDate(0, 0, -3), today.AddDate(0, 2, 0)
	r, err := module.Receive(ctx, owner, lots.Delivery{SupplierID: sup.ID, DocumentNumber: "PB-1", DeliveredOn: today, Lines: []lots.DeliveryLine{
		{ProductID: p, Units: 4, LotCode: "PAST", Expires: past, Type: lots.BestBefore},
		{ProductID: p, Units: 4, LotCode: "LATER", Expires: later, Type: lots.BestBefore},
	}})
	if err != nil {
		t.Fatal(err)
	}
	svc := catalogueapi.New(pool, nil)
	carts := cartapi.New(pool, nil)
	// labels is the date each place the shopper sees the product carries.
	labels := func() map[string]string {
		t.Helper()
		page, err := svc.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: p}))
		if err != nil {
			t.Fatal(err)
		}
		list, err := svc.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		found, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "mandioca yoki"}))
		if err != nil {
			t.Fatal(err)
		}
		cart, err := carts.ValidateCart(ctx, connect.NewRequest(&saboresv1.ValidateCartRequest{Lines: []*saboresv1.CartLineInput{{ProductId: p, Quantity: 1}}}))
		if err != nil {
			t.Fatal(err)
		}
		if len(list.Msg.GetProducts()) != 1 || len(found.Msg.GetProducts()) != 1 || len(cart.Msg.GetLines()) != 1 {
			t.Fatalf("listed %d, found %d, cart lines %d: want the product once in each",
				len(list.Msg.GetProducts()), len(found.Msg.GetProducts()), len(cart.Msg.GetLines()))
		}
		return map[string]string{
			"page":   page.Msg.GetProduct().GetPastBestBefore(),
			"list":   list.Msg.GetProducts()[0].GetPastBestBefore(),
			"search": found.Msg.GetProducts()[0].GetPastBestBefore(),
			"cart":   cart.Msg.GetLines()[0].GetPastBestBefore(),
		}
	}
	want := func(stage, date string) {
		t.Helper()
		for place, got := range labels() {
			if got != date {
				t.Errorf("%s: %s past_best_before %q, want %q", stage, place, got, date)
			}
		}
	}
	want("blocked as it arrived", "")
	if err := module.SellPastBestBefore(ctx, owner, r.LotIDs[0], true); err != nil {
		t.Fatal(err)
	}
	want("sold past its date", past.Format(time.DateOnly))
	if err := module.SellPastBestBefore(ctx, owner, r.LotIDs[0], false); err != nil {
		t.Fatal(err)
	}
	want("no longer sold past its date", "")
}
