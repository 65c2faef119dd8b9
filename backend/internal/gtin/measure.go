package gtin

import (
	"errors"
	"fmt"
)

// ErrNotMeasure is a barcode that is not a variable-measure EAN-13: its
// number is the product's own GTIN, to be looked up as it is.
var ErrNotMeasure = errors.New("not a variable-measure barcode")

// Kind is what the five value digits of a variable-measure EAN-13 count.
type Kind int

// The kinds a shop scale prints.
const (
	// Weight is grams (up to 99.999 kg).
	Weight Kind = iota + 1
	// Price is euro cents (up to 999.99 €), VAT included.
	Price
)

// String names the kind for logs and tests.
func (k Kind) String() string {
	switch k {
	case Weight:
		return "weight"
	case Price:
		return "price"
	default:
		return "none"
	}
}

// Layout says, for each prefix 20–29 (indexed by its second digit), what
// the value digits count. GS1 leaves prefixes 20–29 to each shop, so the
// shop's scales decide: the layout is the shop's setting, not a standard.
type Layout [10]Kind

// SpanishScales is the layout Spanish shop scales print by default:
// "2P IIIII VVVVV C", prefixes 20–24 for weighed items (grams) and 25–29
// for priced ones (cents).
var SpanishScales = Layout{Weight, Weight, Weight, Weight, Weight, Price, Price, Price, Price, Price}

// Measure is what a variable-measure EAN-13 says: which item (the shop's
// own five-digit code under its prefix, e.g. "2100042") and how much of it.
type Measure struct {
	// Item is the prefix and the item's code: the first seven digits, what
	// the catalogue stores as the product's barcode with the rest zeroed.
	Item string
	// Kind is what Value counts.
	Kind Kind
	// Value is grams for Weight, cents for Price.
	Value int64
}

// ItemGTIN is the barcode the catalogue keeps for a variable-measure item:
// its seven first digits, five zeros and the check digit, as scales'
// software exports it.
func (m Measure) ItemGTIN() string {
	payload := m.Item + "00000"
	return payload + string(CheckDigit(payload))
}

// ParseMeasure reads a variable-measure EAN-13 (prefixes 20–29) with
// layout. A well-formed barcode with another prefix is ErrNotMeasure; a
// malformed one is Check's error.
func ParseMeasure(code string, layout Layout) (Measure, error) {
	if err := Check(code); err != nil {
		return Measure{}, err
	}
	if len(code) != 13 || code[0] != '2' {
		return Measure{}, ErrNotMeasure
	}
	kind := layout[code[1]-'0']
	if kind == 0 {
		return Measure{}, ErrNotMeasure
	}
	var value int64
	for i := 7; i < 12; i++ {
		value = value*10 + int64(code[i]-'0')
	}
	if value == 0 {
		return Measure{}, fmt.Errorf("%w: the barcode weighs or costs nothing", ErrNotMeasure)
	}
	return Measure{Item: code[:7], Kind: kind, Value: value}, nil
}

// ItemKind is what the scale prints for the item whose catalogue barcode is
// ean (an ItemGTIN: prefix 20–29, item code, zero value digits), or 0 when
// ean is a product's own barcode. A product kept under a Weight prefix is
// sold by weight, its price per kilogram.
func (l Layout) ItemKind(ean string) Kind {
	if len(ean) != 13 || ean[0] != '2' || ean[7:12] != "00000" || Check(ean) != nil {
		return 0
	}
	return l[ean[1]-'0']
}
