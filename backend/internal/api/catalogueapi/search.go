package catalogueapi

import (
	"context"
	"fmt"
	"strings"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/foodinfo"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/productcontent"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// search is one shopper's search, read from the request.
type search struct {
	query, pattern string
	allergens      []string
	// words says the query has several words: every word matches, in any
	// order ("cafe colombia" finds "Café de Colombia Supremo").
	words bool
}

// SearchProducts finds products sold online whose name, code or SKU
// contains the query, ignoring case and accents, prefix matches first; a
// query of several words then finds those with every word in any order,
// ranked. With page 0 it answers the header's dropdown (its best matches);
// with a page it answers the results page, one order across pages. Both
// say how many match in all. A blank query finds nothing and does not reach
// the database.
func (s *Handler) SearchProducts(ctx context.Context, req *connect.Request[saboresv1.SearchProductsRequest]) (*connect.Response[saboresv1.SearchProductsResponse], error) {
	limit := req.Msg.GetLimit()
	switch {
	case limit < 0:
		return nil, fault.InvalidField("limit", "must not be negative")
	case limit == 0:
		limit = DefaultSearchLimit
	case limit > MaxSearchLimit:
		limit = MaxSearchLimit
	}
	res := &saboresv1.SearchProductsResponse{Products: []*saboresv1.Product{}, Page: req.Msg.GetPage()}
	query := strings.Join(strings.Fields(req.Msg.GetQuery()), " ")
	if query == "" {
		return connect.NewResponse(res), nil
	}
	q := search{
		query: query, pattern: paging.EscapeLike(query), words: strings.Contains(query, " "),
		allergens: foodinfo.Stored(productcontent.AllergenCodes(req.Msg.GetWithoutAllergens())),
	}
	total, err := s.searchCount(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("catalogueapi: count search results: %w", err)
	}
	var rows []db.Product
	if page := req.Msg.GetPage(); page > 0 {
		window, err := paging.Page(page, limit, paging.Sizes{Default: limit, Max: MaxSearchLimit})
		if err != nil {
			return nil, err
		}
		if int64(window.Offset) < total {
			rows, err = s.searchPage(ctx, q, window)
		}
		if err != nil {
			return nil, fmt.Errorf("catalogueapi: search page %d: %w", page, err)
		}
	} else if rows, err = s.searchBest(ctx, q, limit); err != nil {
		return nil, err
	}
	// The dropdown's tiers and the count read different indexes; a product
	// listed is always counted.
	res.TotalSize = int32(max(total, int64(len(rows))))
	now := time.Now()
	if res.Products, err = apimap.WithPromotions(ctx, s.promos, rows, now); err != nil {
		return nil, err
	}
	if err := apimap.ProductsPastBestBefore(ctx, s.queries, res.Products, now); err != nil {
		return nil, err
	}
	if err := productcontent.Localize(ctx, s.queries, rows, res.Products, req.Msg.GetLanguage(), false); err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// searchBest is the header dropdown's answer: names starting with the query
// first, then the rest, each tier stopping after limit rows.
func (s *Handler) searchBest(ctx context.Context, q search, limit int32) ([]db.Product, error) {
	rows, err := s.queries.SearchProductsByPrefix(ctx, db.SearchProductsByPrefixParams{
		Pattern: q.pattern, WithoutAllergens: q.allergens, MaxResults: limit,
	})
	if err != nil {
		return nil, fmt.Errorf("catalogueapi: search products by prefix: %w", err)
	}
	rest := limit - int32(len(rows))
	if rest <= 0 {
		return rows, nil
	}
	var more []db.Product
	if q.words {
		found := make([]int64, len(rows))
		for i, r := range rows {
			found[i] = r.ID
		}
		more, err = s.queries.SearchProductsAllWords(ctx, db.SearchProductsAllWordsParams{
			Query: q.query, Excluded: found, WithoutAllergens: q.allergens, MaxResults: rest,
		})
	} else {
		more, err = s.queries.SearchProductsContaining(ctx, db.SearchProductsContainingParams{
			Pattern: q.pattern, WithoutAllergens: q.allergens, MaxResults: rest,
		})
	}
	if err != nil {
		return nil, fmt.Errorf("catalogueapi: search products: %w", err)
	}
	return append(rows, more...), nil
}

// searchCount counts the matches of every page.
func (s *Handler) searchCount(ctx context.Context, q search) (int64, error) {
	if q.words {
		return s.queries.CountSearchAllWords(ctx, db.CountSearchAllWordsParams{Query: q.query, WithoutAllergens: q.allergens})
	}
	return s.queries.CountSearchContaining(ctx, db.CountSearchContainingParams{Pattern: q.pattern, WithoutAllergens: q.allergens})
}

// searchPage reads one page of the results page.
func (s *Handler) searchPage(ctx context.Context, q search, w paging.Window) ([]db.Product, error) {
	if q.words {
		return s.queries.SearchPageAllWords(ctx, db.SearchPageAllWordsParams{
			Query: q.query, Pattern: q.pattern, WithoutAllergens: q.allergens, PageLimit: w.Size, PageOffset: w.Offset,
		})
	}
	return s.queries.SearchPageContaining(ctx, db.SearchPageContainingParams{
		Pattern: q.pattern, WithoutAllergens: q.allergens, PageLimit: w.Size, PageOffset: w.Offset,
	})
}
