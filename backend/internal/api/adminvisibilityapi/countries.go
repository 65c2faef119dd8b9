package adminvisibilityapi

import (
	"context"
	"fmt"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListCountryConfigs lists every country's tile in home-grid order.
func (h *Handler) ListCountryConfigs(ctx context.Context, _ *connect.Request[saboresv1.ListCountryConfigsRequest]) (*connect.Response[saboresv1.ListCountryConfigsResponse], error) {
	rows, err := h.q.CountryConfigList(ctx)
	if err != nil {
		return nil, fmt.Errorf("adminvisibilityapi: list countries: %w", err)
	}
	res := &saboresv1.ListCountryConfigsResponse{}
	for _, c := range rows {
		res.Countries = append(res.Countries, apimap.CountryToProto(c))
	}
	return connect.NewResponse(res), nil
}

// UpdateCountryConfig saves a country tile (catalogue.Service.UpdateCountry).
func (h *Handler) UpdateCountryConfig(ctx context.Context, req *connect.Request[saboresv1.UpdateCountryConfigRequest]) (*connect.Response[saboresv1.UpdateCountryConfigResponse], error) {
	m := req.Msg
	out, err := h.tiles.UpdateCountry(ctx, auth.Caller(ctx), m.Slug, catalogue.CountryTile{
		Name: m.Name, NamePt: m.NamePt, FlagEmoji: m.FlagEmoji, ImageURL: m.ImageUrl, BackgroundClasses: m.BackgroundClasses, Href: m.Href,
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateCountryConfigResponse{Country: apimap.CountryToProto(out)}), nil
}
