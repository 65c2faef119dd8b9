package orderapi

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

func orderToProto(o order.Order) *saboresv1.Order {
	out := apimap.OrderToProto(o.Row, o.Lines)
	apimap.OrderDiscount(out, o)
	return out
}

func paymentToProto(p order.PaymentView) *saboresv1.OrderPayment {
	out := &saboresv1.OrderPayment{CanPay: p.CanPay, LastAttempt: attemptStatus(p.LastAttempt)}
	if !p.ExpireTime.IsZero() {
		out.ExpireTime = timestamppb.New(p.ExpireTime)
	}
	if !p.LastAttemptTime.IsZero() {
		out.LastAttemptTime = timestamppb.New(p.LastAttemptTime)
	}
	if t := p.Transfer; t != nil {
		out.Transfer = &saboresv1.TransferInstructions{
			Iban: t.IBAN, Beneficiary: t.Beneficiary, AmountCents: t.AmountCents, Reference: t.Reference, QrPng: t.QRPNG,
		}
	}
	return out
}

func attemptStatus(s string) saboresv1.PaymentAttemptStatus {
	switch s {
	case "pending":
		return saboresv1.PaymentAttemptStatus_PAYMENT_ATTEMPT_STATUS_PENDING
	case "authorised":
		return saboresv1.PaymentAttemptStatus_PAYMENT_ATTEMPT_STATUS_AUTHORISED
	case "refused":
		return saboresv1.PaymentAttemptStatus_PAYMENT_ATTEMPT_STATUS_REFUSED
	}
	return saboresv1.PaymentAttemptStatus_PAYMENT_ATTEMPT_STATUS_UNSPECIFIED
}
