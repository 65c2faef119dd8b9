// Package promotionapi serves the home page's "Ofertas Especiales": the
// promotions running now on products sold online.
package promotionapi

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/productcontent"
	"github.com/sabores/sabores/backend/internal/promotion"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// MaxActivePromotions is how many promotions the home page shows (spec §9).
const MaxActivePromotions = 20

// Service implements PromotionService over the shop's database.
type Service struct {
	queries *db.Queries
	promos  promotion.Source
}

var _ saboresv1connect.PromotionServiceHandler = (*Service)(nil)

// New returns a promotion service reading from pool, and the promotions
// from promos (nil reads them from pool too).
func New(pool db.DBTX, promos promotion.Source) *Service {
	q := db.New(pool)
	return &Service{queries: q, promos: promotion.OrStored(promos, q)}
}

// ListActivePromotions lists the products on a promotion running now,
// ending soonest first, each with its promotion priced, labelled and shown
// against the lowest price of the 30 days before it started.
func (s *Service) ListActivePromotions(ctx context.Context, req *connect.Request[saboresv1.ListActivePromotionsRequest]) (*connect.Response[saboresv1.ListActivePromotionsResponse], error) {
	now := time.Now()
	rows, err := s.queries.ListPromotedProducts(ctx, db.ListPromotedProductsParams{Now: now, MaxResults: MaxActivePromotions})
	if err != nil {
		return nil, fmt.Errorf("promotionapi: list promoted products: %w", err)
	}
	products, err := apimap.WithPromotions(ctx, s.promos, rows, now)
	if err != nil {
		return nil, err
	}
	if err := apimap.ProductsPastBestBefore(ctx, s.queries, products, now); err != nil {
		return nil, err
	}
	if err := productcontent.Localize(ctx, s.queries, rows, products, req.Msg.GetLanguage(), false); err != nil {
		return nil, err
	}
	res := &saboresv1.ListActivePromotionsResponse{Products: make([]*saboresv1.Product, 0, len(products))}
	for _, p := range products {
		// The listing and the promotions are two reads; a promotion edited
		// between them must not show a product without its reduction.
		if p.GetPromotion() != nil {
			res.Products = append(res.Products, p)
		}
	}
	return connect.NewResponse(res), nil
}
