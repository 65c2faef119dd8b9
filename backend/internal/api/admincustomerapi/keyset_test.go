package admincustomerapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/admincustomerapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// customers is the customer list as a list paged both ways by token.
func customers(h *admincustomerapi.Handler) admintest.KeysetList {
	return admintest.KeysetList{
		Name:  "customers",
		Order: `SELECT id FROM customers WHERE active ORDER BY created_at DESC, id DESC`,
		Page: func(ctx context.Context, token string, size int32) ([]int64, string, string, error) {
			res, err := h.ListCustomers(ctx, connect.NewRequest(&saboresv1.ListCustomersRequest{PageToken: token, PageSize: size}))
			if err != nil {
				return nil, "", "", err
			}
			var ids []int64
			for _, c := range res.Msg.Customers {
				ids = append(ids, c.Id)
			}
			return ids, res.Msg.NextPageToken, res.Msg.PreviousPageToken, nil
		},
	}
}

// TestKeysetWalk: following next_page_token from the first page returns
// every row exactly once in the list's order, the last page with no next
// token; following previous_page_token back from the last page returns
// them all again, the first page with no previous token.
func TestKeysetWalk(t *testing.T) {
	t.Parallel()
	pool := admintest.KeysetShop(t)
	admintest.CheckKeysetWalk(t, pool, customers(admincustomerapi.New(pool)))
}

// TestKeysetNewRowsShiftNothing: a customer who signs up while an admin
// walks the list neither pushes a customer onto the next page again nor
// hides one, as an offset would.
func TestKeysetNewRowsShiftNothing(t *testing.T) {
	t.Parallel()
	pool := admintest.KeysetShop(t)
	ctx := context.Background()
	l := customers(admincustomerapi.New(pool))
	first, next, _, err := l.Page(ctx, "", 10)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO customers (name, active) VALUES ('Nueva', true)`); err != nil {
		t.Fatal(err)
	}
	second, _, prev, err := l.Page(ctx, next, 10)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(second, first[len(first)-1]) || len(second) != 10 {
		t.Errorf("page 2 after a sign-up: %v (page 1 ended at %d)", second, first[len(first)-1])
	}
	// Back from page 2 is the page 1 seen, with the newcomer before it.
	back, _, newer, err := l.Page(ctx, prev, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back, first) || newer == "" {
		t.Errorf("back to page 1: %v, previous %q; want %v and the newcomer's page", back, newer, first)
	}
}

// TestKeysetBadToken: a page_token the list did not give is
// InvalidArgument naming page_token (admintest.CheckKeysetBadToken).
func TestKeysetBadToken(t *testing.T) {
	t.Parallel()
	admintest.CheckKeysetBadToken(t, customers(admincustomerapi.New(admintest.KeysetShop(t))))
}
