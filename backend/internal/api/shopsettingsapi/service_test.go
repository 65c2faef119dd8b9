package shopsettingsapi_test

import (
	"context"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/shopsettingsapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/seed"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestShopDetailsNameTheDeliveryAreas: the storefront learns where the shop
// delivers from the configuration, not from its own texts.
func TestShopDetailsNameTheDeliveryAreas(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	if err := seed.Catalogue(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		policy            deliveryarea.Policy
		served, coldChain string
	}{
		{deliveryarea.Default, "peninsula,baleares", "peninsula"},
		{deliveryarea.Policy{
			Served:    []deliveryarea.Area{deliveryarea.Peninsula, deliveryarea.Baleares, deliveryarea.Canarias},
			ColdChain: []deliveryarea.Area{deliveryarea.Peninsula, deliveryarea.Baleares},
		}, "peninsula,baleares,canarias", "peninsula,baleares"},
	} {
		res, err := shopsettingsapi.New(shopsettings.New(pool)).WithDeliveryAreas(tt.policy).GetShopDetails(context.Background(), connect.NewRequest(&saboresv1.GetShopDetailsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		a := res.Msg.GetDeliveryAreas()
		if got := strings.Join(a.GetServed(), ","); got != tt.served {
			t.Errorf("served %q, want %q", got, tt.served)
		}
		if got := strings.Join(a.GetColdChain(), ","); got != tt.coldChain {
			t.Errorf("cold chain %q, want %q", got, tt.coldChain)
		}
	}
}
