package apimap

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// RefundStates maps payment_refunds.status to the contract; 'refused' rows
// (single tries from before migration 00240) are not listed.
var RefundStates = map[string]saboresv1.RefundState{
	"queued":    saboresv1.RefundState_REFUND_STATE_QUEUED,
	"requested": saboresv1.RefundState_REFUND_STATE_REQUESTED,
	"accepted":  saboresv1.RefundState_REFUND_STATE_DONE,
	"failed":    saboresv1.RefundState_REFUND_STATE_FAILED,
	"unknown":   saboresv1.RefundState_REFUND_STATE_UNKNOWN,
}

// CardRefundToProto maps a card or Bizum refund (the order desk's and the
// shopper's data export).
func CardRefundToProto(r db.PaymentRefund) *saboresv1.OrderRefund {
	out := &saboresv1.OrderRefund{
		Id: r.ID, Method: saboresv1.RefundMethod_REFUND_METHOD_REDSYS, AmountCents: r.AmountCents, Reason: r.Reason,
		State: RefundStates[r.Status], Tries: r.Tries, ErrorCode: r.ErrorCode, CreateTime: timestamppb.New(r.RequestedAt),
		GatewayReference: r.RedsysOrder,
	}
	// decided_at is also stamped on a refused try; the desk's "refunded on"
	// is the acceptance's.
	if r.Status == "accepted" && r.DecidedAt != nil {
		out.DecideTime = timestamppb.New(*r.DecidedAt)
	}
	return out
}

// BankRefundToProto maps a bank refund the shop recorded; day is YYYY-MM-DD.
func BankRefundToProto(id, amount int64, reference, day string, created time.Time) *saboresv1.OrderRefund {
	return &saboresv1.OrderRefund{
		Id: id, Method: saboresv1.RefundMethod_REFUND_METHOD_BANK_TRANSFER, AmountCents: amount,
		State: saboresv1.RefundState_REFUND_STATE_DONE, BankReference: reference, RefundDate: day, CreateTime: timestamppb.New(created),
	}
}
