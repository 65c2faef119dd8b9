// Package taxid holds the rules of Spanish tax identification numbers (NIF,
// NIE, CIF) as plain functions: the shop's own NIF in its settings and a
// buyer's on a complete invoice are checked by the same rule.
package taxid

import (
	"strings"
)

// Kind is which kind of Spanish tax identification number a string is.
type Kind int

// The kinds of tax id a buyer may give for a complete invoice.
const (
	// Invalid is no valid NIF, NIE or CIF.
	Invalid Kind = iota
	// NIF is a person's DNI-based NIF (8 digits and a letter), or a K/L/M NIF.
	NIF
	// NIE is a foreigner's identity number (X, Y or Z, 7 digits, a letter).
	NIE
	// CIF is a legal entity's tax id (a letter, 7 digits, a control character).
	CIF
)

// dniLetters maps the number modulo 23 to the control letter.
const dniLetters = "TRWAGMYFPDXBNJZSQVHLCKE"

// cifLetters maps the CIF control digit to its letter form.
const cifLetters = "JABCDEFGHI"

// Normalize uppercases a tax id and drops the spaces, dots and dashes
// people type inside it.
func Normalize(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '.':
			return -1
		}
		if r >= 'a' && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// Classify says whether id (normalized) is a valid NIF, NIE or CIF,
// checking its control letter or digit.
func Classify(id string) Kind {
	if len(id) != 9 {
		return Invalid
	}
	first, body, last := id[0], id[1:8], id[8]
	if !allDigits(body) {
		return Invalid
	}
	switch {
	case isDigit(first):
		if dniControl(id[:8]) == last {
			return NIF
		}
	case first == 'X' || first == 'Y' || first == 'Z':
		if dniControl(string(rune('0'+strings.IndexByte("XYZ", first)))+body) == last {
			return NIE
		}
	case first == 'K' || first == 'L' || first == 'M':
		if dniControl(body) == last {
			return NIF
		}
	case strings.IndexByte("ABCDEFGHJNPQRSUVW", first) >= 0:
		if cifControlOK(first, body, last) {
			return CIF
		}
	}
	return Invalid
}

// dniControl is the control letter of a string of digits.
func dniControl(digits string) byte {
	n := 0
	for i := range len(digits) {
		n = (n*10 + int(digits[i]-'0')) % 23
	}
	return dniLetters[n]
}

// cifControlOK checks a CIF's last character: the digits in odd positions
// are doubled (their digits summed), the even ones added, and the control
// is 10 minus the last digit of the sum. Entities whose CIF starts with
// P, Q, R, S, N or W carry it as a letter, A, B, E and H as a digit, the
// others either way.
func cifControlOK(first byte, body string, last byte) bool {
	sum := 0
	for i := range len(body) {
		d := int(body[i] - '0')
		if i%2 == 0 {
			d *= 2
			d = d/10 + d%10
		}
		sum += d
	}
	control := (10 - sum%10) % 10
	digit, letter := byte('0'+control), cifLetters[control]
	switch {
	case strings.IndexByte("PQRSNW", first) >= 0:
		return last == letter
	case strings.IndexByte("ABEH", first) >= 0:
		return last == digit
	default:
		return last == digit || last == letter
	}
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

func allDigits(s string) bool {
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}
