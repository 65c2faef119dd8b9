package deliveryarea

import (
	"fmt"
	"slices"
	"time"

	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// Dispatch is when frozen and chilled parcels leave the shop: only on Days
// (the cold-chain shipping method's), so a parcel in the cold chain
// (24–48 h) never waits in a depot over a weekend, and never on a public
// holiday (Holiday) or a day the shop closes (Closed, midnight in Madrid);
// an order placed on a dispatch day before CutoffHour (Madrid time) leaves
// that day, later ones on the next dispatch day.
type Dispatch struct {
	Days       []time.Weekday
	CutoffHour int
	Closed     []time.Time
}

// DefaultDispatch is Monday to Wednesday, orders placed before 12:00.
var DefaultDispatch = Dispatch{Days: []time.Weekday{time.Monday, time.Tuesday, time.Wednesday}, CutoffHour: 12}

// Next is the day (midnight in Madrid) a cold-chain order placed at now is
// dispatched. With no dispatch day configured it is now's day.
func (d Dispatch) Next(now time.Time) time.Time {
	local := now.In(shoptime.Madrid)
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, shoptime.Madrid)
	if len(d.Days) == 0 {
		return day
	}
	if local.Hour() >= d.CutoffHour {
		day = day.AddDate(0, 0, 1)
	}
	for !d.leaves(day) {
		day = day.AddDate(0, 0, 1)
	}
	return day
}

// LeavesOn says a cold-chain parcel may leave at now: its day in Madrid is
// a dispatch day, not a holiday nor a day the shop closes. With no dispatch
// day configured every day is one, as Next has it.
func (d Dispatch) LeavesOn(now time.Time) bool {
	local := now.In(shoptime.Madrid)
	return len(d.Days) == 0 || d.leaves(time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, shoptime.Madrid))
}

// leaves says a cold-chain parcel can leave on day.
func (d Dispatch) leaves(day time.Time) bool {
	return slices.Contains(d.Days, day.Weekday()) && !Holiday(day) && !slices.ContainsFunc(d.Closed, day.Equal)
}

// MinimumReason is the ErrorInfo reason of an order holding frozen goods
// below the frozen-goods minimum.
const MinimumReason = "FROZEN_MINIMUM"

// MinimumRefusal is an order holding frozen goods whose goods total below
// the minimum a frozen parcel needs (its insulated box and cold packs cost
// the same for one tub as for ten); FailedPrecondition at the edge.
type MinimumRefusal struct {
	MinimumCents, SubtotalCents int64
	ProductID                   int64
}

func (r *MinimumRefusal) Error() string {
	return fmt.Sprintf("an order with frozen goods must reach %d cents (it has %d)", r.MinimumCents, r.SubtotalCents)
}

// Fault gives the minimum and the order's goods total, so a client can say
// how much is missing in its own words.
func (r *MinimumRefusal) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: MinimumReason, Message: r.Error(), Metadata: map[string]string{
		"minimum_cents": fmt.Sprint(r.MinimumCents), "subtotal_cents": fmt.Sprint(r.SubtotalCents),
		"product_id": fmt.Sprint(r.ProductID),
	}}
}

// CheckFrozenMinimum refuses an order of goods worth subtotalCents holding
// the frozen product frozenProductID (0: none) below the policy's
// FrozenMinimumCents (0: no minimum).
func (d Policy) CheckFrozenMinimum(subtotalCents, frozenProductID int64) error {
	if frozenProductID == 0 || d.FrozenMinimumCents <= 0 || subtotalCents >= d.FrozenMinimumCents {
		return nil
	}
	return &MinimumRefusal{MinimumCents: d.FrozenMinimumCents, SubtotalCents: subtotalCents, ProductID: frozenProductID}
}
