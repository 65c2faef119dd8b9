package shoptime_test

import (
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/shoptime"
)

func TestTimesAreMadridsAndLabelled(t *testing.T) {
	winter := time.Date(2026, 11, 29, 16, 59, 30, 0, time.UTC) // CET, UTC+1
	summer := time.Date(2026, 7, 1, 22, 30, 0, 0, time.UTC)    // CEST, UTC+2: the next day in Madrid
	for _, tt := range []struct {
		name, got, want string
	}{
		{"clock es", shoptime.Clock(winter, "es"), "17:59 (hora de Madrid)"},
		{"clock pt", shoptime.Clock(winter, "pt"), "17:59 (hora de Madrid)"},
		{"date and time, winter", shoptime.DateTime(winter, "es"), "29/11/2026 17:59 (hora de Madrid)"},
		{"date and time, summer", shoptime.DateTime(summer, "pt"), "02/07/2026 00:30 (hora de Madrid)"},
		{"to the second", shoptime.DateTimeSeconds(winter, "pt"), "29/11/2026 17:59:30 (hora de Madrid)"},
		{"other language", shoptime.Clock(winter, "en"), "17:59 (hora de Madrid)"},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}
