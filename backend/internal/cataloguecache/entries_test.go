package cataloguecache_test

import (
	"context"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/cataloguecache"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// bigProducts answers GetProduct with a product of about 1 KB.
type bigProducts struct {
	saboresv1connect.UnimplementedCatalogServiceHandler
	calls int
}

func (b *bigProducts) GetProduct(_ context.Context, req *connect.Request[saboresv1.GetProductRequest]) (*connect.Response[saboresv1.GetProductResponse], error) {
	b.calls++
	return connect.NewResponse(&saboresv1.GetProductResponse{Product: &saboresv1.Product{
		Id: req.Msg.GetId(), Name: "Cocada", Description: strings.Repeat("doce de coco ", 80),
	}}), nil
}

// TestMessagesKeptWithinMaxBytes: the answers kept for calls other than GET
// (POST, gRPC) are bounded by size, as the GET pages are, not only by count:
// a handful of large answers must not grow shopd's memory without limit.
func TestMessagesKeptWithinMaxBytes(t *testing.T) {
	t.Parallel()
	const maxBytes = 10_000
	cache := cataloguecache.New(cataloguecache.Options{MaxBytes: maxBytes})
	cache.SetLive(true)
	next := &bigProducts{}
	catalog := cataloguecache.NewCatalog(cache, next)
	get := func(id int64) {
		t.Helper()
		if _, err := catalog.GetProduct(context.Background(), connect.NewRequest(&saboresv1.GetProductRequest{Id: id})); err != nil {
			t.Fatal(err)
		}
	}
	for id := range int64(50) {
		get(id + 1)
		if b := cache.EntryBytes(); b > maxBytes {
			t.Fatalf("after %d answers %d bytes kept, over MaxBytes %d", id+1, b, maxBytes)
		}
	}
	if b := cache.EntryBytes(); b < maxBytes/2 {
		t.Errorf("%d bytes kept, want the budget used (about %d)", b, maxBytes)
	}
	calls := next.calls
	get(50)
	if next.calls != calls {
		t.Error("the latest answer was not kept")
	}
}
