package server

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// CORS lets the listed browser origins (the Vite dev server, say) call the
// API with credentials. The headers are the ones Connect, gRPC-Web and our
// error details need.
var (
	corsAllowMethods = strings.Join([]string{http.MethodGet, http.MethodPost}, ", ")
	corsAllowHeaders = strings.Join([]string{
		"Content-Type", "Connect-Protocol-Version", "Connect-Timeout-Ms", "Connect-Accept-Encoding",
		"Connect-Content-Encoding", "Grpc-Timeout", "X-Grpc-Web", "X-User-Agent", "Authorization",
		RequestIDHeader,
	}, ", ")
	corsExposeHeaders = strings.Join([]string{
		"Grpc-Status", "Grpc-Message", "Grpc-Status-Details-Bin", "Content-Encoding", RequestIDHeader,
	}, ", ")
)

// corsMaxAge lets browsers reuse a preflight for two hours.
const corsMaxAge = 2 * 60 * 60

func cors(origins []string, next http.Handler) http.Handler {
	if len(origins) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" || !slices.Contains(origins, origin) {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Add("Vary", "Origin")
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Allow-Credentials", "true")
		h.Set("Access-Control-Expose-Headers", corsExposeHeaders)
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", corsAllowMethods)
			h.Set("Access-Control-Allow-Headers", corsAllowHeaders)
			h.Set("Access-Control-Max-Age", strconv.Itoa(corsMaxAge))
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}
