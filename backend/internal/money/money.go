// Package money writes euro cents as text for people (e-mails, invoices,
// tickets, labels, order notes) exactly as the web app's formatPrice
// (frontend/src/lib/format-price.ts) and so Intl.NumberFormat's es-ES and
// pt-PT currency format: one amount reads the same on the site, in the
// e-mail and on the invoice. money_test.go and format-price.test.ts check
// one table of cases (frontend/src/lib/money-cases.json) so the two cannot
// drift apart.
package money

import (
	"strconv"
	"strings"
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
