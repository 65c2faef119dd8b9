package order

import (
	"fmt"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/shipping"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// ReasonColdChainOffDay warns the desk that a cold-chain order would leave
// on a day such parcels must not (DISPATCH_DAYS, holidays, closed days):
// it would wait in a depot, thawing, over a weekend. The desk may confirm
// it knowingly (DeskStep.ConfirmOffDay), and the confirmation is noted.
const ReasonColdChainOffDay = "COLD_CHAIN_OFF_DAY"

// offDayNote is what the timeline keeps of a confirmed off-day dispatch.
const offDayNote = "shipped on a day cold-chain parcels do not leave, confirmed by the desk"

// DispatchOf is when order o's cold-chain parcel may leave: the weekdays
// of its shipping method as the owner set them in rates, with the
// configuration's cut-off hour and closed days.
func DispatchOf(rates shipping.Rates, o db.Order) deliveryarea.Dispatch {
	return rates.DispatchOf(MethodOf(o))
}

// MethodOf is the code of order o's shipping method; "" for an order
// placed before methods existed.
func MethodOf(o db.Order) string {
	if o.ShippingMethod == nil {
		return ""
	}
	return *o.ShippingMethod
}

// CheckDispatchDay refuses shipping order o at now when it holds frozen or
// chilled goods (o.DispatchOn is set) and now is not a day they leave by
// d; the refusal carries the next day they do ("next_dispatch",
// YYYY-MM-DD) and the day promised to the shopper ("dispatch_on").
func CheckDispatchDay(o db.Order, d deliveryarea.Dispatch, now time.Time) error {
	if !o.DispatchOn.Valid || d.LeavesOn(now) {
		return nil
	}
	next := d.Next(now)
	return &fault.Error{
		Kind: fault.Refused, Reason: ReasonColdChainOffDay,
		Message: fmt.Sprintf("order %d holds cold-chain goods, which do not leave on %s: next dispatch day %s",
			o.ID, now.In(shoptime.Madrid).Format(time.DateOnly), next.Format(time.DateOnly)),
		Metadata: map[string]string{
			"next_dispatch": next.Format(time.DateOnly),
			"dispatch_on":   o.DispatchOn.Time.Format(time.DateOnly),
		},
	}
}

// OffDayNote adds to note that the desk confirmed an off-day dispatch.
func OffDayNote(note string) string {
	if note == "" {
		return offDayNote
	}
	return note + " (" + offDayNote + ")"
}
