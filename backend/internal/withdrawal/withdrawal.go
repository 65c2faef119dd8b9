package withdrawal

import (
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// The withdrawal statuses, as withdrawals.status stores them. They stay
// in shop because the withdrawal module and apimap's mapper, which the
// withdrawal handler and the shopper's data export share, both read them.
const (
	WithdrawalRequested = "requested"
	WithdrawalReceived  = "received"
	WithdrawalRefunded  = "refunded"
	WithdrawalRejected  = "rejected"
	WithdrawalCancelled = "cancelled"
)

// RefundDays is how long the shop has to refund once told (TRLGDCU art. 107).
const RefundDays = 14

// AcceptedCents is what a withdrawal's accepted (or still expected) lines
// are worth, net of their share of the order's discount code: what its
// refund will be. The refund itself is what its corrective invoice takes
// back, which counts units of the line refunded before (a cent may move
// between two partial refunds of one line; never their sum).
func AcceptedCents(id int64, lines []db.WithdrawalLinesOfRow) int64 {
	var sum int64
	for _, l := range lines {
		if l.WithdrawalID == id && l.Status != WithdrawalRejected {
			sum += l.UnitPriceCents*int64(l.Quantity) - pricing.Returned(l.LineDiscountCents, l.SoldQuantity, 0, l.Quantity)
		}
	}
	return sum
}
