// Package cart prices a shopper's cart from the shop's current prices,
// promotions and stock; checkout reuses it to revalidate before it sells.
package cart

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/catalog"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Service implements CartService over the shop's database.
type Service struct {
	queries *db.Queries
	promos  catalog.PromotionSource
}

var _ saboresv1connect.CartServiceHandler = (*Service)(nil)

// New returns a cart service reading products and stock from pool, and
// the promotions from promos (nil reads them from pool too).
func New(pool *pgxpool.Pool, promos catalog.PromotionSource) *Service {
	q := db.New(pool)
	if promos == nil {
		promos = catalog.Stored{Queries: q}
	}
	return &Service{queries: q, promos: promos}
}

// ValidateCart prices each line from the server's data and reports what
// stops it from being sold. Client prices are never read: the request has none.
func (s *Service) ValidateCart(ctx context.Context, req *connect.Request[saboresv1.ValidateCartRequest]) (*connect.Response[saboresv1.ValidateCartResponse], error) {
	lines, err := Lines(req.Msg.GetLines())
	if err != nil {
		return nil, err
	}
	priced, err := Price(ctx, s.queries, s.promos, lines, time.Now())
	if err != nil {
		return nil, err
	}
	res := toProto(priced)
	if err := localize(ctx, s.queries, res, req.Msg.GetLanguage()); err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// Lines reads the request's lines. A product may appear only once: the
// storefront's cart adds quantities to an existing line, so a repeated
// product is a client bug, and guessing whether to add or replace could
// sell the wrong quantity.
func Lines(in []*saboresv1.CartLineInput) ([]pricing.LineInput, error) {
	out := make([]pricing.LineInput, len(in))
	seen := make(map[int64]bool, len(in))
	for i, l := range in {
		if seen[l.GetProductId()] {
			return nil, apperr.Invalid("lines["+strconv.Itoa(i)+"].product_id", "product already in an earlier line")
		}
		seen[l.GetProductId()] = true
		out[i] = pricing.LineInput{ProductID: l.GetProductId(), Quantity: l.GetQuantity()}
	}
	return out, nil
}

// Price prices lines with the products and stock read through q (the pool,
// or checkout's transaction) and the promotions of promos at now.
func Price(ctx context.Context, q *db.Queries, promos catalog.PromotionSource, lines []pricing.LineInput, now time.Time) (pricing.Cart, error) {
	ids := make([]int64, len(lines))
	for i, l := range lines {
		ids[i] = l.ProductID
	}
	products, err := q.GetProductsByIDs(ctx, ids)
	if err != nil {
		return pricing.Cart{}, fmt.Errorf("cart: read products: %w", err)
	}
	running, err := catalog.Promotions(ctx, promos, products, now)
	if err != nil {
		return pricing.Cart{}, err
	}
	items := make(map[int64]pricing.Item, len(products))
	for _, p := range products {
		item := pricing.Item{
			ID: p.ID, Name: p.Name, ImageURL: p.ImageURL, PriceCents: p.PriceCents,
			VATBasisPoints: p.VatBasisPoints, Stock: p.Stock, SoldOnline: p.SoldOnline,
		}
		if promo, ok := running[p.ID]; ok {
			item.Promotion = &promo
		}
		items[p.ID] = item
	}
	return pricing.PriceCart(lines, items), nil
}

// Reason is the UPPER_SNAKE ErrorInfo reason of a cart problem: the name of
// its CartProblem enum value without the prefix, so the two never disagree.
func Reason(p pricing.Problem) string {
	return strings.TrimPrefix(problemToProto(p).String(), "CART_PROBLEM_")
}
