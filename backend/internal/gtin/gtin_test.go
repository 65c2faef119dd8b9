package gtin

import (
	"errors"
	"testing"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, code string
		want       error
	}{
		{"EAN-13 of a real jar", "4006381333931", nil},
		{"EAN-13 Spanish prefix", "8410076472885", nil},
		{"EAN-8", "73513537", nil},
		{"EAN-8 of Wikipedia's example", "96385074", nil},
		{"UPC-A", "036000291452", nil},
		{"GTIN-14", "10012345678902", nil},
		{"all zeros is well formed", "0000000000000", nil},
		{"EAN-13 wrong check digit", "4006381333932", ErrCheckDigit},
		{"two digits swapped", "4006381339331", ErrCheckDigit},
		{"UPC-A wrong check digit", "036000291453", ErrCheckDigit},
		{"EAN-8 wrong check digit", "73513538", ErrCheckDigit},
		{"empty", "", ErrLength},
		{"too short", "1234567", ErrLength},
		{"eleven digits", "12345678901", ErrLength},
		{"too long", "123456789012345", ErrLength},
		{"a letter", "40063813339X1", ErrDigits},
		{"a space", "4006381 33931", ErrDigits},
		{"non-ASCII digit", "400638133393١", ErrDigits},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := Check(tc.code); !errors.Is(got, tc.want) {
				t.Errorf("Check(%q) = %v, want %v", tc.code, got, tc.want)
			}
		})
	}
}

func TestCheckDigit(t *testing.T) {
	t.Parallel()
	for payload, want := range map[string]byte{
		"400638133393":  '1',
		"7351353":       '7',
		"03600029145":   '2',
		"1001234567890": '2',
		"":              '0',
	} {
		if got := CheckDigit(payload); got != want {
			t.Errorf("CheckDigit(%q) = %c, want %c", payload, got, want)
		}
	}
}
