// Package cartapi serves CartService: it prices a shopper's cart from the
// shop's current prices, promotions and stock and quotes its shipping
// (cart.Quote, which checkout reuses), and names its lines and shipping
// methods in the shopper's language.
package cartapi

import (
	"context"
	"errors"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/discount"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/backend/internal/shipping"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements CartService over the shop's database.
type Handler struct {
	queries *db.Queries
	promos  promotion.Source
	rates   shipping.Source
	areas   deliveryarea.Policy
}

var _ saboresv1connect.CartServiceHandler = (*Handler)(nil)

// New returns the cart handler reading products and stock from pool, and
// the promotions from promos (nil reads them from pool too); the shipping
// rates are read from pool until WithRates.
func New(pool *pgxpool.Pool, promos promotion.Source) *Handler {
	q := db.New(pool)
	return &Handler{
		queries: q, promos: promotion.OrStored(promos, q), areas: deliveryarea.Default,
		rates: shipping.Stored{Queries: q, Dispatch: deliveryarea.DefaultDispatch},
	}
}

// WithRates returns s quoting shipping with the rates of source (shopd's
// in-memory snapshot).
func (s *Handler) WithRates(source shipping.Source) *Handler {
	s.rates = source
	return s
}

// WithDeliveryAreas returns s checking carts against the frozen minimum of
// areas (the configuration's).
func (s *Handler) WithDeliveryAreas(areas deliveryarea.Policy) *Handler {
	s.areas = areas
	return s
}

// ValidateCart prices each line from the server's data and reports what
// stops it from being sold. Client prices are never read: the request has none.
func (s *Handler) ValidateCart(ctx context.Context, req *connect.Request[saboresv1.ValidateCartRequest]) (*connect.Response[saboresv1.ValidateCartResponse], error) {
	lines, err := apimap.CartLines(req.Msg.GetLines())
	if err != nil {
		return nil, err
	}
	m, now := req.Msg, time.Now()
	quoted, err := cart.Quote(ctx, s.queries, s.promos, s.rates, lines, m.GetPostalCode(), m.GetShippingMethod(), now)
	if err != nil {
		return nil, err
	}
	applied, refusal, err := s.discount(ctx, m.GetDiscountCode(), quoted, now)
	if err != nil {
		return nil, err
	}
	if applied.FreeShipping {
		quoted.Priced = quoted.Priced.WithShipping(0)
	}
	res := apimap.CartToProto(quoted.Priced)
	apimap.CartDiscount(res, quoted, applied, refusal)
	apimap.AnnotateCart(quoted, res, lines, s.areas, m.GetPostalCode(), m.GetShippingMethod(), m.GetLanguage() == saboresv1.Language_LANGUAGE_PT)
	if err := apimap.CartPastBestBefore(ctx, s.queries, res, now); err != nil {
		return nil, err
	}
	if err := localize(ctx, s.queries, res, req.Msg.GetLanguage()); err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// discount is what the code typed takes off the quoted cart for the
// caller (their own limits only when signed in), or the refusal that says
// why it takes nothing: a refused code is an answer about the cart, not a
// failed call. Nothing is asked for no code.
func (s *Handler) discount(ctx context.Context, typed string, quoted cart.Quoted, now time.Time) (discount.Applied, *discount.Refusal, error) {
	if discount.Normalize(typed) == "" {
		return discount.Applied{}, nil, nil
	}
	applied, _, _, err := discount.ForCart(ctx, s.queries, typed, auth.FromContext(ctx).UserID, quoted.Products, quoted.Priced.Lines, now)
	var refusal *discount.Refusal
	if errors.As(err, &refusal) {
		return discount.Applied{}, refusal, nil
	}
	return applied, nil, err
}
