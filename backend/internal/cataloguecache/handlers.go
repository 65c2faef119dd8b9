package cataloguecache

import (
	"context"

	"connectrpc.com/connect"

	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Catalog serves CatalogService's reads through the cache.
type Catalog struct {
	cache *Cache
	next  saboresv1connect.CatalogServiceHandler
}

var _ saboresv1connect.CatalogServiceHandler = (*Catalog)(nil)

// NewCatalog wraps next so its answers are served from c.
func NewCatalog(c *Cache, next saboresv1connect.CatalogServiceHandler) *Catalog {
	return &Catalog{cache: c, next: next}
}

// ListProducts serves next.ListProducts through the cache.
func (s *Catalog) ListProducts(ctx context.Context, req *connect.Request[saboresv1.ListProductsRequest]) (*connect.Response[saboresv1.ListProductsResponse], error) {
	return cached(s.cache, ctx, req, s.next.ListProducts)
}

// GetProduct serves next.GetProduct through the cache.
func (s *Catalog) GetProduct(ctx context.Context, req *connect.Request[saboresv1.GetProductRequest]) (*connect.Response[saboresv1.GetProductResponse], error) {
	return cached(s.cache, ctx, req, s.next.GetProduct)
}

// SearchProducts serves next.SearchProducts through the cache.
func (s *Catalog) SearchProducts(ctx context.Context, req *connect.Request[saboresv1.SearchProductsRequest]) (*connect.Response[saboresv1.SearchProductsResponse], error) {
	return cached(s.cache, ctx, req, s.next.SearchProducts)
}

// ListCountries serves next.ListCountries through the cache.
func (s *Catalog) ListCountries(ctx context.Context, req *connect.Request[saboresv1.ListCountriesRequest]) (*connect.Response[saboresv1.ListCountriesResponse], error) {
	return cached(s.cache, ctx, req, s.next.ListCountries)
}

// ListCategories serves next.ListCategories through the cache.
func (s *Catalog) ListCategories(ctx context.Context, req *connect.Request[saboresv1.ListCategoriesRequest]) (*connect.Response[saboresv1.ListCategoriesResponse], error) {
	return cached(s.cache, ctx, req, s.next.ListCategories)
}

// Promotions serves PromotionService's reads through the cache.
type Promotions struct {
	cache *Cache
	next  saboresv1connect.PromotionServiceHandler
}

var _ saboresv1connect.PromotionServiceHandler = (*Promotions)(nil)

// NewPromotions wraps next so its answers are served from c.
func NewPromotions(c *Cache, next saboresv1connect.PromotionServiceHandler) *Promotions {
	return &Promotions{cache: c, next: next}
}

// ListActivePromotions serves next.ListActivePromotions through the cache.
func (s *Promotions) ListActivePromotions(ctx context.Context, req *connect.Request[saboresv1.ListActivePromotionsRequest]) (*connect.Response[saboresv1.ListActivePromotionsResponse], error) {
	return cached(s.cache, ctx, req, s.next.ListActivePromotions)
}
