package withdrawal

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

var statuses = map[string]saboresv1.WithdrawalStatus{
	shop.WithdrawalRequested: saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_REQUESTED,
	shop.WithdrawalReceived:  saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_RECEIVED,
	shop.WithdrawalRefunded:  saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_REFUNDED,
	shop.WithdrawalRejected:  saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_REJECTED,
	shop.WithdrawalCancelled: saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_CANCELLED,
}

var lineStatuses = map[string]saboresv1.WithdrawalLineStatus{
	shop.WithdrawalRequested: saboresv1.WithdrawalLineStatus_WITHDRAWAL_LINE_STATUS_REQUESTED,
	shop.WithdrawalReceived:  saboresv1.WithdrawalLineStatus_WITHDRAWAL_LINE_STATUS_RECEIVED,
	shop.WithdrawalRejected:  saboresv1.WithdrawalLineStatus_WITHDRAWAL_LINE_STATUS_REJECTED,
	shop.WithdrawalRefunded:  saboresv1.WithdrawalLineStatus_WITHDRAWAL_LINE_STATUS_REFUNDED,
}

// statusText is the stored status a filter asks for; "" for every status.
func statusText(s saboresv1.WithdrawalStatus) string {
	for text, v := range statuses {
		if v == s {
			return text
		}
	}
	return ""
}

func paymentMethod(s string) saboresv1.PaymentMethod {
	switch s {
	case "card":
		return saboresv1.PaymentMethod_PAYMENT_METHOD_CARD
	case "transfer":
		return saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER
	case "cash":
		return saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY
	}
	return saboresv1.PaymentMethod_PAYMENT_METHOD_UNSPECIFIED
}

func name(es, pt string, lang saboresv1.Language) string {
	if lang == saboresv1.Language_LANGUAGE_PT && pt != "" {
		return pt
	}
	return es
}

func stamp(t *time.Time) *timestamppb.Timestamp {
	if t == nil || t.IsZero() {
		return nil
	}
	return timestamppb.New(*t)
}

// acceptedCents is what a withdrawal's accepted (or still expected) lines
// are worth: what its refund will be.
func acceptedCents(id int64, lines []db.WithdrawalLinesOfRow) int64 {
	var sum int64
	for _, l := range lines {
		if l.WithdrawalID == id && l.Status != shop.WithdrawalRejected {
			sum += l.UnitPriceCents * int64(l.Quantity)
		}
	}
	return sum
}

// withdrawalToProto maps w with its lines, picked out of lines.
func withdrawalToProto(w db.Withdrawal, lines []db.WithdrawalLinesOfRow, lang saboresv1.Language) *saboresv1.Withdrawal {
	deadline := w.RequestedAt.AddDate(0, 0, shop.RefundDays)
	out := &saboresv1.Withdrawal{
		Id: w.ID, OrderId: w.OrderID, Status: statuses[w.Status],
		RequestTime: timestamppb.New(w.RequestedAt), ReceiveTime: stamp(w.ReceivedAt), RefundTime: stamp(w.RefundedAt),
		RefundDeadline: timestamppb.New(deadline), RefundCents: w.RefundCents, RefundMethod: w.RefundMethod,
		RefundReference: w.RefundReference, CancelledOrder: w.CancelledOrder, Channel: w.Channel,
	}
	for _, l := range lines {
		if l.WithdrawalID != w.ID {
			continue
		}
		out.Lines = append(out.Lines, &saboresv1.WithdrawalLine{
			LineNo: l.LineNo, Name: name(l.ProductName, l.ProductNamePt, lang), Quantity: l.Quantity,
			UnitPriceCents: l.UnitPriceCents, Status: lineStatuses[l.Status], RejectReason: l.RejectReason,
			SealedHygiene: l.SealedHygiene,
		})
	}
	if out.RefundCents == 0 {
		out.RefundCents = acceptedCents(w.ID, lines)
	}
	return out
}

// optionsToProto maps what the withdrawal function shows of an order.
func optionsToProto(v shop.WithdrawalView, lang saboresv1.Language) *saboresv1.WithdrawalOptions {
	// The contract's deadline is the period's last second, so a client
	// showing its date shows the 14th day, not the midnight after it.
	var lastSecond time.Time
	if !v.Window.Deadline.IsZero() {
		lastSecond = v.Window.Deadline.Add(-time.Second)
	}
	out := &saboresv1.WithdrawalOptions{
		OrderId: v.Order.ID, Open: v.Window.Open, Deadline: stamp(&lastSecond),
		CancelsOrder: v.Window.CancelsOrder, OrderTime: timestamppb.New(v.Order.CreatedAt),
		DeliveryTime: stamp(&v.DeliveredAt), ClosedReason: v.Window.ClosedReason,
	}
	bought := v.Bought()
	for i, l := range v.Lines {
		line := &saboresv1.WithdrawableLine{
			LineNo: l.LineNo, ProductId: l.ProductID, Name: name(l.ProductName, l.ProductNamePt, lang),
			Quantity: l.Quantity, Withdrawn: l.Withdrawn, Available: bought[i].Available(),
			UnitPriceCents: l.UnitPriceCents, SealedHygiene: l.SealedHygiene,
		}
		if bought[i].Exemption() == shop.ExemptPerishable {
			line.Exemption = saboresv1.WithdrawalExemption_WITHDRAWAL_EXEMPTION_PERISHABLE
		}
		if !v.Window.Open {
			line.Available = 0
		}
		out.Lines = append(out.Lines, line)
	}
	for _, w := range v.Withdrawals {
		out.Withdrawals = append(out.Withdrawals, withdrawalToProto(w, v.WithdrawalLines, lang))
	}
	return out
}
