package catalogueapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestSearchFindsEveryWordInAnyOrder searches the sample catalogue with
// words that are not one piece of its names.
func TestSearchFindsEveryWordInAnyOrder(t *testing.T) {
	t.Parallel()
	svc := catalogueapi.New(dbtest.NewSeeded(t), nil)
	ctx := context.Background()
	search := func(q string) []string {
		res, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: q}))
		if err != nil {
			t.Fatalf("search %q: %v", q, err)
		}
		var names []string
		for _, p := range res.Msg.Products {
			names = append(names, p.Name)
		}
		return names
	}
	for _, q := range []string{"cafe colombia", "colombia cafe", "  CAFÉ   Colómbia ", "cafe supr col"} {
		if got := search(q); len(got) == 0 || got[0] != "Café de Colombia Supremo 500 g" {
			t.Errorf("search %q = %v, want Café de Colombia Supremo 500 g first", q, got)
		}
	}
	if got := search("cafe brasil narnia"); len(got) != 0 {
		t.Errorf("a word no product has must find nothing, got %v", got)
	}
	if got := search("%% __ '"); len(got) != 0 {
		t.Errorf("symbols only found %v", got)
	}
}
