package shopsettingsapi_test

import (
	"context"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/shopsettingsapi"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/seed"
	"github.com/sabores/sabores/backend/internal/shipping"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestShopDetailsNameTheDeliveryAreas: the storefront learns where the shop
// delivers, and from what it ships free, from the shipping rates, not from
// its own texts: a zone added reaches a new area, a threshold removed hides
// the promise.
func TestShopDetailsNameTheDeliveryAreas(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	if err := seed.Catalogue(ctx, pool); err != nil {
		t.Fatal(err)
	}
	h := shopsettingsapi.New(shopsettings.New(pool), shipping.Stored{Queries: db.New(pool), Dispatch: deliveryarea.DefaultDispatch})
	ask := func() *saboresv1.GetShopDetailsResponse {
		res, err := h.GetShopDetails(ctx, connect.NewRequest(&saboresv1.GetShopDetailsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		return res.Msg
	}
	res := ask()
	if got := strings.Join(res.GetDeliveryAreas().GetServed(), ","); got != "peninsula,baleares" {
		t.Errorf("served %q, want peninsula,baleares", got)
	}
	if got := strings.Join(res.GetDeliveryAreas().GetColdChain(), ","); got != "peninsula" {
		t.Errorf("cold chain %q, want peninsula", got)
	}
	if res.GetFreeShippingThresholdCents() != 2995 {
		t.Errorf("threshold %d, want 2995", res.GetFreeShippingThresholdCents())
	}
	if _, err := pool.Exec(ctx, `
		INSERT INTO shipping_zones (method_id, name, postal_prefixes) SELECT id, 'Baleares', '{07}' FROM shipping_methods WHERE code = 'cold_chain';
		UPDATE shipping_methods SET free_above_cents = NULL WHERE code = 'standard'`); err != nil {
		t.Fatal(err)
	}
	res = ask()
	if got := strings.Join(res.GetDeliveryAreas().GetColdChain(), ","); got != "peninsula,baleares" {
		t.Errorf("cold chain after a Baleares zone %q", got)
	}
	if res.GetFreeShippingThresholdCents() != 0 {
		t.Errorf("threshold %d after removing it, want 0", res.GetFreeShippingThresholdCents())
	}
}
