package deliveryarea_test

import (
	"errors"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/deliveryarea"
)

func TestDispatchNext(t *testing.T) {
	t.Parallel()
	monWed := deliveryarea.DefaultDispatch // Monday–Wednesday, before 12:00 Madrid
	tueFri := deliveryarea.Dispatch{Days: []time.Weekday{time.Tuesday, time.Friday}, CutoffHour: 15}
	tests := []struct {
		name     string
		dispatch deliveryarea.Dispatch
		now      string // UTC; Madrid is UTC+1 in winter, UTC+2 in summer
		want     string // the dispatch day in Madrid
	}{
		{"Monday morning leaves Monday", monWed, "2026-11-23T08:00:00Z", "2026-11-23"},
		{"Monday 11:59 Madrid is before the cut-off", monWed, "2026-11-23T10:59:00Z", "2026-11-23"},
		{"Monday 12:00 Madrid is the cut-off: Tuesday", monWed, "2026-11-23T11:00:00Z", "2026-11-24"},
		{"Wednesday after the cut-off waits for Monday", monWed, "2026-11-25T15:00:00Z", "2026-11-30"},
		{"Thursday waits for Monday", monWed, "2026-11-26T07:00:00Z", "2026-11-30"},
		{"Saturday waits for Monday", monWed, "2026-11-28T09:00:00Z", "2026-11-30"},
		{"Sunday late in Madrid is Monday in Madrid already", monWed, "2026-11-29T23:30:00Z", "2026-11-30"},
		{"summer time: 11:30 Madrid is 09:30 UTC, before the cut-off", monWed, "2026-07-01T09:30:00Z", "2026-07-01"},
		{"summer time: 12:30 Madrid is 10:30 UTC, after it", monWed, "2026-07-01T10:30:00Z", "2026-07-06"},
		{"over the year's end", monWed, "2026-12-31T10:00:00Z", "2027-01-04"},
		{"configured days: Wednesday waits for Friday", tueFri, "2026-11-25T10:00:00Z", "2026-11-27"},
		{"configured cut-off: Friday 14:59 Madrid leaves Friday", tueFri, "2026-11-27T13:59:00Z", "2026-11-27"},
		{"configured cut-off: Friday 15:00 Madrid waits for Tuesday", tueFri, "2026-11-27T14:00:00Z", "2026-12-01"},
		{"no dispatch days: the same day", deliveryarea.Dispatch{}, "2026-11-28T09:00:00Z", "2026-11-28"},
		{"Tuesday 8 December is a holiday: Wednesday", monWed, "2026-12-07T12:00:00Z", "2026-12-09"},
		{"Epiphany on a Wednesday: Monday", monWed, "2027-01-05T12:00:00Z", "2027-01-11"},
		{"Good Friday: the Tuesday after Easter", tueFri, "2026-03-31T15:00:00Z", "2026-04-07"},
		{"Holy Thursday and Good Friday 2027", deliveryarea.Dispatch{Days: []time.Weekday{time.Thursday, time.Friday}, CutoffHour: 12},
			"2027-03-24T10:00:00Z", "2027-04-01"},
		{"Galicia's 17 May on a Monday", monWed, "2027-05-16T10:00:00Z", "2027-05-18"},
		{"a closed day the shop configured", deliveryarea.Dispatch{Days: monWed.Days, CutoffHour: 12, Closed: []time.Time{madridDay("2026-11-30")}},
			"2026-11-26T07:00:00Z", "2026-12-01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			now, err := time.Parse(time.RFC3339, tt.now)
			if err != nil {
				t.Fatal(err)
			}
			got := tt.dispatch.Next(now)
			if got.Format(time.DateOnly) != tt.want || got.Hour() != 0 || got.Location().String() != "Europe/Madrid" {
				t.Errorf("Next(%s) = %s, want %s at midnight in Madrid", tt.now, got, tt.want)
			}
		})
	}
}

// TestDispatchLeavesOn: the desk is warned before a cold-chain parcel
// leaves on a day it must not (a Monday-promised frozen order shipped on
// Saturday would wait in a depot over the weekend).
func TestDispatchLeavesOn(t *testing.T) {
	t.Parallel()
	monWed := deliveryarea.DefaultDispatch
	tests := []struct {
		name     string
		dispatch deliveryarea.Dispatch
		now      string // UTC
		want     bool
	}{
		{"Monday leaves", monWed, "2026-11-23T16:00:00Z", true},
		{"Wednesday after the cut-off still leaves: the cut-off is for orders", monWed, "2026-11-25T17:00:00Z", true},
		{"Saturday does not", monWed, "2026-11-28T09:00:00Z", false},
		{"Thursday does not", monWed, "2026-11-26T09:00:00Z", false},
		{"Sunday 23:30 UTC is Monday in Madrid", monWed, "2026-11-29T23:30:00Z", true},
		{"Tuesday 8 December is a holiday", monWed, "2026-12-08T09:00:00Z", false},
		{"a closed day the shop configured", deliveryarea.Dispatch{Days: monWed.Days, Closed: []time.Time{madridDay("2026-11-30")}},
			"2026-11-30T09:00:00Z", false},
		{"no dispatch days: every day", deliveryarea.Dispatch{}, "2026-11-28T09:00:00Z", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			now, err := time.Parse(time.RFC3339, tt.now)
			if err != nil {
				t.Fatal(err)
			}
			if got := tt.dispatch.LeavesOn(now); got != tt.want {
				t.Errorf("LeavesOn(%s) = %v, want %v", tt.now, got, tt.want)
			}
		})
	}
}

func TestFrozenMinimum(t *testing.T) {
	t.Parallel()
	policy := deliveryarea.Default
	policy.FrozenMinimumCents = 3000
	tests := []struct {
		name     string
		policy   deliveryarea.Policy
		subtotal int64
		frozen   int64
		refused  bool
	}{
		{"below with frozen goods", policy, 2999, 7, true},
		{"exactly the minimum", policy, 3000, 7, false},
		{"below without frozen goods", policy, 500, 0, false},
		{"no minimum configured", deliveryarea.Default, 1, 7, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := tt.policy.CheckFrozenMinimum(tt.subtotal, tt.frozen)
			var refusal *deliveryarea.MinimumRefusal
			if errors.As(err, &refusal) != tt.refused {
				t.Fatalf("CheckFrozenMinimum(%d, %d) = %v, refused want %v", tt.subtotal, tt.frozen, err, tt.refused)
			}
			if tt.refused && (refusal.Fault().Reason != "FROZEN_MINIMUM" || refusal.Fault().Metadata["minimum_cents"] != "3000") {
				t.Errorf("refusal = %s %v", refusal.Fault().Reason, refusal.Fault().Metadata)
			}
		})
	}
}

func madridDay(s string) time.Time {
	days, err := deliveryarea.ParseClosedDays(s)
	if err != nil || len(days) != 1 {
		panic(s)
	}
	return days[0]
}

// TestEaster checks the computus against Easter Sundays as published.
func TestEaster(t *testing.T) {
	t.Parallel()
	for year, want := range map[int]string{
		2024: "2024-03-31", 2025: "2025-04-20", 2026: "2026-04-05", 2027: "2027-03-28",
		2028: "2028-04-16", 2038: "2038-04-25", 2285: "2285-03-22",
	} {
		if got := deliveryarea.Easter(year).Format(time.DateOnly); got != want {
			t.Errorf("Easter(%d) = %s, want %s", year, got, want)
		}
	}
}

func TestHoliday(t *testing.T) {
	t.Parallel()
	for day, want := range map[string]bool{
		"2026-01-01": true, "2026-01-06": true, "2026-04-02": true, "2026-04-03": true, "2026-04-06": false,
		"2026-05-01": true, "2026-05-17": true, "2026-07-25": true, "2026-08-15": true, "2026-10-12": true,
		"2026-11-01": true, "2026-12-06": true, "2026-12-08": true, "2026-12-25": true, "2026-12-24": false,
		"2026-11-24": false, "2027-03-25": true, "2027-03-26": true,
	} {
		if got := deliveryarea.Holiday(madridDay(day)); got != want {
			t.Errorf("Holiday(%s) = %v, want %v", day, got, want)
		}
	}
}

func TestParseClosedDays(t *testing.T) {
	t.Parallel()
	days, err := deliveryarea.ParseClosedDays(" 2026-12-31, 2026-07-16,,2026-12-31 ")
	if err != nil || deliveryarea.FormatClosedDays(days) != "2026-07-16,2026-12-31" {
		t.Errorf("ParseClosedDays = %v, %v; want the two days in order, once", days, err)
	}
	for _, bad := range []string{"2026-13-01", "16/07/2026", "tomorrow"} {
		if _, err := deliveryarea.ParseClosedDays(bad); err == nil {
			t.Errorf("ParseClosedDays(%q) accepted it", bad)
		}
	}
}
