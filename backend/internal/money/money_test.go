package money_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/sabores/sabores/backend/internal/money"
)

// The web app's table: the amounts Intl writes in the browser, which
// format-price.test.ts checks against Intl and formatPrice.
const casesFile = "../../../frontend/src/lib/money-cases.json"

func TestFormatWritesWhatTheWebAppWrites(t *testing.T) {
	raw, err := os.ReadFile(casesFile)
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []struct {
			Cents  int64
			ES, PT string
		}
	}
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 40 {
		t.Fatalf("%d cases in %s, want the whole table", len(table.Cases), casesFile)
	}
	for _, c := range table.Cases {
		if got := money.Format(c.Cents, "es"); got != c.ES {
			t.Errorf("Format(%d, es) = %q, want %q", c.Cents, got, c.ES)
		}
		if got := money.Format(c.Cents, "pt"); got != c.PT {
			t.Errorf("Format(%d, pt) = %q, want %q", c.Cents, got, c.PT)
		}
	}
}

func TestFormatWritesOtherLanguagesAsSpanish(t *testing.T) {
	if got, want := money.Format(1234567, "en"), "12.345,67\u00a0€"; got != want {
		t.Errorf("Format(1234567, en) = %q, want %q", got, want)
	}
}

func TestFormatWritesTheSmallestAmount(t *testing.T) {
	if got, want := money.Format(-9223372036854775808, "es"), "-92.233.720.368.547.758,08\u00a0€"; got != want {
		t.Errorf("Format(MinInt64) = %q, want %q", got, want)
	}
}

// TestParseReadsWhatFormatWrites: every non-negative amount of the web
// app's table, written in either language, reads back as its cents.
func TestParseReadsWhatFormatWrites(t *testing.T) {
	raw, err := os.ReadFile(casesFile)
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Cases []struct{ Cents int64 } }
	if err := json.Unmarshal(raw, &table); err != nil {
		t.Fatal(err)
	}
	for _, c := range table.Cases {
		if c.Cents < 0 || c.Cents >= 1e12 {
			continue
		}
		for _, lang := range []string{"es", "pt"} {
			text := money.Format(c.Cents, lang)
			if got, err := money.Parse(text); err != nil || got != c.Cents {
				t.Errorf("Parse(%q) = %d, %v; want %d", text, got, err, c.Cents)
			}
		}
	}
}

func TestParseReadsTypedAmounts(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"12,34", 1234, true}, {"12.34", 1234, true}, {"1.234,50 €", 123450, true}, {"1,234.50", 123450, true},
		{"12", 1200, true}, {"1.234", 123400, true}, {"0,5", 50, true}, {" 7 €", 700, true},
		{"", 0, false}, {"€", 0, false}, {"abc", 0, false}, {"-5,00", 0, false}, {"12345678901,00", 0, false},
	} {
		got, err := money.Parse(tc.in)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("Parse(%q) = %d, %v; want %d (ok %v)", tc.in, got, err, tc.want, tc.ok)
		}
	}
}
