package catalogue

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/shipping"
)

// Limits of the edit dialog's fields.
const (
	// MaxPriceCents is the highest price the back office accepts, one million
	// euros: far above any product, low enough that no sum can overflow.
	MaxPriceCents = 100_000_000
	// MaxVATBasisPoints is 100 %.
	MaxVATBasisPoints = 10_000
)

// maxWholeDigits bounds the integer part before converting it, so no input
// can overflow int64.
const maxWholeDigits = 12

// ParsePriceCents reads a price in euros as typed in the edit dialog, with a
// comma or a dot as decimal separator ("8,50", "8.50", "8", "8,5 €"), into
// cents. It must be at least 0, at most MaxPriceCents, with at most two
// decimals.
func ParsePriceCents(s string) (int64, error) {
	hundredths, err := parseHundredths(strings.TrimSuffix(strings.TrimSpace(s), "€"))
	if err != nil {
		return 0, err
	}
	if hundredths > MaxPriceCents {
		return 0, errors.New("must be at most 1000000")
	}
	return hundredths, nil
}

// ParseWeightGrams reads a packed product's weight in whole grams as typed
// ("750", "750 g"); "" is unknown (nil). It must be 1 to shipping.MaxWeightGrams.
func ParseWeightGrams(s string) (*int32, error) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "g"))
	if s == "" {
		return nil, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > shipping.MaxWeightGrams {
		return nil, fmt.Errorf("must be whole grams from 1 to %d", shipping.MaxWeightGrams)
	}
	grams := int32(n)
	return &grams, nil
}

// ParseVATBasisPoints reads a VAT rate in percent as typed ("21", "5,5",
// "10.25 %") into basis points (2100 = 21 %): 0 to 100, at most two decimals.
func ParseVATBasisPoints(s string) (int32, error) {
	hundredths, err := parseHundredths(strings.TrimSuffix(strings.TrimSpace(s), "%"))
	if err != nil {
		return 0, err
	}
	if hundredths > MaxVATBasisPoints {
		return 0, errors.New("must be between 0 and 100")
	}
	return int32(hundredths), nil
}

// parseHundredths reads a non-negative decimal with at most two decimals and
// one comma or dot as separator, and returns it times 100.
func parseHundredths(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errors.New("is required")
	}
	if s[0] == '-' {
		return 0, errors.New("must be at least 0")
	}
	whole, frac, hasSep := s, "", false
	if i := strings.IndexAny(s, ",."); i >= 0 {
		whole, frac, hasSep = s[:i], s[i+1:], true
	}
	if !digits(whole) || !digits(frac) {
		if hasSep && strings.ContainsAny(frac, ",.") {
			return 0, errors.New("use one comma or dot for decimals, without thousands separators")
		}
		return 0, errors.New("is not a number")
	}
	if whole == "" && frac == "" {
		return 0, errors.New("is not a number")
	}
	if len(frac) > 2 {
		return 0, errors.New("must have at most two decimals")
	}
	whole = strings.TrimLeft(whole, "0")
	if len(whole) > maxWholeDigits {
		return 0, errors.New("is too large")
	}
	var n int64
	for _, c := range whole + (frac + "00")[:2] {
		n = n*10 + int64(c-'0')
	}
	return n, nil
}

// digits reports whether s is only ASCII digits (true when empty).
func digits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
