package catalogueapi_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// FuzzSearchProducts sends any query the contract accepts (up to 100
// characters) to the real search against PostgreSQL: no panic, never an
// Internal error, at most the limit of results.
func FuzzSearchProducts(f *testing.F) {
	for _, s := range []string{"guaraná", "GUARANA", "50%", "_", `\`, "%%%", "' OR '1'='1", "<script>alert(1)</script>",
		"\x00", "\xff\xfe", "a\u0301", "🥭", "   ", "sku-1", strings.Repeat("a", 100)} {
		f.Add(s, int32(0))
	}
	pool := dbtest.NewSeeded(f)
	svc := catalogueapi.New(pool, nil)
	f.Fuzz(func(t *testing.T, q string, limit int32) {
		if len([]rune(q)) > 100 || limit < 0 || limit > 30 {
			t.Skip("refused by the contract's validation")
		}
		res, err := svc.SearchProducts(context.Background(), connect.NewRequest(&saboresv1.SearchProductsRequest{Query: q, Limit: limit}))
		if err != nil {
			err = apperr.ToConnect(context.Background(), "search", err)
			var cerr *connect.Error
			if errors.As(err, &cerr) && (cerr.Code() == connect.CodeInternal || cerr.Code() == connect.CodeUnknown) {
				t.Fatalf("SearchProducts(%q) = %v", q, err)
			}
			return
		}
		if limit > 0 && len(res.Msg.GetProducts()) > int(limit) {
			t.Fatalf("SearchProducts(%q, %d) returned %d products", q, limit, len(res.Msg.GetProducts()))
		}
	})
}
