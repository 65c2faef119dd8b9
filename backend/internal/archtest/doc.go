// Package archtest holds the tests that keep the backend's shape: which
// package may import which, and that docs/architecture.md names them all.
// It has no code of its own.
package archtest
