// Package withdrawal is the business module of the withdrawal function
// (Directive 2011/83 art. 11a, added by Directive 2023/2673; TRLGDCU art.
// 102-108): a shopper withdraws lines of an order from the order page or
// through the signed link of the order e-mail (Receive); the back office
// lists withdrawals, records the goods received back (ReceiveGoods) and
// refunds them (Refund). Each use case opens and commits its own
// transaction and queues its e-mails and refunds inside it.
package withdrawal

import (
	"fmt"
	"strconv"
	"time"

	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/shoptime"
	// The withdrawal period ends at midnight in Madrid wherever shopd runs,
	// even on a machine without the system's zone database.
)

// The rules as plain functions.

// Days is the withdrawal period: 14 calendar days from delivery.
const Days = 14

// The reasons a withdrawal is refused, as ErrorInfo reasons clients translate.
const (
	ReasonWithdrawalPeriodOver     = "WITHDRAWAL_PERIOD_OVER"
	ReasonWithdrawalOrderCancelled = "WITHDRAWAL_ORDER_CANCELLED"
	ReasonWithdrawalLineExempt     = "WITHDRAWAL_LINE_EXEMPT"
	ReasonWithdrawalQuantity       = "WITHDRAWAL_QUANTITY_EXCEEDED"
	ReasonWithdrawalLineUnknown    = "WITHDRAWAL_LINE_UNKNOWN"
	ReasonWithdrawalNotRequested   = "WITHDRAWAL_NOT_REQUESTED"
	ReasonWithdrawalNotReceived    = "WITHDRAWAL_NOT_RECEIVED"
	ReasonWithdrawalRejectNotHyg   = "WITHDRAWAL_REJECT_NOT_SEALED"
	ReasonWithdrawalBankReference  = "WITHDRAWAL_BANK_REFERENCE_REQUIRED"
	ReasonWithdrawalRefundFailed   = "WITHDRAWAL_REFUND_FAILED"
	ReasonWithdrawalNotPaid        = "WITHDRAWAL_ORDER_NOT_PAID"
)

// Refusal is a withdrawal step the rules refuse; FailedPrecondition
// with an ErrorInfo at the edge (apperr.Refusal).
type Refusal struct {
	Reason   string
	Message  string
	Metadata map[string]string
}

func (r *Refusal) Error() string { return "withdrawal: " + r.Message }

// Fault carries the line and figures at fault.
func (r *Refusal) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: r.Reason, Message: r.Error(), Metadata: r.Metadata}
}

func refuse(reason, message string, meta map[string]string) error {
	return &Refusal{Reason: reason, Message: message, Metadata: meta}
}

// Window is where an order stands in its withdrawal period.
type Window struct {
	// Open says a withdrawal may be made now.
	Open bool
	// Deadline is the end of the period (the end of the 14th day after
	// delivery, Madrid time); zero until the order is delivered.
	Deadline time.Time
	// CancelsOrder: nothing has shipped, so withdrawing cancels the order.
	CancelsOrder bool
	// ClosedReason is why it is not open.
	ClosedReason string
}

// Deadline is the end of the period of an order delivered at
// delivered: midnight, Madrid time, at the end of the 14th calendar day after.
func Deadline(delivered time.Time) time.Time {
	d := delivered.In(shoptime.Madrid)
	return time.Date(d.Year(), d.Month(), d.Day()+Days+1, 0, 0, 0, 0, shoptime.Madrid)
}

// WindowAt says whether an order in state f, delivered at
// delivered (zero if not), may be withdrawn from at now. The period runs
// from the order until 14 days after delivery; before shipping a withdrawal
// cancels the order.
func WindowAt(f order.Fulfilment, delivered, now time.Time) Window {
	switch f {
	case order.Cancelled:
		return Window{ClosedReason: ReasonWithdrawalOrderCancelled}
	case order.Placed, order.Preparing, order.ReadyForPickup:
		return Window{Open: true, CancelsOrder: true}
	case order.Shipped:
		return Window{Open: true}
	case order.Delivered:
		deadline := Deadline(delivered)
		if !now.Before(deadline) {
			return Window{Deadline: deadline, ClosedReason: ReasonWithdrawalPeriodOver}
		}
		return Window{Open: true, Deadline: deadline}
	}
	return Window{ClosedReason: ReasonWithdrawalPeriodOver}
}

// Exemption is why a line cannot be withdrawn; "" when it can.
type Exemption string

// ExemptPerishable is goods that spoil or expire quickly (fresh, chilled,
// frozen), TRLGDCU art. 103 d). Sealed hygiene goods are not exempt when
// sold: they are accepted subject to coming back unopened (art. 103 e).
const ExemptPerishable Exemption = "perishable"

// BoughtLine is an order line as the withdrawal rules see it.
type BoughtLine struct {
	LineNo    int32
	Quantity  int32
	Withdrawn int32
	// Perishable and Frozen come from the product's flags.
	Perishable, Frozen, SealedHygiene bool
}

// Exemption is why the line cannot be withdrawn, if it cannot.
func (l BoughtLine) Exemption() Exemption {
	if l.Perishable || l.Frozen {
		return ExemptPerishable
	}
	return ""
}

// Available is how many units of the line may still be withdrawn.
func (l BoughtLine) Available() int32 {
	if l.Exemption() != "" {
		return 0
	}
	return max(l.Quantity-l.Withdrawn, 0)
}

// Ask is one line and its units a shopper withdraws.
type Ask struct {
	LineNo   int32
	Quantity int32
}

// Check decides a withdrawal of asked from lines in window. When
// the window cancels the order, the answer is every line in full, whatever
// was asked; otherwise the asked lines, each once (repeated line numbers are
// added up), none exempt, none above what is left.
func Check(window Window, lines []BoughtLine, asked []Ask) ([]Ask, error) {
	if !window.Open {
		return nil, refuse(window.ClosedReason, "the withdrawal period is not running", nil)
	}
	if window.CancelsOrder {
		all := make([]Ask, 0, len(lines))
		for _, l := range lines {
			all = append(all, Ask{LineNo: l.LineNo, Quantity: l.Quantity})
		}
		return all, nil
	}
	byNo := make(map[int32]BoughtLine, len(lines))
	for _, l := range lines {
		byNo[l.LineNo] = l
	}
	sum := map[int32]int32{}
	var order []int32
	for _, a := range asked {
		if _, seen := sum[a.LineNo]; !seen {
			order = append(order, a.LineNo)
		}
		sum[a.LineNo] += a.Quantity
	}
	out := make([]Ask, 0, len(order))
	for _, no := range order {
		meta := map[string]string{"line_no": strconv.Itoa(int(no))}
		l, ok := byNo[no]
		if !ok {
			return nil, refuse(ReasonWithdrawalLineUnknown, fmt.Sprintf("the order has no line %d", no), meta)
		}
		if l.Exemption() != "" {
			return nil, refuse(ReasonWithdrawalLineExempt,
				fmt.Sprintf("line %d is perishable and cannot be withdrawn", no), meta)
		}
		if q := sum[no]; q < 1 || q > l.Available() {
			meta["available"] = strconv.Itoa(int(l.Available()))
			return nil, refuse(ReasonWithdrawalQuantity,
				fmt.Sprintf("line %d: %d units asked, %d may be withdrawn", no, q, l.Available()), meta)
		}
		out = append(out, Ask{LineNo: no, Quantity: sum[no]})
	}
	if len(out) == 0 {
		return nil, refuse(ReasonWithdrawalLineUnknown, "no line to withdraw", nil)
	}
	return out, nil
}
