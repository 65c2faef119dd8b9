package admintest

import (
	"context"
	"encoding/base64"
	"errors"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// KeysetList is one of the back-office lists paged both ways by token.
type KeysetList struct {
	Name string
	// Order is the list's rows' ids in the order it shows them, as SQL.
	Order string
	// Page asks the page at token of size rows: its ids and its
	// neighbours' tokens.
	Page func(ctx context.Context, token string, size int32) (ids []int64, next, prev string, err error)
}

// KeysetShop holds 47 active customers and 47 audit events, in runs that
// share a creation time (the id breaks the tie), and inactive customers
// between them that the customer list skips.
func KeysetShop(t *testing.T) *pgxpool.Pool {
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
	return pool
}

// CheckKeysetWalk checks, for every page size, that following
// next_page_token from the first page returns each of the list's 47 rows
// of pool exactly once in its order, the last page with no next token, and
// following previous_page_token back from the last page returns them all
// again, the first page with no previous token.
func CheckKeysetWalk(t *testing.T, pool *pgxpool.Pool, l KeysetList) {
	t.Helper()
	ctx := context.Background()
	for _, size := range []int32{1, 10, 47, 100} {
		rows, err := pool.Query(ctx, l.Order)
		if err != nil {
			t.Fatal(err)
		}
		want, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			t.Fatal(err)
		}
		if len(want) != 47 {
			t.Fatalf("%s: the shop has %d rows, want 47", l.Name, len(want))
		}
		var forward, pages [][]int64
		token, last := "", ""
		for range len(want) + 1 {
			ids, next, prev, err := l.Page(ctx, token, size)
			if err != nil {
				t.Fatalf("%s size %d: %v", l.Name, size, err)
			}
			if (token == "") != (prev == "") {
				t.Fatalf("%s size %d: page after %q has previous token %q", l.Name, size, token, prev)
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
			t.Errorf("%s size %d forward:\n got %v\nwant %v", l.Name, size, got, want)
		}
		// Back from the last page: each previous page is the page seen
		// before it on the way forward.
		token = last
		for i := len(pages) - 1; i >= 0; i-- {
			ids, next, prev, err := l.Page(ctx, token, size)
			if err != nil {
				t.Fatalf("%s size %d back: %v", l.Name, size, err)
			}
			if !slices.Equal(ids, pages[i]) {
				t.Fatalf("%s size %d back at page %d: got %v, want %v", l.Name, size, i+1, ids, pages[i])
			}
			if (i == len(pages)-1) != (next == "") || (i == 0) != (prev == "") {
				t.Fatalf("%s size %d back at page %d: next %q, previous %q", l.Name, size, i+1, next, prev)
			}
			token = prev
		}
	}
}

// CheckKeysetBadToken checks that a page_token the list did not give (not
// base64, not a cursor, another list's kind of key, an id that cannot be)
// is InvalidArgument naming page_token, the one error the screens
// translate.
func CheckKeysetBadToken(t *testing.T, l KeysetList) {
	t.Helper()
	ctx := context.Background()
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	for _, bad := range []string{
		"not a token!",
		enc("[1,2]"),
		enc(`{"t":1767225600000000}`),
		enc(`{"t":1767225600000000,"k":"<abc@sabores.es>"}`),
		enc(`{"t":1767225600000000,"k":"-4","b":true}`),
		enc(`{"t":1767225600000000,"k":"99999999999999999999"}`),
	} {
		_, _, _, err := l.Page(ctx, bad, 10)
		var cerr *connect.Error
		if !errors.As(apperr.ToConnect(ctx, "test", err), &cerr) || cerr.Code() != connect.CodeInvalidArgument || !strings.HasPrefix(cerr.Message(), "page_token: ") {
			t.Errorf("%s with token %q: %v; want InvalidArgument on page_token", l.Name, bad, err)
		}
	}
}
