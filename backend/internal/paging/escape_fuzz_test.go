package paging

import (
	"strings"
	"testing"
)

// unescapeLike undoes EscapeLike as PostgreSQL's LIKE reads its pattern
// with the default escape character, reporting a wildcard left unescaped.
func unescapeLike(p string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			if i+1 == len(p) {
				return "", false
			}
			i++
			b.WriteByte(p[i])
		case '%', '_':
			return "", false
		default:
			b.WriteByte(p[i])
		}
	}
	return b.String(), true
}

// FuzzEscapeLike: whatever a shopper types, the escaped pattern has no live
// wildcard and LIKE reads it back as exactly what was typed.
func FuzzEscapeLike(f *testing.F) {
	for _, s := range []string{"", " 50% ", "50%", "a_b", `\`, `\%`, `%_\`, "pão de queijo", "\xff\xfe", "' OR 1=1 --"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := unescapeLike(EscapeLike(s))
		if !ok || got != s {
			t.Errorf("EscapeLike(%q) = %q, reads back as %q (ok %v)", s, EscapeLike(s), got, ok)
		}
	})
}
