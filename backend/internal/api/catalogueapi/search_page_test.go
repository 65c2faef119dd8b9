package catalogueapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestSearchResultsPage pages through searches of the sample catalogue:
// every page together holds each match once, as many as the total says,
// and the dropdown (page 0) gives the same total for its first few.
func TestSearchResultsPage(t *testing.T) {
	t.Parallel()
	svc := catalogueapi.New(dbtest.NewSeeded(t), nil)
	ctx := context.Background()
	search := func(req *saboresv1.SearchProductsRequest) *saboresv1.SearchProductsResponse {
		t.Helper()
		res, err := svc.SearchProducts(ctx, connect.NewRequest(req))
		if err != nil {
			t.Fatalf("SearchProducts(%v): %v", req, err)
		}
		return res.Msg
	}
	// "de" is in many names; "cafe colombia" is two words; "yerba mate" is
	// two words two products share.
	for _, q := range []string{"de", "cafe", "yerba mate", "CAFÉ   colombia", "dulce"} {
		t.Run(q, func(t *testing.T) {
			dropdown := search(&saboresv1.SearchProductsRequest{Query: q, Limit: 3})
			first := search(&saboresv1.SearchProductsRequest{Query: q, Limit: 3, Page: 1})
			total := first.GetTotalSize()
			if total == 0 || dropdown.GetTotalSize() != total {
				t.Fatalf("totals: dropdown %d, page 1 %d", dropdown.GetTotalSize(), total)
			}
			var seen []int64
			for page := int32(1); int32(len(seen)) < total+3; page++ {
				got := search(&saboresv1.SearchProductsRequest{Query: q, Limit: 3, Page: page})
				if got.GetPage() != page || got.GetTotalSize() != total {
					t.Fatalf("page %d answered page %d of %d", page, got.GetPage(), got.GetTotalSize())
				}
				if len(got.GetProducts()) == 0 {
					break
				}
				for _, p := range got.GetProducts() {
					if slices.Contains(seen, p.GetId()) {
						t.Errorf("page %d repeats %s", page, p.GetName())
					}
					seen = append(seen, p.GetId())
				}
			}
			if int32(len(seen)) != total {
				t.Errorf("pages hold %d products, the total says %d", len(seen), total)
			}
			for _, p := range dropdown.GetProducts() {
				if !slices.Contains(seen, p.GetId()) {
					t.Errorf("the dropdown shows %s, which no page lists", p.GetName())
				}
			}
		})
	}
	t.Run("a page past the end is empty but keeps the total", func(t *testing.T) {
		got := search(&saboresv1.SearchProductsRequest{Query: "cafe", Page: 50})
		if len(got.GetProducts()) != 0 || got.GetTotalSize() == 0 {
			t.Errorf("page 50 = %d products of %d", len(got.GetProducts()), got.GetTotalSize())
		}
	})
	t.Run("Café de Colombia leads its own search on page 1", func(t *testing.T) {
		got := search(&saboresv1.SearchProductsRequest{Query: "cafe colombia", Page: 1})
		if len(got.GetProducts()) == 0 || got.GetProducts()[0].GetId() != 2001 {
			t.Errorf("cafe colombia page 1 = %v", got.GetProducts())
		}
	})
}
