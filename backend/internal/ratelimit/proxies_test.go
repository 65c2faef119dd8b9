package ratelimit

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

// TestClientAddr: X-Forwarded-For is believed only from TRUSTED_PROXIES;
// from anyone else, private or loopback addresses included, it is what the
// client claims and is ignored.
func TestClientAddr(t *testing.T) {
	t.Parallel()
	none := Proxies(nil)
	lb := Proxies{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.1/32")}
	tests := []struct {
		trusted                 Proxies
		remote, forwarded, want string
	}{
		{none, "203.0.113.7:5000", "", "203.0.113.7"},
		{none, "203.0.113.7:5000", "198.51.100.1", "203.0.113.7"},
		{none, "127.0.0.1:5000", "198.51.100.1", "127.0.0.1"},
		{none, "10.0.0.2:5000", "198.51.100.1", "10.0.0.2"},
		{lb, "203.0.113.7:5000", "198.51.100.1", "203.0.113.7"},
		{lb, "127.0.0.1:5000", "198.51.100.1", "198.51.100.1"},
		{lb, "10.0.0.2:5000", "1.1.1.1, 198.51.100.1", "198.51.100.1"},
		{lb, "10.0.0.2:5000", "1.1.1.1, 198.51.100.1, 10.0.0.9", "198.51.100.1"},
		{lb, "10.0.0.2:5000", "10.0.0.7, 10.0.0.9", "10.0.0.7"},
		{lb, "10.0.0.2:5000", "garbage", "10.0.0.2"},
		{none, "[::1]:5000", "", "::1"},
	}
	for _, tt := range tests {
		h := http.Header{}
		if tt.forwarded != "" {
			h.Set("X-Forwarded-For", tt.forwarded)
		}
		if got := tt.trusted.ClientAddr(tt.remote, h); got != tt.want {
			t.Errorf("trusting %v: ClientAddr(%q, %q) = %q, want %q", tt.trusted, tt.remote, tt.forwarded, got, tt.want)
		}
	}
}

// TestSpoofedForwardedForIsLimited: with no trusted proxy, a client on the
// private network (or this machine) inventing a new X-Forwarded-For for each
// request is still one client.
func TestSpoofedForwardedForIsLimited(t *testing.T) {
	t.Parallel()
	l := New(time.Hour, 5)
	h := Proxies(nil).Middleware(l.HTTP(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})))
	for i := range 20 {
		req := httptest.NewRequest(http.MethodGet, "/auth/login", nil)
		req.RemoteAddr = "10.1.2.3:4000"
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if i >= 5 && rec.Code != http.StatusTooManyRequests {
			t.Fatalf("request %d with a made-up X-Forwarded-For: %d, want 429", i, rec.Code)
		}
	}
}

// TestLimiterMemoryIsBounded: 300 000 addresses (spoofed or not) keep at
// most maxKeys buckets; the ones past it share one.
func TestLimiterMemoryIsBounded(t *testing.T) {
	t.Parallel()
	l := New(time.Second, 30)
	for i := range 300_000 {
		l.Allow(fmt.Sprintf("addr:%d", i))
	}
	if n := len(l.buckets); n > maxKeys+1 {
		t.Errorf("%d buckets after 300 000 keys, want at most %d", n, maxKeys+1)
	}
}
