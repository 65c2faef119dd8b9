// Package adminvisibilityapi serves AdminVisibilityService over Connect:
// which product is sold in which country and channel (the visibility
// module's use cases) and the countries' tiles on the home page (the
// catalogue module's). It decodes the request, calls the use case and maps
// its result.
package adminvisibilityapi

import (
	"context"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/visibility"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminVisibilityService.
type Handler struct {
	visibility *visibility.Service
	// tiles saves country tiles (the catalogue module).
	tiles *catalogue.Service
	// q reads what the back office's product view adds to a product (its
	// records in every country) to map the answers.
	q *db.Queries
}

var _ saboresv1connect.AdminVisibilityServiceHandler = (*Handler)(nil)

// New returns the handler of the visibility module's use cases and the
// catalogue module's country tiles, mapping products and reading the
// tiles with what pool reads.
func New(v *visibility.Service, tiles *catalogue.Service, pool *pgxpool.Pool) *Handler {
	return &Handler{visibility: v, tiles: tiles, q: db.New(pool)}
}

// ListCountryProducts pages the products with a visibility record in a
// country.
func (h *Handler) ListCountryProducts(ctx context.Context, req *connect.Request[saboresv1.ListCountryProductsRequest]) (*connect.Response[saboresv1.ListCountryProductsResponse], error) {
	m := req.Msg
	page, err := h.visibility.ListCountry(ctx, m.Country, m.Page, m.PageSize, m.Filter)
	if err != nil {
		return nil, err
	}
	out, err := apimap.AdminProductsOf(ctx, h.q, page.Rows, func(r db.VisibilityListCountryProductsRow) db.Product { return r.Product })
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListCountryProductsResponse{TotalSize: int32(page.Total), Country: apimap.CountryToProto(page.Country)}
	for i, r := range page.Rows {
		res.Products = append(res.Products, &saboresv1.CountryProduct{
			Product: out[i],
			Visible: r.IsVisible,
			Channel: apimap.Channel(r.SalesChannel),
		})
	}
	return connect.NewResponse(res), nil
}

// SearchAddableProducts finds products not yet visible in the country.
func (h *Handler) SearchAddableProducts(ctx context.Context, req *connect.Request[saboresv1.SearchAddableProductsRequest]) (*connect.Response[saboresv1.SearchAddableProductsResponse], error) {
	rows, err := h.visibility.SearchAddable(ctx, req.Msg.Country, req.Msg.Query)
	if err != nil {
		return nil, err
	}
	out, err := apimap.AdminProductsOf(ctx, h.q, rows, func(r db.VisibilitySearchAddableRow) db.Product { return r.Product })
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SearchAddableProductsResponse{Products: out}), nil
}

// SetProductChannel sets one product's channel in one country and says what
// happened, for the screen's toast.
func (h *Handler) SetProductChannel(ctx context.Context, req *connect.Request[saboresv1.SetProductChannelRequest]) (*connect.Response[saboresv1.SetProductChannelResponse], error) {
	m := req.Msg
	outcome, product, err := h.visibility.Set(ctx, visibility.Change{ProductID: m.ProductId, Country: m.Country, Channel: channel(m.Channel)})
	if err != nil {
		return nil, err
	}
	view, err := h.countryProduct(ctx, product, m.Country)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SetProductChannelResponse{Outcome: outcomes[outcome], Product: view}), nil
}

// BatchSetVisibility applies the pending changes, all or none.
func (h *Handler) BatchSetVisibility(ctx context.Context, req *connect.Request[saboresv1.BatchSetVisibilityRequest]) (*connect.Response[saboresv1.BatchSetVisibilityResponse], error) {
	changes := make([]visibility.Change, len(req.Msg.Changes))
	for i, c := range req.Msg.Changes {
		changes[i] = visibility.Change{ProductID: c.ProductId, Country: c.Country, Channel: channel(c.Channel)}
	}
	done, err := h.visibility.SetBatch(ctx, changes)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.BatchSetVisibilityResponse{}
	for _, o := range done {
		res.Outcomes = append(res.Outcomes, outcomes[o])
	}
	return connect.NewResponse(res), nil
}

// countryProduct is the product as seen in country after a change; nil when
// it has no record there.
func (h *Handler) countryProduct(ctx context.Context, p db.Product, country string) (*saboresv1.CountryProduct, error) {
	product, err := apimap.AdminProduct(ctx, h.q, p)
	if err != nil {
		return nil, err
	}
	for _, v := range product.Visibility {
		if v.Country == country {
			return &saboresv1.CountryProduct{Product: product, Visible: v.Visible, Channel: v.Channel}, nil
		}
	}
	return nil, nil
}
