// Package ratelimit slows abuse down: too many sign-ins from one address,
// too many orders from one person. Each key (an address, a user) has a token
// bucket: a burst is allowed, then one call per interval. Limiter keeps the
// buckets in memory (one replica's own); SharedBuckets and Shared keep
// their counts in PostgreSQL, so every replica takes from the same one.
// It knows no transport but HTTP: guard turns the buckets into Connect
// interceptors, so the payment notification and the modules building on
// payment stay free of the wire.
package ratelimit

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// sweepEvery is how often idle buckets are forgotten.
const sweepEvery = time.Minute

// maxKeys bounds the buckets kept (a few MB): past it, even right after a
// sweep, new keys share one overflow bucket, so a flood of made-up keys
// limits itself instead of growing memory.
const maxKeys = 50_000

// overflowKey names the shared bucket of keys past maxKeys.
const overflowKey = "\x00overflow"

// Limiter is a set of token buckets by key. It is safe for concurrent use.
type Limiter struct {
	interval time.Duration
	burst    float64
	now      func() time.Time

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// New allows each key burst calls at once, then one per interval.
func New(interval time.Duration, burst int) *Limiter {
	return &Limiter{
		interval: interval,
		burst:    float64(max(burst, 1)),
		now:      time.Now,
		buckets:  make(map[string]*bucket),
	}
}

// Allow takes a token for key. When none is left it returns false and how
// long until the next one.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now, false)
	b, ok := l.buckets[key]
	if !ok && len(l.buckets) >= maxKeys {
		l.sweep(now, true)
		if len(l.buckets) >= maxKeys {
			key = overflowKey
			b, ok = l.buckets[key]
		}
	}
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = l.refilled(b, now)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) * float64(l.interval))
}

// Blocked reports, without taking a token, whether key has none left, and
// how long until the next one: for a limit on failures only, checked
// before the work and charged when it fails.
func (l *Limiter) Blocked(key string) (bool, time.Duration) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		return false, 0
	}
	tokens := l.refilled(b, now)
	if tokens >= 1 {
		return false, 0
	}
	return true, time.Duration((1 - tokens) * float64(l.interval))
}

// refilled is b's tokens at now: one more per interval since it was last
// taken from, up to the burst.
func (l *Limiter) refilled(b *bucket, now time.Time) float64 {
	return math.Min(l.burst, b.tokens+float64(now.Sub(b.last))/float64(l.interval))
}

// sweep forgets buckets that have refilled completely, at most once every
// sweepEvery, or every second when forced by a full map; l.mu must be held.
func (l *Limiter) sweep(now time.Time, force bool) {
	every := sweepEvery
	if force {
		every = time.Second
	}
	if now.Sub(l.lastSweep) < every {
		return
	}
	l.lastSweep = now
	full := time.Duration(l.burst * float64(l.interval))
	for k, b := range l.buckets {
		if now.Sub(b.last) >= full {
			delete(l.buckets, k)
		}
	}
}

// HTTP limits next per client address (ClientAddrFrom), answering 429 Too
// Many Requests with a Retry-After header.
func (l *Limiter) HTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ok, wait := l.Allow(ClientAddrFrom(r.Context(), r.RemoteAddr)); !ok {
			tooMany(w, wait)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// tooMany answers 429 Too Many Requests, with a Retry-After of wait.
func tooMany(w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(wait.Seconds())))))
	http.Error(w, "too many requests, try again later", http.StatusTooManyRequests)
}
