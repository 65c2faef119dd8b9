package admin_test

import (
	"strings"
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

// FuzzLikeEscape: the escaped filter has no live LIKE wildcard.
func FuzzLikeEscape(f *testing.F) {
	for _, s := range []string{"", " 50% ", "a_b", `\`, "%", "\xff", "' OR 1=1 --"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := admin.LikeEscape(s)
		for i := 0; i < len(p); i++ {
			switch p[i] {
			case '\\':
				if i+1 == len(p) {
					t.Fatalf("LikeEscape(%q) = %q ends with a lone escape", s, p)
				}
				i++
			case '%', '_':
				t.Fatalf("LikeEscape(%q) = %q leaves a wildcard", s, p)
			}
		}
		if strings.TrimSpace(s) == "" && p != "" {
			t.Fatalf("LikeEscape(%q) = %q, want empty", s, p)
		}
	})
}
