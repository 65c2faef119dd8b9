package jobs

import (
	"testing"
	"time"
)

// TestDigestOnMondayMorningInMadrid: the expiry digest is scheduled at the
// next Monday 08:00 of the shop's clock, in winter and summer time alike.
func TestDigestOnMondayMorningInMadrid(t *testing.T) {
	for _, tc := range []struct{ at, want string }{
		{"2027-01-13T10:00:00Z", "2027-01-18T07:00:00Z"}, // a Wednesday: next Monday, CET
		{"2027-01-18T06:59:00Z", "2027-01-18T07:00:00Z"}, // Monday before 08:00: that morning
		{"2027-01-18T07:00:00Z", "2027-01-25T07:00:00Z"}, // at 08:00: the week after
		{"2027-03-27T12:00:00Z", "2027-03-29T06:00:00Z"}, // across the change to summer time
		{"2027-07-18T23:30:00Z", "2027-07-19T06:00:00Z"}, // Sunday 23:30 UTC is Monday 01:30 in Madrid
	} {
		at, _ := time.Parse(time.RFC3339, tc.at)
		want, _ := time.Parse(time.RFC3339, tc.want)
		if got := (madridMondayMorning{}).Next(at); !got.Equal(want) {
			t.Errorf("Next(%s) = %s, want %s", tc.at, got.UTC().Format(time.RFC3339), tc.want)
		}
	}
}
