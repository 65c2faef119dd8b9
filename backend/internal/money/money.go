// Package money writes euro cents as text for people (e-mails, invoices,
// tickets, labels, order notes) exactly as the web app's formatPrice
// (frontend/src/lib/format-price.ts) and so Intl.NumberFormat's es-ES and
// pt-PT currency format: one amount reads the same on the site, in the
// e-mail and on the invoice. money_test.go and format-price.test.ts check
// one table of cases (frontend/src/lib/money-cases.json) so the two cannot
// drift apart.
package money

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
)

// style is one language's separators (CLDR).
type style struct{ group string }

var styles = map[string]style{
	"es": {group: "."},
	"pt": {group: "\u00a0"},
}

// Format writes cents in lang's currency format ("es" or "pt"; anything
// else is written as Spanish, the shop's language): "8,50 €", "1234,50 €",
// "12.345,67 €" (es) or "12 345,67 €" (pt, a no-break space), "-0,05 €".
// Both languages group thousands only from five integer digits (CLDR's
// minimumGroupingDigits 2) and keep a no-break space before the sign, so a
// total never wraps between the amount and "€".
func Format(cents int64, lang string) string {
	s, ok := styles[lang]
	if !ok {
		s = styles["es"]
	}
	sign := ""
	abs := uint64(cents)
	if cents < 0 {
		sign, abs = "-", uint64(-(cents+1))+1
	}
	whole := strconv.FormatUint(abs/100, 10)
	var b strings.Builder
	b.WriteString(sign)
	for i, r := range whole {
		if len(whole) >= 5 && i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(s.group)
		}
		b.WriteRune(r)
	}
	frac := abs % 100
	b.WriteByte(',')
	b.WriteByte(byte('0' + frac/10))
	b.WriteByte(byte('0' + frac%10))
	b.WriteString("\u00a0€")
	return b.String()
}

// Parse reads an amount in euros as people write it into cents: what
// Format writes in either language ("12.345,67 €", "12 345,67 €"), and what
// is typed or sent in a carrier's file ("12,34", "12.34", "1.234,50", "12").
// Of a comma and a dot, the last is the decimal separator when at most two
// digits follow it; any other is a thousands separator, as are spaces. The
// amount is never negative.
func Parse(s string) (int64, error) {
	s = strings.TrimSuffix(strings.TrimSpace(s), "€")
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	if s == "" {
		return 0, errors.New("is empty")
	}
	whole, frac := s, ""
	if i := strings.LastIndexAny(s, ",."); i >= 0 && len(s)-i-1 <= 2 {
		whole, frac = s[:i], s[i+1:]
	}
	whole = strings.NewReplacer(".", "", ",", "").Replace(whole)
	if whole == "" {
		whole = "0"
	}
	for len(frac) < 2 {
		frac += "0"
	}
	// Ten digits bound the figure before converting it: no input overflows.
	if len(whole) > 10 {
		return 0, errors.New("is too large")
	}
	w, err := strconv.ParseUint(whole, 10, 64)
	if err != nil {
		return 0, errors.New("is not an amount in euros")
	}
	f, err := strconv.ParseUint(frac, 10, 64)
	if err != nil {
		return 0, errors.New("is not an amount in euros")
	}
	return int64(w*100 + f), nil //nolint:gosec // at most 10 digits
}
