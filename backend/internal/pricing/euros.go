package pricing

import (
	"fmt"
	"strconv"
	"strings"
)

// Euros writes cents as Spain and Portugal write money, for people to read
// (e-mails, order notes, the payment page): "1.234,50 €", "-12,34 €".
func Euros(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	whole := strconv.FormatInt(cents/100, 10)
	var grouped strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			grouped.WriteByte('.')
		}
		grouped.WriteRune(r)
	}
	return fmt.Sprintf("%s%s,%02d €", sign, grouped.String(), cents%100)
}
