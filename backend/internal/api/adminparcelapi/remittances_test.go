package adminparcelapi

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/carrier"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestEveryVerdictHasItsOwnValue: a verdict the module adds and the
// contract lacks would reach the desk as unspecified.
func TestEveryVerdictHasItsOwnValue(t *testing.T) {
	seen := map[saboresv1.RemittanceVerdict]bool{}
	for _, v := range carrier.Verdicts {
		p := verdictToProto(v)
		if p == saboresv1.RemittanceVerdict_REMITTANCE_VERDICT_UNSPECIFIED || seen[p] {
			t.Errorf("verdict %s maps to %v", v, p)
		}
		seen[p] = true
	}
	if len(seen) != len(saboresv1.RemittanceVerdict_name)-1 {
		t.Errorf("%d verdicts mapped, the contract has %d", len(seen), len(saboresv1.RemittanceVerdict_name)-1)
	}
}
