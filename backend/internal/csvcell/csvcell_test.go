package csvcell_test

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/csvcell"
)

func TestGuardAndUnguard(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, guarded string }{
		{"=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"},
		{"+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1:A2)", "'@SUM(A1:A2)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"Queso", "Queso"},
		{"", ""},
		{"'", "'"},
		{"'quoted", "'quoted"},
		{"'=already", "''=already"},
		{"''+twice", "'''+twice"},
	} {
		if got := csvcell.Guard(tc.in); got != tc.guarded {
			t.Errorf("Guard(%q) = %q, want %q", tc.in, got, tc.guarded)
		}
		if got := csvcell.Unguard(tc.guarded); got != tc.in {
			t.Errorf("Unguard(%q) = %q, want %q", tc.guarded, got, tc.in)
		}
	}
}
