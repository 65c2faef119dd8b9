// Package testwait lets tests wait for a condition instead of sleeping for
// a guess: they go on as soon as it holds, and fail saying what never came.
package testwait

import (
	"testing"
	"time"
)

// poll is how often Until checks: short next to the waits tests make,
// long enough not to busy-loop the shared CPU.
const poll = 10 * time.Millisecond

// Until checks cond until it holds, failing the test when within passes
// first, and returns how long it took.
func Until(t testing.TB, within time.Duration, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > within {
			t.Fatalf("timed out after %s waiting for %s", within, what)
		}
		time.Sleep(poll)
	}
	return time.Since(start)
}
