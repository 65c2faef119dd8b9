package adminvisibilityapi

import (
	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/visibility"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// channel maps the contract's channel to the module's: none removes the
// record, and a value that is no channel stays empty for the module to
// refuse in its turn within a batch (an earlier change's error comes first).
func channel(c saboresv1.SalesChannel) pricing.Channel {
	if c == saboresv1.SalesChannel_SALES_CHANNEL_NONE {
		return visibility.None
	}
	stored, _ := apimap.StoredChannel(c)
	return pricing.Channel(stored)
}

// outcomes are the contract's outcomes of the module's.
var outcomes = map[visibility.Outcome]saboresv1.VisibilityOutcome{
	visibility.Unchanged: saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_UNCHANGED,
	visibility.Added:     saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_ADDED,
	visibility.Updated:   saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_UPDATED,
	visibility.Removed:   saboresv1.VisibilityOutcome_VISIBILITY_OUTCOME_REMOVED,
}
