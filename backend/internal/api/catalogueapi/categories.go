package catalogueapi

import (
	"context"
	"errors"
	"fmt"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListCategories lists the categories with products sold online, in the
// whole catalogue or in one country (an unknown country has none), named
// in the language asked for; with include_empty, every category.
func (s *Handler) ListCategories(ctx context.Context, req *connect.Request[saboresv1.ListCategoriesRequest]) (*connect.Response[saboresv1.ListCategoriesResponse], error) {
	msg := req.Msg
	res := &saboresv1.ListCategoriesResponse{Categories: []*saboresv1.Category{}}
	counts := map[string]int64{}
	var order []db.CategoryNamesRow
	if country := msg.GetCountry(); country != "" {
		slug, err := s.queries.ResolveCountry(ctx, country)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			// An unknown country has no products, so no categories.
		case err != nil:
			return nil, fmt.Errorf("catalogueapi: resolve country %q: %w", country, err)
		default:
			rows, err := s.queries.ListCountryCategories(ctx, slug)
			if err != nil {
				return nil, fmt.Errorf("catalogueapi: list categories of %s: %w", slug, err)
			}
			for _, r := range rows {
				counts[r.Slug] = r.Products
				order = append(order, db.CategoryNamesRow{Slug: r.Slug, NameEs: r.NameEs, NamePt: r.NamePt})
			}
		}
	} else {
		rows, err := s.queries.ListCategories(ctx)
		if err != nil {
			return nil, fmt.Errorf("catalogueapi: list categories: %w", err)
		}
		for _, r := range rows {
			counts[r.Slug] = r.Products
			order = append(order, db.CategoryNamesRow{Slug: r.Slug, NameEs: r.NameEs, NamePt: r.NamePt})
		}
	}
	if msg.GetIncludeEmpty() {
		all, err := s.queries.CategoryNames(ctx)
		if err != nil {
			return nil, fmt.Errorf("catalogueapi: category names: %w", err)
		}
		order = all
	}
	for _, c := range order {
		name := c.NameEs
		if msg.GetLanguage() == saboresv1.Language_LANGUAGE_PT {
			name = c.NamePt
		}
		res.Categories = append(res.Categories, &saboresv1.Category{Slug: c.Slug, Name: name, ProductCount: int32(counts[c.Slug])})
	}
	return connect.NewResponse(res), nil
}
