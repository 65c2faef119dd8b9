// Package gtin checks product barcodes: EAN-8, UPC-A (12 digits), EAN-13
// and GTIN-14, which all end in the same GS1 mod-10 check digit. A plain
// function, table-tested; the back office refuses a barcode that fails it,
// as a till's scanner would.
package gtin

import "errors"

// Errors Check returns; the back office maps them to field errors.
var (
	// ErrLength is a barcode that is not 8, 12, 13 or 14 digits long.
	ErrLength = errors.New("a barcode has 8, 12, 13 or 14 digits")
	// ErrDigits is a barcode with something other than digits.
	ErrDigits = errors.New("a barcode has only digits")
	// ErrCheckDigit is a barcode whose last digit does not match the others.
	ErrCheckDigit = errors.New("the barcode's check digit is wrong")
)

// Check reports whether code is a well-formed GTIN: 8, 12, 13 or 14
// digits whose last is the GS1 check digit of the others.
func Check(code string) error {
	switch len(code) {
	case 8, 12, 13, 14:
	default:
		return ErrLength
	}
	for i := range len(code) {
		if code[i] < '0' || code[i] > '9' {
			return ErrDigits
		}
	}
	last := len(code) - 1
	if CheckDigit(code[:last]) != code[last] {
		return ErrCheckDigit
	}
	return nil
}

// CheckDigit is the GS1 check digit of payload (a GTIN without its last
// digit), as an ASCII digit: weights 3 and 1 alternate from the right, and
// the digit brings the sum to a multiple of 10. payload must be digits.
func CheckDigit(payload string) byte {
	sum := 0
	for i := range len(payload) {
		d := int(payload[len(payload)-1-i] - '0')
		if i%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return byte('0' + (10-sum%10)%10)
}
