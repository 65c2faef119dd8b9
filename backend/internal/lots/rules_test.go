package lots_test

import (
	"errors"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/lots"
)

func day(s string) time.Time {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return t
}

// shelf is a product's lots: the unknown lot (1), three dated lots, the
// one expiring first created last.
func shelf(unknown, a, b, c int32) []lots.Lot {
	return []lots.Lot{
		{ID: 1, Remaining: unknown},
		{ID: 2, Known: true, Expires: day("2027-05-01"), Type: lots.BestBefore, Remaining: a},
		{ID: 3, Known: true, Expires: day("2027-06-01"), Type: lots.BestBefore, Remaining: b},
		{ID: 4, Known: true, Expires: day("2027-04-01"), Type: lots.UseBy, Remaining: c},
	}
}

func TestAllocateFirstExpiredFirstOut(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lots  []lots.Lot
		units int32
		want  []lots.Take
		err   error
	}{
		{"the unknown lot first", shelf(2, 5, 5, 5), 1, []lots.Take{{LotID: 1, Units: 1}}, nil},
		{"then the earliest date", shelf(0, 5, 5, 5), 2, []lots.Take{{LotID: 4, Units: 2}}, nil},
		{"a line takes from several lots", shelf(1, 2, 5, 3), 7, []lots.Take{{LotID: 1, Units: 1}, {LotID: 4, Units: 3}, {LotID: 2, Units: 2}, {LotID: 3, Units: 1}}, nil},
		{"an empty lot is skipped", shelf(0, 5, 5, 0), 1, []lots.Take{{LotID: 2, Units: 1}}, nil},
		{"every unit", shelf(1, 1, 1, 1), 4, []lots.Take{{LotID: 1, Units: 1}, {LotID: 4, Units: 1}, {LotID: 2, Units: 1}, {LotID: 3, Units: 1}}, nil},
		{"never from nothing", shelf(1, 1, 1, 1), 5, nil, lots.ErrShort},
		{"same date: the lot created first", []lots.Lot{
			{ID: 9, Known: true, Expires: day("2027-01-01"), Remaining: 3},
			{ID: 8, Known: true, Expires: day("2027-01-01"), Remaining: 3},
		}, 4, []lots.Take{{LotID: 8, Units: 3}, {LotID: 9, Units: 1}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := lots.Allocate(tc.lots, tc.units)
			if !errors.Is(err, tc.err) || !slices.Equal(got, tc.want) {
				t.Errorf("Allocate(%d) = %v, %v; want %v, %v", tc.units, got, err, tc.want, tc.err)
			}
		})
	}
}

func TestApplyDeltaNamingNoLot(t *testing.T) {
	for _, tc := range []struct {
		name  string
		delta int32
		want  []lots.Take
		err   error
	}{
		{"an increase goes to the unknown lot", 4, []lots.Take{{LotID: 1, Units: 4}}, nil},
		{"a decrease takes the earliest-expiring", -6, []lots.Take{{LotID: 1, Units: -1}, {LotID: 4, Units: -3}, {LotID: 2, Units: -2}}, nil},
		{"nothing moves nothing", 0, nil, nil},
		{"past every lot: the unknown lot goes negative", -16, []lots.Take{{LotID: 1, Units: -1}, {LotID: 4, Units: -3}, {LotID: 2, Units: -5}, {LotID: 3, Units: -5}, {LotID: 1, Units: -2}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := lots.ApplyDelta(shelf(1, 5, 5, 3), tc.delta)
			if !errors.Is(err, tc.err) || !slices.Equal(got, tc.want) {
				t.Errorf("ApplyDelta(%d) = %v, %v; want %v, %v", tc.delta, got, err, tc.want, tc.err)
			}
		})
	}
}

func TestGiveBackToTheLotsTaken(t *testing.T) {
	// The order took 1 of the unknown lot, 3 of lot 4 and 2 of lot 2.
	taken := []lots.Lot{
		{ID: 1, Remaining: 1},
		{ID: 2, Known: true, Expires: day("2027-05-01"), Remaining: 2},
		{ID: 4, Known: true, Expires: day("2027-04-01"), Remaining: 3},
	}
	// The same order after lot 4 was recalled.
	recalled := slices.Clone(taken)
	recalled[2].Blocked = true
	for _, tc := range []struct {
		name  string
		taken []lots.Lot
		units int32
		want  []lots.Take
	}{
		{"one unit: the latest-expiring lot taken", taken, 1, []lots.Take{{LotID: 2, Units: 1}}},
		{"the whole order, lot by lot", taken, 6, []lots.Take{{LotID: 2, Units: 2}, {LotID: 4, Units: 3}, {LotID: 1, Units: 1}}},
		{"more than it took: the rest to the unknown lot", taken, 8, []lots.Take{{LotID: 2, Units: 2}, {LotID: 4, Units: 3}, {LotID: 1, Units: 1}, {LotID: 1, Units: 2}}},
		{"one unit of an order with a blocked lot: quarantined", recalled, 1, []lots.Take{{LotID: 4, Units: 1, Quarantine: true}}},
		{"the blocked lot's units first, then on sale", recalled, 4, []lots.Take{{LotID: 4, Units: 3, Quarantine: true}, {LotID: 2, Units: 1}}},
		{"the whole order with a blocked lot", recalled, 6, []lots.Take{{LotID: 4, Units: 3, Quarantine: true}, {LotID: 2, Units: 2}, {LotID: 1, Units: 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lots.GiveBack(tc.taken, tc.units, 1); !slices.Equal(got, tc.want) {
				t.Errorf("GiveBack(%d) = %v, want %v", tc.units, got, tc.want)
			}
		})
	}
	t.Run("nothing taken: the unknown lot", func(t *testing.T) {
		if got := lots.GiveBack(nil, 2, 7); !slices.Equal(got, []lots.Take{{LotID: 7, Units: 2}}) {
			t.Errorf("GiveBack = %v", got)
		}
	})
}

func TestSplitLinesFirstExpiredFirstOut(t *testing.T) {
	taken := map[int64][]lots.Lot{
		10: {
			{ID: 2, Known: true, Expires: day("2027-05-01"), Remaining: 2},
			{ID: 4, Known: true, Expires: day("2027-04-01"), Remaining: 3},
		},
		11: {{ID: 7, Remaining: 1}},
	}
	for _, tc := range []struct {
		name  string
		lines []lots.Line
		want  []lots.LineTake
		err   error
	}{
		{"the first line takes the earliest lot", []lots.Line{{No: 1, ProductID: 10, Units: 4}, {No: 2, ProductID: 11, Units: 1}, {No: 3, ProductID: 10, Units: 1}},
			[]lots.LineTake{{LineNo: 1, LotID: 4, Units: 3}, {LineNo: 1, LotID: 2, Units: 1}, {LineNo: 2, LotID: 7, Units: 1}, {LineNo: 3, LotID: 2, Units: 1}}, nil},
		{"more than the order took", []lots.Line{{No: 1, ProductID: 11, Units: 2}}, nil, lots.ErrShort},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := lots.SplitLines(tc.lines, taken)
			if !errors.Is(err, tc.err) || !slices.Equal(got, tc.want) {
				t.Errorf("SplitLines = %v, %v; want %v, %v", got, err, tc.want, tc.err)
			}
		})
	}
}

func TestBlockedOnline(t *testing.T) {
	today := day("2027-03-10")
	rules := lots.Rules{DeliveryDays: 2, MarginDays: 2} // use-by sold online from 2027-03-14
	for _, tc := range []struct {
		name     string
		lot      lots.Lot
		sellPast bool
		want     lots.BlockReason
	}{
		{"use-by before delivery plus margin", lots.Lot{Known: true, Type: lots.UseBy, Expires: day("2027-03-13")}, false, lots.BlockedUseBy},
		{"use-by on the limit is sold", lots.Lot{Known: true, Type: lots.UseBy, Expires: day("2027-03-14")}, false, ""},
		{"use-by past its date", lots.Lot{Known: true, Type: lots.UseBy, Expires: day("2027-03-01")}, true, lots.BlockedUseBy},
		{"best-before today is sold", lots.Lot{Known: true, Type: lots.BestBefore, Expires: today}, false, ""},
		{"best-before past its date", lots.Lot{Known: true, Type: lots.BestBefore, Expires: day("2027-03-09")}, false, lots.BlockedBestBefore},
		{"best-before past its date, the owner sells it", lots.Lot{Known: true, Type: lots.BestBefore, Expires: day("2027-03-09")}, true, ""},
		{"the unknown lot is never blocked by date", lots.Lot{}, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := rules.Blocked(tc.lot, today, tc.sellPast); got != tc.want {
				t.Errorf("Blocked = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestDue: what a sale takes off sale before FEFO takes, on day today when
// the midnight job has not run: a use-by lot past its date, or within the
// delivery margin though not past it (the stock is one for the web and the
// counter), a best-before lot past its date the owner does not sell; not
// a lot already blocked or without units, nor the unknown lot.
func TestDue(t *testing.T) {
	today := day("2027-03-10")
	rules := lots.Rules{DeliveryDays: 2, MarginDays: 2} // use-by sold from 2027-03-14
	for _, tc := range []struct {
		name string
		lot  lots.Lot
		want lots.BlockReason
	}{
		{"use-by past its date", lots.Lot{ID: 1, Known: true, Type: lots.UseBy, Expires: day("2027-03-09"), Remaining: 2}, lots.BlockedUseBy},
		{"use-by within the margin, not past its date", lots.Lot{ID: 1, Known: true, Type: lots.UseBy, Expires: day("2027-03-11"), Remaining: 2}, lots.BlockedUseBy},
		{"use-by today", lots.Lot{ID: 1, Known: true, Type: lots.UseBy, Expires: today, Remaining: 2}, lots.BlockedUseBy},
		{"use-by on the limit", lots.Lot{ID: 1, Known: true, Type: lots.UseBy, Expires: day("2027-03-14"), Remaining: 2}, ""},
		{"use-by past its date, already blocked", lots.Lot{ID: 1, Known: true, Type: lots.UseBy, Expires: day("2027-03-09"), Remaining: 2, Blocked: true}, ""},
		{"use-by past its date, no units left", lots.Lot{ID: 1, Known: true, Type: lots.UseBy, Expires: day("2027-03-09")}, ""},
		{"best-before past its date", lots.Lot{ID: 1, Known: true, Type: lots.BestBefore, Expires: day("2027-03-09"), Remaining: 2}, lots.BlockedBestBefore},
		{"best-before past its date, the owner sells it", lots.Lot{ID: 1, Known: true, Type: lots.BestBefore, Expires: day("2027-03-09"), Remaining: 2, SellPast: true}, ""},
		{"the unknown lot", lots.Lot{ID: 1, Remaining: 5}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := rules.Due([]lots.Lot{tc.lot}, today)
			want := map[int64]lots.BlockReason{}
			if tc.want != "" {
				want[1] = tc.want
			}
			if !maps.Equal(got, want) {
				t.Errorf("Due = %v, want %v", got, want)
			}
		})
	}
}

func TestTodayIsMadridsDay(t *testing.T) {
	for _, tc := range []struct{ at, want string }{
		{"2027-03-10T22:59:00Z", "2027-03-10"}, // 23:59 in Madrid (CET)
		{"2027-03-10T23:00:00Z", "2027-03-11"}, // midnight in Madrid
		{"2027-07-10T22:00:00Z", "2027-07-11"}, // midnight in Madrid (CEST)
	} {
		at, _ := time.Parse(time.RFC3339, tc.at)
		if got := lots.Today(at); !got.Equal(day(tc.want)) {
			t.Errorf("Today(%s) = %s, want %s", tc.at, got.Format("2006-01-02"), tc.want)
		}
	}
}
