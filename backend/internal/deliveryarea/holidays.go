package deliveryarea

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/shoptime"
)

// fixedHolidays are the public holidays on the same date every year where
// the shop is (Burela, Lugo): Spain's national ones and Galicia's own
// (Día das Letras Galegas, 17 May; Día Nacional de Galicia, 25 July).
// Carriers do not collect on them, so a cold-chain parcel does not leave.
var fixedHolidays = []struct {
	month time.Month
	day   int
}{
	{time.January, 1}, {time.January, 6}, {time.May, 1}, {time.May, 17}, {time.July, 25},
	{time.August, 15}, {time.October, 12}, {time.November, 1}, {time.December, 6},
	{time.December, 8}, {time.December, 25},
}

// Easter is Easter Sunday of year in the Gregorian calendar (the
// anonymous algorithm of Meeus, Jones and Butcher).
func Easter(year int) time.Time {
	a := year % 19
	b, c := year/100, year%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return time.Date(year, time.Month(month), day, 0, 0, 0, 0, shoptime.Madrid)
}

// Holiday says whether day (a date in Madrid) is a public holiday in
// Burela every year: the fixed ones, Holy Thursday and Good Friday. The
// holidays that move from year to year by decree (a Sunday holiday moved to
// Monday, the town's two local days) are the shop's to configure as
// closed days.
func Holiday(day time.Time) bool {
	y, m, d := day.Date()
	for _, h := range fixedHolidays {
		if h.month == m && h.day == d {
			return true
		}
	}
	easter := Easter(y)
	for _, back := range []int{3, 2} { // Holy Thursday, Good Friday
		if e := easter.AddDate(0, 0, -back); e.Month() == m && e.Day() == d {
			return true
		}
	}
	return false
}

// ParseClosedDays reads a comma-separated list of dates (YYYY-MM-DD), in
// order without repeats.
func ParseClosedDays(list string) ([]time.Time, error) {
	var out []time.Time
	for part := range strings.SplitSeq(list, ",") {
		text := strings.TrimSpace(part)
		if text == "" {
			continue
		}
		day, err := time.ParseInLocation(time.DateOnly, text, shoptime.Madrid)
		if err != nil {
			return nil, fmt.Errorf("closed day %q is not a date (want YYYY-MM-DD)", text)
		}
		if !slices.ContainsFunc(out, day.Equal) {
			out = append(out, day)
		}
	}
	slices.SortFunc(out, time.Time.Compare)
	return out, nil
}

// FormatClosedDays writes days as ParseClosedDays reads them.
func FormatClosedDays(days []time.Time) string {
	texts := make([]string, len(days))
	for i, d := range days {
		texts[i] = d.Format(time.DateOnly)
	}
	return strings.Join(texts, ",")
}
