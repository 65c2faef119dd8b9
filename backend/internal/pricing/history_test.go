package pricing_test

import (
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/pricing"
)

func TestHasPriceHistory(t *testing.T) {
	t.Parallel()
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	first := time.Date(2026, 10, 10, 9, 0, 0, 0, madrid)
	for _, tc := range []struct {
		name     string
		start    time.Time
		want     bool
		earliest time.Time
	}{
		{"minutes after the first price", first.Add(10 * time.Minute), false, time.Date(2026, 11, 9, 9, 0, 0, 0, madrid)},
		{"29 days later", first.AddDate(0, 0, 29), false, time.Date(2026, 11, 9, 9, 0, 0, 0, madrid)},
		{"a second short of 30 days", time.Date(2026, 11, 9, 8, 59, 59, 0, madrid), false, time.Date(2026, 11, 9, 9, 0, 0, 0, madrid)},
		// Calendar days across the change to winter time (25 October): 30
		// days at the same wall-clock time, not 720 hours.
		{"30 days at the same time", time.Date(2026, 11, 9, 9, 0, 0, 0, madrid), true, time.Date(2026, 11, 9, 9, 0, 0, 0, madrid)},
		{"a year later", first.AddDate(1, 0, 0), true, time.Date(2026, 11, 9, 9, 0, 0, 0, madrid)},
	} {
		if got := pricing.HasPriceHistory(first, tc.start); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
		if got := pricing.EarliestReduction(first); !got.Equal(tc.earliest) {
			t.Errorf("%s: earliest %v, want %v", tc.name, got, tc.earliest)
		}
	}
}
