package pricing

import "testing"

func TestAverageTicketCents(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		total, orders, want int64
	}{
		{0, 0, 0},
		{1000, 0, 0},
		{0, 3, 0},
		{1000, 3, 333}, // 333.33 rounds down
		{1001, 2, 501}, // 500.5 rounds half-up
		{999, 2, 500},  // 499.5 rounds half-up
		{2500, 1, 2500},
	} {
		if got := AverageTicketCents(tc.total, tc.orders); got != tc.want {
			t.Errorf("AverageTicketCents(%d, %d) = %d, want %d", tc.total, tc.orders, got, tc.want)
		}
	}
}
