package gtin

import (
	"errors"
	"testing"
)

// withCheck completes a twelve-digit payload with its check digit.
func withCheck(payload string) string { return payload + string(CheckDigit(payload)) }

func TestParseMeasure(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, code string
		layout     Layout
		want       Measure
		err        error
	}{
		{"weight: 1.235 kg of item 00042 under 21", withCheck("210004201235"), SpanishScales, Measure{Item: "2100042", Kind: Weight, Value: 1235}, nil},
		{"weight: 250 g under 20", withCheck("200123400250"), SpanishScales, Measure{Item: "2001234", Kind: Weight, Value: 250}, nil},
		{"price: 7.45 € under 25", withCheck("250004200745"), SpanishScales, Measure{Item: "2500042", Kind: Price, Value: 745}, nil},
		{"price: 999.99 € under 29", withCheck("299999999999"), SpanishScales, Measure{Item: "2999999", Kind: Price, Value: 99999}, nil},
		{"a shop whose 21 is priced", withCheck("210004200745"), Layout{1: Price}, Measure{Item: "2100042", Kind: Price, Value: 745}, nil},
		{"a prefix the shop does not use", withCheck("230004200745"), Layout{1: Price}, Measure{}, ErrNotMeasure},
		{"a product's own EAN-13", "8410076472885", SpanishScales, Measure{}, ErrNotMeasure},
		{"an EAN-8 starting with 2", withCheck("2000001"), SpanishScales, Measure{}, ErrNotMeasure},
		{"zero weight", withCheck("210004200000"), SpanishScales, Measure{}, ErrNotMeasure},
		{"bad check digit", "2100042012350", SpanishScales, Measure{}, ErrCheckDigit},
		{"value digit misread", "2100042012365", SpanishScales, Measure{}, ErrCheckDigit},
		{"too short", "21000420123", SpanishScales, Measure{}, ErrLength},
		{"a letter", "21000420123X5", SpanishScales, Measure{}, ErrDigits},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseMeasure(tc.code, tc.layout)
			if !errors.Is(err, tc.err) {
				t.Fatalf("ParseMeasure(%q) error = %v, want %v", tc.code, err, tc.err)
			}
			if got != tc.want {
				t.Errorf("ParseMeasure(%q) = %+v, want %+v", tc.code, got, tc.want)
			}
		})
	}
}

func TestItemGTIN(t *testing.T) {
	t.Parallel()
	m := Measure{Item: "2100042", Kind: Weight, Value: 1235}
	got := m.ItemGTIN()
	if got != withCheck("210004200000") {
		t.Errorf("ItemGTIN() = %q", got)
	}
	if err := Check(got); err != nil {
		t.Errorf("ItemGTIN() %q is no GTIN: %v", got, err)
	}
}

func TestItemKind(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, ean string
		layout    Layout
		want      Kind
	}{
		{"cheese kept under a weight prefix", withCheck("210004200000"), SpanishScales, Weight},
		{"pack kept under a price prefix", withCheck("250004200000"), SpanishScales, Price},
		{"a shop whose 21 is priced", withCheck("210004200000"), Layout{1: Price}, Price},
		{"a prefix the shop does not use", withCheck("230004200000"), Layout{1: Price}, 0},
		{"a label with its weight is no catalogue barcode", withCheck("210004201235"), SpanishScales, 0},
		{"a product's own EAN-13", "8410076472885", SpanishScales, 0},
		{"bad check digit", "210004200000" + string('0'+(CheckDigit("210004200000")-'0'+1)%10), SpanishScales, 0},
		{"no barcode", "", SpanishScales, 0},
	} {
		if got := tc.layout.ItemKind(tc.ean); got != tc.want {
			t.Errorf("%s: ItemKind(%q) = %v, want %v", tc.name, tc.ean, got, tc.want)
		}
	}
}
