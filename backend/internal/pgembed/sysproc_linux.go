package pgembed

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// capDACReadSearch is CAP_DAC_READ_SEARCH: search any folder, read any file.
const capDACReadSearch = 2

// sysProcAttr puts postgres in its own process group, so a Ctrl-C in the
// terminal reaches shopd alone and shopd decides when the database stops,
// and has the kernel stop it should shopd die without cleaning up.
func (o owner) sysProcAttr() *syscall.SysProcAttr {
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGINT, Credential: o.cred}
	if o.cred != nil && o.readAnywhere {
		attr.AmbientCaps = []uintptr{capDACReadSearch}
	}
	return attr
}

// hasEffectiveCap reports whether this process holds capability c, so it
// is only handed on where the container allows it.
func hasEffectiveCap(c uint) bool {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return false
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if hex, ok := strings.CutPrefix(line, "CapEff:"); ok {
			mask, err := strconv.ParseUint(strings.TrimSpace(hex), 16, 64)
			return err == nil && mask&(1<<c) != 0
		}
	}
	return false
}
