package orderapi

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// methodToProto maps the payment methods as orders.payment_method stores
// them.
var methodToProto = map[string]saboresv1.PaymentMethod{
	"card":     saboresv1.PaymentMethod_PAYMENT_METHOD_CARD,
	"bizum":    saboresv1.PaymentMethod_PAYMENT_METHOD_BIZUM,
	"transfer": saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER,
	"cash":     saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
}

// methodOf is the stored name of a requested payment method; "" for one
// the module refuses.
func methodOf(m saboresv1.PaymentMethod) string {
	for name, p := range methodToProto {
		if p == m {
			return name
		}
	}
	return ""
}

func orderToProto(o order.Order) *saboresv1.Order {
	return shop.OrderToProto(o.Row, o.Lines)
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
