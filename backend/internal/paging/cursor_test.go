package paging_test

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/paging"
)

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// row is a list row: its sort key is (t0 + id seconds, id).
type row int64

func key(r row) (time.Time, int64) { return t0.Add(time.Duration(r) * time.Second), int64(r) }

func token(r row, backward bool) string {
	at, id := key(r)
	return paging.Cursor{Time: at, Key: strconv.FormatInt(id, 10), Backward: backward}.Token()
}

// TestCut: the extra row read lies beyond the page in the direction read
// and says there is a page there; coming from a page means it is there to
// go back to.
func TestCut(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		token      string
		rows       []row // as read, in list order (newest first)
		want       []row
		next, prev string
	}{
		{name: "first page, more", rows: []row{50, 49, 48}, want: []row{50, 49}, next: token(49, false)},
		{name: "first page, all", rows: []row{50, 49}, want: []row{50, 49}},
		{name: "empty list", rows: nil, want: nil},
		{name: "middle page forward", token: token(51, false), rows: []row{50, 49, 48}, want: []row{50, 49}, next: token(49, false), prev: token(50, true)},
		{name: "last page forward", token: token(51, false), rows: []row{50}, want: []row{50}, prev: token(50, true)},
		{name: "middle page back", token: token(48, true), rows: []row{51, 50, 49}, want: []row{50, 49}, next: token(49, false), prev: token(50, true)},
		{name: "first page back", token: token(48, true), rows: []row{50, 49}, want: []row{50, 49}, next: token(49, false)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			k, err := paging.ParseKeyset(tt.token, 2, paging.Sizes{Default: 10, Max: 100})
			if err != nil {
				t.Fatal(err)
			}
			if k.Limit != 3 {
				t.Fatalf("Limit %d, want one more than the page", k.Limit)
			}
			p := paging.Cut(k, tt.rows, key)
			if !slices.Equal(p.Rows, tt.want) || p.Next != tt.next || p.Previous != tt.prev {
				t.Errorf("Cut = %v next %q previous %q; want %v next %q previous %q", p.Rows, p.Next, p.Previous, tt.want, tt.next, tt.prev)
			}
		})
	}
}

// TestParseKeyset: a token carries its row's time to the microsecond and
// its direction; anything else is InvalidArgument.
func TestParseKeyset(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 4, 5, 6, 7, 891234000, time.UTC)
	k, err := paging.ParseKeyset(paging.Cursor{Time: at, Key: "42", Backward: true}.Token(), 0, paging.Sizes{Default: 10, Max: 100})
	if err != nil || k.At == nil || !k.At.Equal(at) || *k.AtID != 42 || !k.Backward || k.Size != 10 {
		t.Fatalf("ParseKeyset = %+v, %v", k, err)
	}
	for _, bad := range []string{"%%", paging.Cursor{Time: at, Key: "x"}.Token(), paging.Cursor{Time: at, Key: "0"}.Token()} {
		if _, err := paging.ParseKeyset(bad, 0, paging.Sizes{Default: 10, Max: 100}); connecttest.Code(err) != connect.CodeInvalidArgument {
			t.Errorf("ParseKeyset(%q) = %v, want InvalidArgument", bad, err)
		}
	}
}

// TestParseTokenForwardOnly: a list paged forward only refuses a token
// asking for a previous page, which it never gives.
func TestParseTokenForwardOnly(t *testing.T) {
	t.Parallel()
	c := paging.Cursor{Time: t0, Key: "7"}
	if got, ok, err := paging.ParseToken("page_token", c.Token()); err != nil || !ok || got.Key != "7" || !got.Time.Equal(t0) {
		t.Errorf("ParseToken(next) = %+v, %v, %v", got, ok, err)
	}
	sizes := paging.Sizes{Default: 10, Max: 100}
	if k, err := paging.ParseForwardKeyset(c.Token(), 0, sizes); err != nil || *k.AtID != 7 || !k.At.Equal(t0) || k.Limit != 11 {
		t.Errorf("ParseForwardKeyset(next) = %+v, %v", k, err)
	}
	c.Backward = true
	if _, _, err := paging.ParseToken("page_token", c.Token()); connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("ParseToken(previous) = %v, want InvalidArgument", err)
	}
	if _, err := paging.ParseForwardKeyset(c.Token(), 0, sizes); connecttest.Code(err) != connect.CodeInvalidArgument {
		t.Errorf("ParseForwardKeyset(previous) = %v, want InvalidArgument", err)
	}
}
