package shoptime_test

import (
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/shoptime"
)

func TestPeriods(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		now  time.Time
		// want are each period's days and its bounds in UTC.
		want [4][4]string
	}{
		{"23:30 UTC is already tomorrow in Madrid", time.Date(2026, 11, 29, 23, 30, 0, 0, time.UTC), [4][4]string{
			{"today", "2026-11-30", "2026-11-30", "2026-11-29T23:00:00Z"},
			{"last_7_days", "2026-11-24", "2026-11-30", "2026-11-23T23:00:00Z"},
			{"last_30_days", "2026-11-01", "2026-11-30", "2026-10-31T23:00:00Z"},
			{"this_month", "2026-11-01", "2026-11-30", "2026-10-31T23:00:00Z"},
		}},
		// The 30 days cross the change to winter time (25 October): its
		// first midnight is at 22:00 UTC, in summer time.
		{"across the clock change", time.Date(2026, 11, 3, 10, 0, 0, 0, time.UTC), [4][4]string{
			{"today", "2026-11-03", "2026-11-03", "2026-11-02T23:00:00Z"},
			{"last_7_days", "2026-10-28", "2026-11-03", "2026-10-27T23:00:00Z"},
			{"last_30_days", "2026-10-05", "2026-11-03", "2026-10-04T22:00:00Z"},
			{"this_month", "2026-11-01", "2026-11-03", "2026-10-31T23:00:00Z"},
		}},
	} {
		got := shoptime.Periods(tc.now)
		if len(got) != len(tc.want) {
			t.Fatalf("%s: %d periods", tc.name, len(got))
		}
		for i, w := range tc.want {
			p := got[i]
			if p.Key != w[0] || p.FromDay != w[1] || p.ToDay != w[2] || p.From.UTC().Format(time.RFC3339) != w[3] {
				t.Errorf("%s: %s %s..%s from %s, want %v", tc.name, p.Key, p.FromDay, p.ToDay, p.From.UTC().Format(time.RFC3339), w)
			}
			// Every period ends at the midnight after today, Madrid.
			if !p.To.Equal(got[0].From.AddDate(0, 0, 1)) || !p.To.After(tc.now) {
				t.Errorf("%s: %s ends %v", tc.name, p.Key, p.To)
			}
		}
	}
}
