package catalogue_test

import (
	"fmt"
	"testing"

	"github.com/sabores/sabores/backend/internal/catalogue"
)

func TestParsePriceCents(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    int64
		wantErr bool
	}{
		{"8,50", 850, false},
		{"8.50", 850, false},
		{"8", 800, false},
		{"8,5", 850, false},
		{"8.", 800, false},
		{",99", 99, false},
		{"0", 0, false},
		{"0,00", 0, false},
		{" 12,34 ", 1234, false},
		{"8,50€", 850, false},
		{"8,50 €", 850, false},
		{"007,10", 710, false},
		{"1000000", 100_000_000, false},
		{"1000000,01", 0, true},
		{"99999999999999999999", 0, true},
		{"", 0, true},
		{"   ", 0, true},
		{"abc", 0, true},
		{"-1", 0, true},
		{"-0,50", 0, true},
		{"8,505", 0, true},
		{"1.234,50", 0, true},
		{"1,234.50", 0, true},
		{"8,5,0", 0, true},
		{"1e3", 0, true},
		{"+5", 0, true},
		{"５", 0, true},
		{",", 0, true},
		{".", 0, true},
		{"€", 0, true},
		{"8 50", 0, true},
	}
	for _, tt := range tests {
		got, err := catalogue.ParsePriceCents(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParsePriceCents(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestParseVATBasisPoints(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    int32
		wantErr bool
	}{
		{"21", 2100, false},
		{"0", 0, false},
		{"4", 400, false},
		{"10", 1000, false},
		{"5,5", 550, false},
		{"5.5", 550, false},
		{"10,25", 1025, false},
		{"21 %", 2100, false},
		{"21%", 2100, false},
		{"100", 10000, false},
		{"100,00", 10000, false},
		{"100,01", 0, true},
		{"101", 0, true},
		{"-1", 0, true},
		{"21,125", 0, true},
		{"", 0, true},
		{"veintiuno", 0, true},
		{"2,1,0", 0, true},
	}
	for _, tt := range tests {
		got, err := catalogue.ParseVATBasisPoints(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseVATBasisPoints(%q) = %d, %v; want %d, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

// FuzzParsePriceCents: no input panics; every accepted price is in range and
// reads back the same when written with a comma or a dot.
func FuzzParsePriceCents(f *testing.F) {
	for _, seed := range []string{"8,50", "8.50", "0", "1000000", "-1", "1.234,50", "8,505", "€", " 1 ", "9999999999999"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		cents, err := catalogue.ParsePriceCents(in)
		if err != nil {
			if cents != 0 {
				t.Fatalf("ParsePriceCents(%q) failed but returned %d", in, cents)
			}
			return
		}
		if cents < 0 || cents > catalogue.MaxPriceCents {
			t.Fatalf("ParsePriceCents(%q) = %d, out of range", in, cents)
		}
		for _, sep := range []string{",", "."} {
			text := fmt.Sprintf("%d%s%02d", cents/100, sep, cents%100)
			if again, err := catalogue.ParsePriceCents(text); err != nil || again != cents {
				t.Fatalf("ParsePriceCents(%q) = %d but %q reads as %d, %v", in, cents, text, again, err)
			}
		}
	})
}

// FuzzParseVATBasisPoints: no input panics; every accepted rate is 0–100 %.
func FuzzParseVATBasisPoints(f *testing.F) {
	for _, seed := range []string{"21", "5,5", "10.25 %", "100", "100,01", "-0", "", "21,125"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		bp, err := catalogue.ParseVATBasisPoints(in)
		if err != nil {
			return
		}
		if bp < 0 || bp > catalogue.MaxVATBasisPoints {
			t.Fatalf("ParseVATBasisPoints(%q) = %d, out of range", in, bp)
		}
		text := fmt.Sprintf("%d,%02d", bp/100, bp%100)
		if again, err := catalogue.ParseVATBasisPoints(text); err != nil || again != bp {
			t.Fatalf("ParseVATBasisPoints(%q) = %d but %q reads as %d, %v", in, bp, text, again, err)
		}
	})
}

func TestParseWeightGrams(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]int32{"750": 750, " 1200 g": 1200, "1": 1, "50000": 50000, "": 0, "  ": 0} {
		got, err := catalogue.ParseWeightGrams(in)
		if err != nil {
			t.Errorf("ParseWeightGrams(%q): %v", in, err)
			continue
		}
		if (want == 0) != (got == nil) || got != nil && *got != want {
			t.Errorf("ParseWeightGrams(%q) = %v, want %d (0: unknown)", in, got, want)
		}
	}
	for _, in := range []string{"0", "-5", "50001", "1,5", "kg", "1.2 kg"} {
		if _, err := catalogue.ParseWeightGrams(in); err == nil {
			t.Errorf("ParseWeightGrams(%q) accepted", in)
		}
	}
}
