package auth

import (
	"testing"
	"time"
)

func TestSessionExpiry(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		now       time.Time
		wantAlive bool
		want      time.Time
	}{
		{"fresh: a full TTL", t0, true, t0.Add(time.Hour)},
		{"late: capped at the lifetime", t0.Add(150 * time.Minute), true, t0.Add(3 * time.Hour)},
		{"at the lifetime: over", t0.Add(3 * time.Hour), false, time.Time{}},
		{"past the lifetime: over", t0.Add(4 * time.Hour), false, time.Time{}},
	}
	for _, tt := range tests {
		got, alive := sessionExpiry(t0, tt.now, time.Hour, 3*time.Hour)
		if alive != tt.wantAlive || !got.Equal(tt.want) {
			t.Errorf("%s: sessionExpiry = %v, %v; want %v, %v", tt.name, got, alive, tt.want, tt.wantAlive)
		}
	}
}
