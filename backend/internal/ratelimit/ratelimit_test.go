package ratelimit

import (
	"testing"
	"time"
)

func TestLimiterBurstThenRate(t *testing.T) {
	t.Parallel()
	now := time.Unix(0, 0)
	l := New(10*time.Second, 3)
	l.now = func() time.Time { return now }
	for i := range 3 {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("call %d of the burst refused", i+1)
		}
	}
	ok, wait := l.Allow("a")
	if ok || wait != 10*time.Second {
		t.Fatalf("4th call: ok=%v wait=%v, want refused for 10s", ok, wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Error("another key shares the bucket")
	}
	now = now.Add(4 * time.Second)
	if ok, wait := l.Allow("a"); ok || wait != 6*time.Second {
		t.Errorf("after 4 s: ok=%v wait=%v, want refused for 6s more", ok, wait)
	}
	now = now.Add(6 * time.Second)
	if ok, _ := l.Allow("a"); !ok {
		t.Error("after the interval the call is still refused")
	}
	// Idle buckets are forgotten once full again.
	now = now.Add(time.Hour)
	l.Allow("c")
	if _, kept := l.buckets["a"]; kept {
		t.Error("an idle, refilled bucket was kept")
	}
}
