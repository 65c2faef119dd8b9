package pricing

import (
	"testing"
	"time"
)

func TestOverlaps(t *testing.T) {
	t.Parallel()
	day := func(d int) *time.Time {
		v := time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC)
		return &v
	}
	w := func(start, end *time.Time) Window { return Window{Start: start, End: end} }
	for _, tc := range []struct {
		name string
		a, b Window
		want bool
	}{
		{"same window", w(day(1), day(10)), w(day(1), day(10)), true},
		{"b inside a", w(day(1), day(10)), w(day(3), day(5)), true},
		{"b starts before a ends", w(day(1), day(10)), w(day(9), day(20)), true},
		{"b ends after a starts", w(day(5), day(10)), w(day(1), day(6)), true},
		{"b after a", w(day(1), day(5)), w(day(6), day(10)), false},
		{"b before a", w(day(6), day(10)), w(day(1), day(5)), false},
		{"touching is a hand-over", w(day(1), day(5)), w(day(5), day(10)), false},
		{"touching the other way", w(day(5), day(10)), w(day(1), day(5)), false},
		{"a open end covers b later", w(day(1), nil), w(day(20), day(25)), true},
		{"a open end starts after b", w(day(20), nil), w(day(1), day(5)), false},
		{"a open start covers b earlier", w(nil, day(10)), w(day(1), day(2)), true},
		{"a open start ends before b", w(nil, day(10)), w(day(11), day(12)), false},
		{"both for ever", w(nil, nil), w(nil, nil), true},
		{"for ever and anything", w(nil, nil), w(day(3), day(4)), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := Overlaps(tc.a, tc.b); got != tc.want {
				t.Errorf("Overlaps(a, b) = %v, want %v", got, tc.want)
			}
			if got := Overlaps(tc.b, tc.a); got != tc.want {
				t.Errorf("Overlaps(b, a) = %v, want %v (not symmetric)", got, tc.want)
			}
		})
	}
}
