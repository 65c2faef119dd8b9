package admin_test

import (
	"context"
	"encoding/base64"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/apperr"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/admin"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// keysetList is one of the lists paged both ways by token: a page asked
// with (token, size) gives its ids and its neighbours' tokens.
type keysetList struct {
	name string
	// order is the list's rows in the order it shows them.
	order string
	page  func(ctx context.Context, svc *admin.Service, token string, size int32) (ids []int64, next, prev string, err error)
}

var keysetLists = []keysetList{
	{
		name:  "customers",
		order: `SELECT id FROM customers WHERE active ORDER BY created_at DESC, id DESC`,
		page: func(ctx context.Context, svc *admin.Service, token string, size int32) ([]int64, string, string, error) {
			res, err := svc.ListCustomers(ctx, connect.NewRequest(&saboresv1.ListCustomersRequest{PageToken: token, PageSize: size}))
			if err != nil {
				return nil, "", "", err
			}
			var ids []int64
			for _, c := range res.Msg.Customers {
				ids = append(ids, c.Id)
			}
			return ids, res.Msg.NextPageToken, res.Msg.PreviousPageToken, nil
		},
	},
	{
		name:  "audit events",
		order: `SELECT id FROM audit_events ORDER BY created_at DESC, id DESC`,
		page: func(ctx context.Context, svc *admin.Service, token string, size int32) ([]int64, string, string, error) {
			res, err := svc.ListAuditEvents(ctx, connect.NewRequest(&saboresv1.ListAuditEventsRequest{PageToken: token, PageSize: size}))
			if err != nil {
				return nil, "", "", err
			}
			var ids []int64
			for _, e := range res.Msg.Events {
				ids = append(ids, e.Id)
			}
			return ids, res.Msg.NextPageToken, res.Msg.PreviousPageToken, nil
		},
	},
}

// keysetShop holds 47 active customers and 47 audit events, in runs that
// share a creation time (the id breaks the tie), and inactive customers
// between them that the list skips.
func keysetShop(t *testing.T) (*pgxpool.Pool, *admin.Service) {
	t.Helper()
	pool := dbtest.New(t)
	for _, stmt := range []string{
		`INSERT INTO customers (name, active, created_at)
		 SELECT 'Cliente ' || g, g % 4 <> 0, timestamptz '2026-01-01' + (g / 3) * interval '1 hour'
		 FROM generate_series(1, 62) g`,
		`INSERT INTO audit_events (actor, action, entity, created_at)
		 SELECT 'admin', 'product.update', 'product:' || g, timestamptz '2026-01-01' + (g / 5) * interval '1 minute'
		 FROM generate_series(1, 47) g`,
	} {
		if _, err := pool.Exec(context.Background(), stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	return pool, admin.New(pool)
}

// TestKeysetWalk: following next_page_token from the first page returns
// every row exactly once in the list's order, the last page with no next
// token; following previous_page_token back from the last page returns
// them all again, the first page with no previous token.
func TestKeysetWalk(t *testing.T) {
	t.Parallel()
	pool, svc := keysetShop(t)
	ctx := context.Background()
	for _, l := range keysetLists {
		for _, size := range []int32{1, 10, 47, 100} {
			rows, err := pool.Query(ctx, l.order)
			if err != nil {
				t.Fatal(err)
			}
			want, err := pgx.CollectRows(rows, pgx.RowTo[int64])
			if err != nil {
				t.Fatal(err)
			}
			if len(want) != 47 {
				t.Fatalf("%s: the shop has %d rows, want 47", l.name, len(want))
			}
			var forward, pages [][]int64
			token, last := "", ""
			for range len(want) + 1 {
				ids, next, prev, err := l.page(ctx, svc, token, size)
				if err != nil {
					t.Fatalf("%s size %d: %v", l.name, size, err)
				}
				if (token == "") != (prev == "") {
					t.Fatalf("%s size %d: page after %q has previous token %q", l.name, size, token, prev)
				}
				forward = append(forward, ids)
				pages = append(pages, ids)
				last = token
				if next == "" {
					break
				}
				token = next
			}
			if got := slices.Concat(forward...); !slices.Equal(got, want) {
				t.Errorf("%s size %d forward:\n got %v\nwant %v", l.name, size, got, want)
			}
			// Back from the last page: each previous page is the page seen
			// before it on the way forward.
			token = last
			for i := len(pages) - 1; i >= 0; i-- {
				ids, next, prev, err := l.page(ctx, svc, token, size)
				if err != nil {
					t.Fatalf("%s size %d back: %v", l.name, size, err)
				}
				if !slices.Equal(ids, pages[i]) {
					t.Fatalf("%s size %d back at page %d: got %v, want %v", l.name, size, i+1, ids, pages[i])
				}
				if (i == len(pages)-1) != (next == "") || (i == 0) != (prev == "") {
					t.Fatalf("%s size %d back at page %d: next %q, previous %q", l.name, size, i+1, next, prev)
				}
				token = prev
			}
		}
	}
}

// TestKeysetNewRowsShiftNothing: a customer who signs up while an admin
// walks the list neither pushes a customer onto the next page again nor
// hides one, as an offset would.
func TestKeysetNewRowsShiftNothing(t *testing.T) {
	t.Parallel()
	pool, svc := keysetShop(t)
	ctx := context.Background()
	l := keysetLists[0]
	first, next, _, err := l.page(ctx, svc, "", 10)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO customers (name, active) VALUES ('Nueva', true)`); err != nil {
		t.Fatal(err)
	}
	second, _, prev, err := l.page(ctx, svc, next, 10)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(second, first[len(first)-1]) || len(second) != 10 {
		t.Errorf("page 2 after a sign-up: %v (page 1 ended at %d)", second, first[len(first)-1])
	}
	// Back from page 2 is the page 1 seen, with the newcomer before it.
	back, _, newer, err := l.page(ctx, svc, prev, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back, first) || newer == "" {
		t.Errorf("back to page 1: %v, previous %q; want %v and the newcomer's page", back, newer, first)
	}
}

// TestKeysetBadToken: a page_token the list did not give (not base64, not
// a cursor, another list's kind of key, an id that cannot be) is
// InvalidArgument naming page_token, the one error the screens translate.
func TestKeysetBadToken(t *testing.T) {
	t.Parallel()
	_, svc := keysetShop(t)
	ctx := context.Background()
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	for _, l := range keysetLists {
		for _, bad := range []string{
			"not a token!",
			enc("[1,2]"),
			enc(`{"t":1767225600000000}`),
			enc(`{"t":1767225600000000,"k":"<abc@sabores.es>"}`),
			enc(`{"t":1767225600000000,"k":"-4","b":true}`),
			enc(`{"t":1767225600000000,"k":"99999999999999999999"}`),
		} {
			_, _, _, err := l.page(ctx, svc, bad, 10)
			var cerr *connect.Error
			if !errors.As(apperr.ToConnect(ctx, "test", err), &cerr) || cerr.Code() != connect.CodeInvalidArgument || !strings.HasPrefix(cerr.Message(), "page_token: ") {
				t.Errorf("%s with token %q: %v; want InvalidArgument on page_token", l.name, bad, err)
			}
		}
	}
}
