// Package csvcell keeps text written to a CSV file from being read as a
// formula by a spreadsheet (CSV injection), and reads such text back.
package csvcell

import "strings"

// triggers are the first characters that make a spreadsheet evaluate a
// cell: =, +, - and @ start a formula; a tab or a carriage return before
// one hides it from a reader's eye.
const triggers = "=+-@\t\r"

// risky reports whether s, past any quotes it starts with, starts with a
// trigger: text Guard quotes, and text that already looks guarded, so
// that Unguard can tell the two apart.
func risky(s string) bool {
	s = strings.TrimLeft(s, "'")
	return s != "" && strings.ContainsRune(triggers, rune(s[0]))
}

// Guard puts a quote in front of s when it starts with a trigger (or with
// quotes and then a trigger), so a spreadsheet shows it as text.
func Guard(s string) string {
	if risky(s) {
		return "'" + s
	}
	return s
}

// Unguard undoes Guard, so a file exported and imported again reads back
// as it was; text Guard leaves alone comes back unchanged.
func Unguard(s string) string {
	if strings.HasPrefix(s, "'") && risky(s) {
		return s[1:]
	}
	return s
}
