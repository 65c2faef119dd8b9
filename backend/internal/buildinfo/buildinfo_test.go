package buildinfo

import (
	"runtime/debug"
	"testing"
)

func TestRead(t *testing.T) {
	t.Parallel()
	stamped := func() (*debug.BuildInfo, bool) {
		return &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "abc123"},
			{Key: "vcs.time", Value: "2026-11-28T10:00:00Z"},
			{Key: "vcs.modified", Value: "true"},
		}}, true
	}
	for _, tc := range []struct {
		name                       string
		version, commit, buildTime string
		read                       func() (*debug.BuildInfo, bool)
		want                       Info
	}{
		{"release ldflags win", "v1.2.0", "ffff", "2026-11-29T01:00:00Z", stamped,
			Info{Version: "v1.2.0", Commit: "abc123-dirty", BuildTime: "2026-11-29T01:00:00Z", GoVersion: "go1.99"}},
		{"plain go build falls back to the commit's time", "", "", "", stamped,
			Info{Version: "dev", Commit: "abc123-dirty", BuildTime: "2026-11-28T10:00:00Z", GoVersion: "go1.99"}},
		{"go install of a tagged module", "", "", "", func() (*debug.BuildInfo, bool) {
			return &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Version: "v1.3.0"}}, true
		}, Info{Version: "v1.3.0", Commit: "unknown", BuildTime: "unknown", GoVersion: "go1.99"}},
		{"no VCS stamp: the linked commit", "v1.2.0", "abc999", "2026-11-29T01:00:00Z", func() (*debug.BuildInfo, bool) {
			return &debug.BuildInfo{GoVersion: "go1.99"}, true
		}, Info{Version: "v1.2.0", Commit: "abc999", BuildTime: "2026-11-29T01:00:00Z", GoVersion: "go1.99"}},
	} {
		if got := read(tc.version, tc.commit, tc.buildTime, tc.read); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
