package jobs

import (
	"testing"
	"time"
)

// TestLotsPassAtMidnightInMadrid: the blocking pass is scheduled at the
// next midnight of the shop's day, in winter and summer time alike.
func TestLotsPassAtMidnightInMadrid(t *testing.T) {
	for _, tc := range []struct{ at, want string }{
		{"2027-01-15T10:00:00Z", "2027-01-15T23:00:00Z"}, // CET: midnight is 23:00 UTC
		{"2027-01-15T23:00:00Z", "2027-01-16T23:00:00Z"}, // at midnight: the next one
		{"2027-07-15T21:59:00Z", "2027-07-15T22:00:00Z"}, // CEST: midnight is 22:00 UTC
		{"2027-03-27T12:00:00Z", "2027-03-27T23:00:00Z"}, // the night clocks go forward
		{"2027-03-28T12:00:00Z", "2027-03-28T22:00:00Z"}, // the day after, summer time
	} {
		at, _ := time.Parse(time.RFC3339, tc.at)
		want, _ := time.Parse(time.RFC3339, tc.want)
		if got := (madridMidnight{}).Next(at); !got.Equal(want) {
			t.Errorf("Next(%s) = %s, want %s", tc.at, got.UTC().Format(time.RFC3339), tc.want)
		}
	}
}
