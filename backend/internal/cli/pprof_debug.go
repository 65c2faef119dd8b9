//go:build pprof

package cli

import (
	"log/slog"
	"net/http"
	_ "net/http/pprof" // the profiles, on DefaultServeMux
	"os"
)

// A shopd built with -tags pprof serves net/http/pprof on PPROF_ADDR, for
// profiling it under the benchmark's load. Release builds leave it out.
func init() {
	addr := os.Getenv("PPROF_ADDR")
	if addr == "" {
		return
	}
	go func() {
		if err := http.ListenAndServe(addr, nil); err != nil { //nolint:gosec // a local debugging listener
			slog.Error("pprof", "err", err)
		}
	}()
}
