package accountapi_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/api/accountapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestSyncMyCart: a guest has no cart to keep; a signed-in shopper's cart
// is merged at sign-in and answered as kept, then replaced.
func TestSyncMyCart(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	svc := accountapi.New(account.New(pool)).WithCart(cart.NewSaved(pool, nil))
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	a := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Guaraná", PriceCents: 250, Stock: 10})
	b := dbtest.Product(t, pool, dbtest.ProductOpts{Name: "Açaí", PriceCents: 800, Stock: 10})
	sync := func(ctx context.Context, merge bool, lines ...*saboresv1.SavedCartLine) ([]*saboresv1.SavedCartLine, error) {
		res, err := svc.SyncMyCart(ctx, connect.NewRequest(&saboresv1.SyncMyCartRequest{Lines: lines, Merge: merge}))
		if err != nil {
			return nil, err
		}
		return res.Msg.GetLines(), nil
	}
	if _, err := sync(context.Background(), true, &saboresv1.SavedCartLine{ProductId: a, Quantity: 1}); connecttest.Code(err) != connect.CodeUnauthenticated {
		t.Fatalf("a guest's sync: %v, want Unauthenticated", err)
	}
	ctx := auth.WithPrincipal(context.Background(), auth.Principal{UserID: user, Role: auth.RoleClient})
	if _, err := sync(ctx, false, &saboresv1.SavedCartLine{ProductId: a, Quantity: 2}); err != nil {
		t.Fatal(err)
	}
	got, err := sync(ctx, true, &saboresv1.SavedCartLine{ProductId: b, Quantity: 1}, &saboresv1.SavedCartLine{ProductId: a, Quantity: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].GetProductId() != b || got[1].GetProductId() != a || got[1].GetQuantity() != 2 {
		t.Fatalf("merged at sign-in = %v, want açaí × 1 then guaraná × 2", got)
	}
	if got, err = sync(ctx, false); err != nil || len(got) != 0 {
		t.Fatalf("emptied = %v, %v", got, err)
	}
}
