package catalogueapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestPriceSortUsesTheShownPrice walks every page of the sample catalogue
// sorted by price, pages of 5 so promoted products fall across page
// boundaries: the price a shopper sees (the promotion's when one runs) must
// never go the wrong way, and every product must come exactly once.
func TestPriceSortUsesTheShownPrice(t *testing.T) {
	t.Parallel()
	svc := catalogueapi.New(dbtest.NewSeeded(t), nil)
	ctx := context.Background()
	shownPrice := func(p *saboresv1.Product) int64 {
		if p.Promotion != nil {
			return p.Promotion.PriceCents
		}
		return p.PriceCents
	}
	for _, tc := range []struct {
		name    string
		request *saboresv1.ListProductsRequest
	}{
		{"todos ascending", &saboresv1.ListProductsRequest{Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_ASC}},
		{"todos descending", &saboresv1.ListProductsRequest{Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_DESC}},
		{"bebidas ascending", &saboresv1.ListProductsRequest{Category: "bebidas", Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_ASC}},
		{"brasil ascending", &saboresv1.ListProductsRequest{Country: "brasil", Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_ASC}},
		{"brasil descending", &saboresv1.ListProductsRequest{Country: "brasil", Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_DESC}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			desc := tc.request.Sort == saboresv1.ProductSort_PRODUCT_SORT_PRICE_DESC
			seen := map[int64]bool{}
			promoted := 0
			var last int64 = -1
			var total int32
			for page := int32(1); ; page++ {
				req := proto.Clone(tc.request).(*saboresv1.ListProductsRequest)
				req.Page, req.PageSize = page, 5
				res, err := svc.ListProducts(ctx, connect.NewRequest(req))
				if err != nil {
					t.Fatal(err)
				}
				total = res.Msg.TotalSize
				if len(res.Msg.Products) == 0 {
					break
				}
				for _, p := range res.Msg.Products {
					price := shownPrice(p)
					if last >= 0 && (!desc && price < last || desc && price > last) {
						t.Errorf("page %d: %s at %d cents after %d", page, p.Name, price, last)
					}
					if seen[p.Id] {
						t.Errorf("page %d: %s listed twice", page, p.Name)
					}
					seen[p.Id] = true
					if p.Promotion != nil {
						promoted++
					}
					last = price
				}
			}
			if len(seen) != int(total) || promoted == 0 {
				t.Errorf("%d products listed of %d, %d promoted; want all, some promoted", len(seen), total, promoted)
			}
		})
	}
}
