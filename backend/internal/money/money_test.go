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
