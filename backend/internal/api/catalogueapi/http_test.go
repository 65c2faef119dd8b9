package catalogueapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/apperr"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// TestCatalogOverHTTP calls the catalogue through a real server with the
// shop's validation and error interceptors, reads over HTTP GET as browsers
// and CDNs may cache them, and checks the codes a client sees.
func TestCatalogOverHTTP(t *testing.T) {
	t.Parallel()
	svc := newHandler(t)
	mux := http.NewServeMux()
	mux.Handle(saboresv1connect.NewCatalogServiceHandler(svc,
		connect.WithInterceptors(apperr.Validate(), apperr.Interceptor())))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	client := saboresv1connect.NewCatalogServiceClient(srv.Client(), srv.URL, connect.WithHTTPGet())
	ctx := context.Background()

	list, err := client.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{Country: "brasil", PageSize: 2, Page: 2}))
	if err != nil {
		t.Fatalf("ListProducts: %v", err)
	}
	if got := ids(list.Msg.GetProducts()); !slices.Equal(got, []int64{1005, 1002}) || list.Msg.GetTotalSize() != 5 {
		t.Errorf("brasil page 2 = %v of %d, want [1005 1002] of 5", got, list.Msg.GetTotalSize())
	}

	search, err := client.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "acai"}))
	if err != nil || !slices.Equal(ids(search.Msg.GetProducts()), []int64{1003}) {
		t.Errorf("SearchProducts(acai) = %v, %v", search, err)
	}

	if _, err := client.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: 1004})); connecttest.Code(err) != connect.CodeNotFound {
		t.Errorf("GetProduct(physical only) = %v, want NotFound", err)
	}
	if _, err := client.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{PageSize: -5})); connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("negative page size = %v, want InvalidArgument", err)
	}
	if _, err := client.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{Country: "Brasil!"})); connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("bad country slug = %v, want InvalidArgument", err)
	}
	countries, err := client.ListCountries(ctx, connect.NewRequest(&saboresv1.ListCountriesRequest{}))
	if err != nil || len(countries.Msg.GetCountries()) != 4 {
		t.Errorf("ListCountries = %v, %v", countries, err)
	}
}
