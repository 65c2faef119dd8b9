package order

import (
	"fmt"
	"strconv"

	"github.com/sabores/sabores/backend/internal/fault"
)

// Limits keep one shopper, or many accounts of one person, from holding the
// shop's stock without paying for it: ordering everything by transfer and
// never paying once emptied the whole shop for three days.
type Limits struct {
	// MaxUnitsPerLine caps the units of one product in one order.
	MaxUnitsPerLine int32
	// MaxUnpaidOrders caps the orders one shopper may have awaiting payment.
	MaxUnpaidOrders int64
	// TransferSharePercent caps the share of a product's stock (on the shelf
	// plus held by unpaid orders) that unpaid transfer and cash orders, of
	// all shoppers together, may hold: they wait days for their money,
	// cards minutes.
	TransferSharePercent int
	// MaxUnitsPerDay caps the units one shopper orders in 24 hours,
	// cancelled orders aside: a shopper who needs more calls the shop. 0
	// sets no cap.
	MaxUnitsPerDay int64
}

// DefaultLimits are generous for a household and tight for a hoarder.
func DefaultLimits() Limits {
	return Limits{MaxUnitsPerLine: 24, MaxUnpaidOrders: 3, TransferSharePercent: 25, MaxUnitsPerDay: 60}
}

// The reasons of a refused order, as ErrorInfo reasons clients translate.
const (
	ReasonLineQuantityLimit   = "LINE_QUANTITY_LIMIT"
	ReasonTooManyUnpaidOrders = "TOO_MANY_UNPAID_ORDERS"
	ReasonTransferShareLimit  = "TRANSFER_SHARE_LIMIT"
	ReasonDailyUnitsLimit     = "DAILY_UNITS_LIMIT"
	ReasonCashLimit           = "CASH_LIMIT"
)

// CashLimitCents is the least a payment in cash may not reach when one of
// its parties is a business, as the shop is: 1 000 € (Ley 7/2012 art. 7,
// as amended by Ley 11/2021). Cash on delivery is refused from it on.
const CashLimitCents = 100_000

// CheckCash refuses cash on delivery for an order of totalCents at or above
// CashLimitCents.
func CheckCash(totalCents int64) error {
	if totalCents < CashLimitCents {
		return nil
	}
	return &LimitRefusal{Reason: ReasonCashLimit, Metadata: map[string]string{
		"max_cents": strconv.FormatInt(CashLimitCents, 10),
	}}
}

// CheckDailyUnits refuses an order of want units from a shopper who ordered
// ordered units in the last 24 hours when the two pass MaxUnitsPerDay; the
// refusal says how many are left ("available").
func (l Limits) CheckDailyUnits(ordered, want int64) error {
	if l.MaxUnitsPerDay <= 0 || ordered+want <= l.MaxUnitsPerDay {
		return nil
	}
	return &LimitRefusal{Reason: ReasonDailyUnitsLimit, Exhausted: ordered >= l.MaxUnitsPerDay, Metadata: map[string]string{
		"max": strconv.FormatInt(l.MaxUnitsPerDay, 10), "available": strconv.FormatInt(max(0, l.MaxUnitsPerDay-ordered), 10),
	}}
}

// LimitRefusal is an order a limit refuses. Exhausted marks a limit on the
// shopper (ResourceExhausted: pay or cancel an order first) rather than on
// the order itself (FailedPrecondition: change it).
type LimitRefusal struct {
	Reason    string
	Exhausted bool
	Metadata  map[string]string
}

func (r *LimitRefusal) Error() string {
	return fmt.Sprintf("the order is over a limit against hoarding (%s) %v", r.Reason, r.Metadata)
}

// Fault carries the limit's figures (max, available); a limit on the
// shopper rather than the order is Exhausted (pay or cancel another first).
func (r *LimitRefusal) Fault() *fault.Error {
	return &fault.Error{Kind: map[bool]fault.Kind{false: fault.Refused, true: fault.Exhausted}[r.Exhausted], Reason: r.Reason, Message: r.Error(), Metadata: r.Metadata}
}

// CheckLine refuses more than MaxUnitsPerLine units of one product.
func (l Limits) CheckLine(productID int64, quantity int32) error {
	if quantity <= l.MaxUnitsPerLine {
		return nil
	}
	return &LimitRefusal{Reason: ReasonLineQuantityLimit, Metadata: map[string]string{
		"product_id": strconv.FormatInt(productID, 10), "max": strconv.Itoa(int(l.MaxUnitsPerLine)),
	}}
}

// CheckUnpaidOrders refuses another unpaid order to a shopper who already
// has unpaid of them.
func (l Limits) CheckUnpaidOrders(unpaid int64) error {
	if unpaid < l.MaxUnpaidOrders {
		return nil
	}
	return &LimitRefusal{Reason: ReasonTooManyUnpaidOrders, Exhausted: true, Metadata: map[string]string{
		"max": strconv.FormatInt(l.MaxUnpaidOrders, 10),
	}}
}

// CheckTransferShare refuses a transfer or cash order's want units of a
// product when unpaid transfer and cash orders would then hold more than
// TransferSharePercent of it: held units already held by other such orders, left units on the
// shelf after this order took its own. The share rounds down but is never
// less than one unit. The refusal says how many units a
// transfer may still take ("available").
func (l Limits) CheckTransferShare(productID int64, held, want, left int32) error {
	total := int64(held) + int64(want) + int64(left)
	// At least one unit, or a product with little stock could never be
	// bought by transfer at all.
	limit := max(1, total*int64(l.TransferSharePercent)/100)
	if int64(held)+int64(want) <= limit {
		return nil
	}
	return &LimitRefusal{Reason: ReasonTransferShareLimit, Metadata: map[string]string{
		"product_id": strconv.FormatInt(productID, 10),
		"available":  strconv.FormatInt(max(0, limit-int64(held)), 10),
	}}
}
