package admin_test

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/admin"
)

// FuzzPage: any page and size give a limit within 1..max and an offset
// that is not negative (an overflowed offset would reach PostgreSQL as an
// error, which the client would see as Internal).
func FuzzPage(f *testing.F) {
	for _, p := range [][2]int32{{0, 0}, {1, 100}, {-5, -5}, {100000, 100}, {2147483647, 100}, {-2147483648, 2147483647}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, page, size int32) {
		limit, offset := admin.Page(page, size, 10, 100)
		if limit < 1 || limit > 100 || offset < 0 {
			t.Fatalf("Page(%d, %d) = limit %d, offset %d", page, size, limit, offset)
		}
	})
}
