//go:build !linux

package pgembed

import "syscall"

// capDACReadSearch has no meaning outside Linux.
const capDACReadSearch = 0

// sysProcAttr puts postgres in its own process group, so a Ctrl-C in the
// terminal reaches shopd alone and shopd decides when the database stops.
func (o owner) sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Credential: o.cred}
}

// hasEffectiveCap is false: capabilities are a Linux feature.
func hasEffectiveCap(uint) bool { return false }
