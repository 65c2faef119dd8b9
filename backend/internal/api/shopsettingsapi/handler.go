// Package shopsettingsapi serves ShopSettingsService over Connect: the
// shop's public details for the storefront, from the shopsettings module,
// with where the shop delivers and its free-shipping promise from the
// shipping rates.
package shopsettingsapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/shipping"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// publicMaxAge lets shared caches (a CDN) keep the public details for a
// minute: they change a few times a year. Browsers ask again on each visit
// (the app keeps them for the visit), so an owner who has just saved sees
// the new details on the next page load, not a minute later.
const publicMaxAge = "public, max-age=0, s-maxage=60"

// Handler implements ShopSettingsService.
type Handler struct {
	settings *shopsettings.Service
	rates    shipping.Source
}

var _ saboresv1connect.ShopSettingsServiceHandler = (*Handler)(nil)

// New returns the handler of the shopsettings module's public read, with
// where the shop delivers from the shipping rates of rates.
func New(settings *shopsettings.Service, rates shipping.Source) *Handler {
	return &Handler{settings: settings, rates: rates}
}

// GetShopDetails returns the public details, cacheable for a minute.
func (h *Handler) GetShopDetails(ctx context.Context, _ *connect.Request[saboresv1.GetShopDetailsRequest]) (*connect.Response[saboresv1.GetShopDetailsResponse], error) {
	v, _, err := h.settings.Get(ctx)
	if err != nil {
		return nil, err
	}
	rates, err := h.rates.Rates(ctx)
	if err != nil {
		return nil, err
	}
	served, coldChain := rates.Areas()
	res := connect.NewResponse(&saboresv1.GetShopDetailsResponse{
		Details:                    apimap.ShopDetails(v),
		DeliveryAreas:              &saboresv1.DeliveryAreas{Served: areaNames(served), ColdChain: areaNames(coldChain)},
		FreeShippingThresholdCents: rates.FreeShippingThresholdCents(),
	})
	res.Header().Set("Cache-Control", publicMaxAge)
	return res, nil
}

func areaNames(areas []deliveryarea.Area) []string {
	out := make([]string, len(areas))
	for i, a := range areas {
		out[i] = string(a)
	}
	return out
}
