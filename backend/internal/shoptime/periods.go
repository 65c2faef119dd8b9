package shoptime

import "time"

// Period is a labelled run of whole Madrid days ending today: From is the
// first day's midnight and To the midnight after today, so an instant
// belongs to it when From <= t < To.
type Period struct {
	// Key names it: "today", "last_7_days", "last_30_days", "this_month".
	Key string
	// FromDay and ToDay are its first and last days, YYYY-MM-DD.
	FromDay, ToDay string
	From, To       time.Time
}

// Periods are the dashboard's periods at now, in Madrid's days (a day
// the clocks change is 23 or 25 hours long): today, the last 7 and 30
// days with today, and the calendar month so far.
func Periods(now time.Time) []Period {
	d := now.In(Madrid)
	today := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, Madrid)
	end := today.AddDate(0, 0, 1)
	span := func(key string, from time.Time) Period {
		return Period{Key: key, FromDay: from.Format(time.DateOnly), ToDay: today.Format(time.DateOnly), From: from, To: end}
	}
	return []Period{
		span("today", today),
		span("last_7_days", today.AddDate(0, 0, -6)),
		span("last_30_days", today.AddDate(0, 0, -29)),
		span("this_month", time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, Madrid)),
	}
}
