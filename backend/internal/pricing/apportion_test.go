package pricing

import (
	"slices"
	"testing"
)

func TestApportion(t *testing.T) {
	for _, tc := range []struct {
		name    string
		amount  int64
		weights []int64
		want    []int64
	}{
		{"nothing to share", 0, []int64{100, 200}, []int64{0, 0}},
		{"no weights", 100, nil, []int64{}},
		{"exact shares", 300, []int64{1000, 2000}, []int64{100, 200}},
		// 100 × 2000/3000 = 66,67 and 33,33: 66 + 33, the cent left to the larger remainder.
		{"largest remainder", 100, []int64{2000, 1000}, []int64{67, 33}},
		// Three equal weights, 100 cents: 33 each, one cent left, the tie to the first.
		{"tie to the earlier", 100, []int64{500, 500, 500}, []int64{34, 33, 33}},
		{"a line left out", 90, []int64{0, 300, 600}, []int64{0, 30, 60}},
		{"never more than the goods", 5000, []int64{1000, 2000}, []int64{1000, 2000}},
		{"one cent over many", 1, []int64{100, 300}, []int64{0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Apportion(tc.amount, tc.weights)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("Apportion(%d, %v) = %v, want %v", tc.amount, tc.weights, got, tc.want)
			}
		})
	}
}

func TestReturned(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		discount               int64
		quantity, done, taking int32
		want                   int64
	}{
		{"whole line", 300, 3, 0, 3, 300},
		{"one of three", 100, 3, 0, 1, 33},
		{"second of three", 100, 3, 1, 1, 34},
		{"last of three", 100, 3, 2, 1, 33},
		{"no discount", 0, 2, 0, 1, 0},
		{"more than left is capped", 100, 2, 1, 5, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Returned(tc.discount, tc.quantity, tc.done, tc.taking); got != tc.want {
				t.Fatalf("Returned(%d, %d, %d, %d) = %d, want %d", tc.discount, tc.quantity, tc.done, tc.taking, got, tc.want)
			}
		})
	}
	// Unit by unit, the parts give back the whole share and never more.
	for _, d := range []int64{1, 7, 100, 999} {
		for q := int32(1); q <= 7; q++ {
			var sum int64
			for done := range q {
				sum += Returned(d, q, done, 1)
			}
			if sum != d {
				t.Fatalf("discount %d over %d units: %d given back", d, q, sum)
			}
		}
	}
}
