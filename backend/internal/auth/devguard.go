package auth

import (
	"net/http"
	"time"

	"github.com/sabores/sabores/backend/internal/ratelimit"
)

// The development provider keeps sign-ins in progress in memory, so what a
// stranger can make it hold is bounded: each address gets devBurst requests,
// then one per devInterval (a sign-in takes four or five, shopd's own calls
// to the provider included); a query string or form may not exceed
// devMaxParams; and at most devMaxPending sign-ins wait (devStorage).
const (
	devBurst     = 60
	devInterval  = 100 * time.Millisecond
	devMaxParams = 4 << 10
)

// devGuard applies the development provider's limits in front of it.
func devGuard(next http.Handler) http.Handler {
	limit := ratelimit.New(devInterval, devBurst)
	return limit.HTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.URL.RawQuery) > devMaxParams {
			http.Error(w, "request parameters too large", http.StatusRequestURITooLong)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, devMaxParams)
		next.ServeHTTP(w, r)
	}))
}
