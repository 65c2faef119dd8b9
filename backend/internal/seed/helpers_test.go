package seed

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/pricing"
)

// TestIncludedVAT: seeded orders carry the VAT checkout would compute.
func TestIncludedVAT(t *testing.T) {
	t.Parallel()
	tests := []struct {
		gross int64
		bp    int32
		want  int64
	}{
		{1000, 2100, 174}, // 1000 / 1.21 = 826.45 → VAT 173.55
		{121, 2100, 21},
		{110, 1000, 10},
		{104, 400, 4},
		{0, 2100, 0},
		{999, 0, 0},
		{1, 2100, 0},      // 0.17 rounds down
		{3, 2100, 1},      // 0.52 rounds up
		{11, 1000, 1},     // exactly 1
		{21, 10000, 11},   // 100 % VAT: half of 21 is 10.5, half up
		{1898, 1000, 173}, // 172.55
	}
	for _, tt := range tests {
		if got := pricing.IncludedVAT(tt.gross, tt.bp); got != tt.want {
			t.Errorf("pricing.IncludedVAT(%d, %d) = %d, want %d", tt.gross, tt.bp, got, tt.want)
		}
	}
}

func TestGenerateIsAFunctionOfIndex(t *testing.T) {
	t.Parallel()
	for _, i := range []int{0, 1, 17, 199, 200, 400, 99_999} {
		a, b := generate(i), generate(i)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("generate(%d) differs between calls", i)
		}
		if a.id != int64(BulkFirstID+i) {
			t.Errorf("generate(%d).id = %d", i, a.id)
		}
		if a.priceCents <= 0 || a.stock < 0 {
			t.Errorf("generate(%d) breaks a constraint: %+v", i, a)
		}
		if (a.country == nil) != (a.category == "beleza" || a.category == "perfumes") {
			t.Errorf("generate(%d): category %s with country %v", i, a.category, a.country)
		}
		wantOnline := a.country == nil || (a.visible && a.channel != "physical")
		if a.soldOnline != wantOnline {
			t.Errorf("generate(%d).soldOnline = %v, want %v", i, a.soldOnline, wantOnline)
		}
	}
}

func TestProgressBar(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	bar := newProgressBar(&out, "productos", 200)
	for i := 1; i <= 200; i++ {
		bar.set(i)
	}
	bar.done()
	got := out.String()
	// One redraw per percent plus the first, never one per row.
	if n := strings.Count(got, "\r"); n != 101 {
		t.Errorf("bar redrawn %d times, want 101", n)
	}
	if !strings.HasSuffix(got, "[##############################] 100% 200/200\n") {
		t.Errorf("bar ends %q", got[max(0, len(got)-60):])
	}

	out.Reset()
	newProgressBar(&out, "vacío", 0).done()
	if !strings.Contains(out.String(), "100% 0/0") {
		t.Errorf("empty bar = %q, want it complete", out.String())
	}
}
