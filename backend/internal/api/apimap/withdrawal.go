package apimap

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/productcontent"
	"github.com/sabores/sabores/backend/internal/withdrawal"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

var withdrawalStatuses = map[string]saboresv1.WithdrawalStatus{
	withdrawal.WithdrawalRequested: saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_REQUESTED,
	withdrawal.WithdrawalReceived:  saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_RECEIVED,
	withdrawal.WithdrawalRefunded:  saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_REFUNDED,
	withdrawal.WithdrawalRejected:  saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_REJECTED,
	withdrawal.WithdrawalCancelled: saboresv1.WithdrawalStatus_WITHDRAWAL_STATUS_CANCELLED,
}

var withdrawalLineStatuses = map[string]saboresv1.WithdrawalLineStatus{
	withdrawal.WithdrawalRequested: saboresv1.WithdrawalLineStatus_WITHDRAWAL_LINE_STATUS_REQUESTED,
	withdrawal.WithdrawalReceived:  saboresv1.WithdrawalLineStatus_WITHDRAWAL_LINE_STATUS_RECEIVED,
	withdrawal.WithdrawalRejected:  saboresv1.WithdrawalLineStatus_WITHDRAWAL_LINE_STATUS_REJECTED,
	withdrawal.WithdrawalRefunded:  saboresv1.WithdrawalLineStatus_WITHDRAWAL_LINE_STATUS_REFUNDED,
}

// WithdrawalStatusText is the stored status a filter asks for; "" for every
// status.
func WithdrawalStatusText(s saboresv1.WithdrawalStatus) string {
	for text, v := range withdrawalStatuses {
		if v == s {
			return text
		}
	}
	return ""
}

// Stamp is t as a timestamp, unset when t is nil or zero.
func Stamp(t *time.Time) *timestamppb.Timestamp {
	if t == nil || t.IsZero() {
		return nil
	}
	return timestamppb.New(*t)
}

// WithdrawalToProto maps w with its lines, picked out of lines: for the
// shopper's order page, the desk and the shopper's data export.
func WithdrawalToProto(w db.Withdrawal, lines []db.WithdrawalLinesOfRow, lang saboresv1.Language) *saboresv1.Withdrawal {
	deadline := w.RequestedAt.AddDate(0, 0, withdrawal.RefundDays)
	out := &saboresv1.Withdrawal{
		Id: w.ID, OrderId: w.OrderID, Status: withdrawalStatuses[w.Status],
		RequestTime: timestamppb.New(w.RequestedAt), ReceiveTime: Stamp(w.ReceivedAt), RefundTime: Stamp(w.RefundedAt),
		RefundDeadline: timestamppb.New(deadline), RefundCents: w.RefundCents, RefundMethod: w.RefundMethod,
		RefundReference: w.RefundReference, CancelledOrder: w.CancelledOrder, Channel: w.Channel,
	}
	for _, l := range lines {
		if l.WithdrawalID != w.ID {
			continue
		}
		out.Lines = append(out.Lines, &saboresv1.WithdrawalLine{
			LineNo: l.LineNo, Name: productcontent.Text(lang, l.ProductName, l.ProductNamePt), Quantity: l.Quantity,
			UnitPriceCents: l.UnitPriceCents, Status: withdrawalLineStatuses[l.Status], RejectReason: l.RejectReason,
			SealedHygiene: l.SealedHygiene,
		})
	}
	if out.RefundCents == 0 {
		out.RefundCents = withdrawal.AcceptedCents(w.ID, lines)
	}
	return out
}
