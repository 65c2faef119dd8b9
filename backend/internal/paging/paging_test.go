package paging_test

import (
	"math"
	"testing"

	"github.com/sabores/sabores/backend/internal/fault"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/paging"
)

var sizes = paging.Sizes{Default: 20, Max: 100}

func TestPage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		page, size int32
		sizes      paging.Sizes
		want       paging.Window
		badField   string
	}{
		{name: "unset is the first page at the default size", want: paging.Window{Page: 1, Size: 20, Offset: 0}},
		{name: "page 1", page: 1, size: 10, want: paging.Window{Page: 1, Size: 10, Offset: 0}},
		{name: "page 3", page: 3, size: 10, want: paging.Window{Page: 3, Size: 10, Offset: 20}},
		{name: "default size on page 2", page: 2, want: paging.Window{Page: 2, Size: 20, Offset: 20}},
		{name: "size 1", page: 5, size: 1, want: paging.Window{Page: 5, Size: 1, Offset: 4}},
		{name: "size at the maximum", page: 2, size: 100, want: paging.Window{Page: 2, Size: 100, Offset: 100}},
		{name: "size above the maximum is lowered", page: 2, size: 101, want: paging.Window{Page: 2, Size: 100, Offset: 100}},
		{name: "huge size is lowered", size: math.MaxInt32, want: paging.Window{Page: 1, Size: 100, Offset: 0}},
		{name: "last page allowed", page: paging.MaxPage, size: 100, want: paging.Window{Page: 100000, Size: 100, Offset: 9999900}},
		{name: "another list's sizes", page: 2, sizes: paging.Sizes{Default: 50, Max: 100}, want: paging.Window{Page: 2, Size: 50, Offset: 50}},
		{
			name: "a huge maximum cannot overflow the offset", page: paging.MaxPage, size: math.MaxInt32,
			sizes: paging.Sizes{Default: 1, Max: math.MaxInt32}, want: paging.Window{Page: 100000, Size: math.MaxInt32, Offset: math.MaxInt32},
		},
		{name: "negative page", page: -1, badField: "page"},
		{name: "most negative page", page: math.MinInt32, badField: "page"},
		{name: "page past the last", page: paging.MaxPage + 1, badField: "page"},
		{name: "largest page", page: math.MaxInt32, badField: "page"},
		{name: "negative size", size: -1, badField: "page_size"},
		{name: "negative size on a good page", page: 2, size: math.MinInt32, badField: "page_size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := tt.sizes
			if s == (paging.Sizes{}) {
				s = sizes
			}
			got, err := paging.Page(tt.page, tt.size, s)
			if tt.badField != "" {
				f, ok := fault.As(err)
				if !ok || f.Kind != fault.Invalid || f.Field != tt.badField {
					t.Fatalf("Page(%d, %d) = %+v, %v; want InvalidArgument naming %s", tt.page, tt.size, got, err, tt.badField)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("Page(%d, %d, %+v) = %+v, %v; want %+v", tt.page, tt.size, s, got, err, tt.want)
			}
		})
	}
}

// FuzzPage: any page and size give either InvalidArgument or a window of
// 1..Max rows at a non-negative offset that is (page-1)×size (an
// overflowed offset would reach PostgreSQL as an error, which the client
// would see as Internal).
func FuzzPage(f *testing.F) {
	for _, p := range [][2]int32{{0, 0}, {1, 100}, {-5, -5}, {100000, 100}, {100001, 1}, {math.MaxInt32, 100}, {math.MinInt32, math.MaxInt32}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, page, size int32) {
		w, err := paging.Page(page, size, sizes)
		valid := page >= 0 && page <= paging.MaxPage && size >= 0
		if err != nil {
			if valid || connecttest.Code(err) != connect.CodeInvalidArgument {
				t.Fatalf("Page(%d, %d): %v", page, size, err)
			}
			return
		}
		if !valid {
			t.Fatalf("Page(%d, %d) accepted out-of-range values: %+v", page, size, w)
		}
		if w.Page < 1 || w.Size < 1 || w.Size > sizes.Max || w.Offset < 0 || int64(w.Offset) != int64(w.Page-1)*int64(w.Size) {
			t.Fatalf("Page(%d, %d) = %+v", page, size, w)
		}
	})
}
