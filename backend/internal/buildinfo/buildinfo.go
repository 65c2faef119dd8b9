// Package buildinfo says which shopd is running: the release version and
// build time that `./task release` stamps in with -ldflags -X, and the
// commit and Go version that the Go toolchain records in every binary
// (debug.ReadBuildInfo), so even a plain `go build` names its commit.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// Set at link time by ./task release:
//
//	-X github.com/sabores/sabores/backend/internal/buildinfo.version=v1.2.3
//	-X github.com/sabores/sabores/backend/internal/buildinfo.commit=<git rev-parse HEAD>
//	-X github.com/sabores/sabores/backend/internal/buildinfo.buildTime=2026-11-29T01:00:00Z
//
// commit is linked in too because the toolchain's own stamp is missing
// wherever VCS stamping is off (GOFLAGS=-buildvcs=false on some machines).
var (
	version   string
	commit    string
	buildTime string
)

// Info describes the running binary.
type Info struct {
	// Version is the release (a git tag or `git describe`), "dev" when the
	// binary was not built by ./task release.
	Version string
	// Commit is the VCS revision, with "-dirty" when the work tree had
	// uncommitted changes; "unknown" when built outside a git checkout.
	Commit string
	// BuildTime is when the release was built (RFC 3339), else the commit's
	// time, else "unknown".
	BuildTime string
	// GoVersion is the toolchain that compiled the binary.
	GoVersion string
}

// Get returns the running binary's Info; it is computed once.
var Get = sync.OnceValue(func() Info {
	return read(version, commit, buildTime, debug.ReadBuildInfo)
})

func read(version, commit, buildTime string, readBuildInfo func() (*debug.BuildInfo, bool)) Info {
	info := Info{Version: version, Commit: "unknown", BuildTime: buildTime, GoVersion: runtime.Version()}
	var commitTime string
	if bi, ok := readBuildInfo(); ok {
		// The toolchain's stamp, when there is one, wins over the linked
		// commit: it also knows whether the work tree was dirty.
		info.GoVersion = bi.GoVersion
		dirty := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				info.Commit = s.Value
			case "vcs.time":
				commitTime = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
		if dirty && info.Commit != "unknown" {
			info.Commit += "-dirty"
		}
		if info.Commit == "unknown" && commit != "" {
			info.Commit = commit
		}
		// `go install module@v1.2.3` records the module's version even
		// without our ldflags.
		if info.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			info.Version = bi.Main.Version
		}
	}
	if info.Version == "" {
		info.Version = "dev"
	}
	if info.BuildTime == "" {
		info.BuildTime = commitTime
	}
	if info.BuildTime == "" {
		info.BuildTime = "unknown"
	}
	return info
}

// String is the one line `shopd version` prints.
func (i Info) String() string {
	return fmt.Sprintf("shopd %s (commit %s, built %s, %s)", i.Version, i.Commit, i.BuildTime, i.GoVersion)
}
