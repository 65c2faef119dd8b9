// Package paging is the one rule for the page number and page size of every
// list RPC, the rule the contract declares for each of them (protovalidate
// annotations and field comments in proto/sabores/v1): page is 1-based, 0
// meaning 1, at most MaxPage; page_size 0 means the list's default, and a
// size above its maximum is lowered to the maximum; anything else is
// InvalidArgument. The validation interceptor refuses out-of-range values
// before a handler runs; handlers still go through Page, which holds the
// rule when they are called directly and turns a request into LIMIT and
// OFFSET in one place.
package paging

import (
	"fmt"
	"math"

	"github.com/sabores/sabores/backend/internal/fault"
)

// MaxPage is the highest page number a request may ask for (`lte: 100000`
// on every list request's page).
const MaxPage = 100000

// Sizes are a list's page sizes: Default is served for page_size 0, and
// larger requests than Max are lowered to it. Both are positive.
type Sizes struct {
	Default int32
	Max     int32
}

// Window is one page of a list as served.
type Window struct {
	// Page is the 1-based page number served.
	Page int32
	// Size is the page size served: the LIMIT.
	Size int32
	// Offset is the number of rows before the page: the OFFSET.
	Offset int32
}

// Page applies the paging rule to a request's page and page_size.
func Page(page, size int32, sizes Sizes) (Window, error) {
	switch {
	case page < 0 || page > MaxPage:
		return Window{}, fault.InvalidField("page", fmt.Sprintf("must be between 0 and %d (0 is the first page)", MaxPage))
	case size < 0:
		return Window{}, fault.InvalidField("page_size", "must not be negative (0 is the default size)")
	}
	if page == 0 {
		page = 1
	}
	if size == 0 {
		size = sizes.Default
	}
	size = min(size, sizes.Max)
	// In 64 bits, then capped: with a large maximum size the last pages must
	// read as "past the end", not overflow into a negative OFFSET.
	offset := int32(min(int64(page-1)*int64(size), math.MaxInt32))
	return Window{Page: page, Size: size, Offset: offset}, nil
}
