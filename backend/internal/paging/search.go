package paging

import "strings"

// likeEscaper escapes LIKE's wildcards and its escape character.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// EscapeLike escapes LIKE's wildcards so a shopper typing "50%" or "_"
// searches for those characters instead of matching everything.
func EscapeLike(s string) string {
	return likeEscaper.Replace(s)
}
