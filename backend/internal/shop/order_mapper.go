package shop

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// OrderToProto maps a stored order and its lines, in line order. The back
// office lists orders with the same mapping.
func OrderToProto(o db.Order, lines []db.OrderLine) *saboresv1.Order {
	out := OrderBasicToProto(o)
	for _, l := range lines {
		out.Lines = append(out.Lines, lineToProto(l))
		out.ItemCount += l.Quantity
	}
	out.VatByRate = VATByRate(lines)
	return out
}

// OrderBasicToProto maps a stored order without reading its lines: what
// a list of orders shows (ListOrders' ORDER_VIEW_BASIC). Lines, item_count
// and vat_by_rate, all made from the lines, stay empty.
func OrderBasicToProto(o db.Order) *saboresv1.Order {
	out := &saboresv1.Order{
		Id:                    o.ID,
		Status:                status(o.Status),
		StatusText:            o.Status,
		PaymentMethod:         paymentMethod(o.PaymentMethod),
		PaymentStatus:         paymentStatus(o.PaymentStatus),
		Lines:                 []*saboresv1.OrderLine{},
		SubtotalCents:         o.SubtotalCents,
		ShippingCents:         o.ShippingCents,
		PaymentSurchargeCents: o.PaymentSurchargeCents,
		VatCents:              o.VatCents,
		TotalCents:            o.TotalCents,
		Delivery: &saboresv1.Delivery{
			Name:       o.DeliveryName,
			Email:      o.DeliveryEmail,
			Phone:      o.DeliveryPhone,
			Address:    o.DeliveryAddress,
			City:       o.DeliveryCity,
			PostalCode: o.DeliveryPostalCode,
		},
		CreateTime:     timestamppb.New(o.CreatedAt),
		Carrier:        o.Carrier,
		TrackingNumber: o.TrackingNumber,
		TrackingUrl:    TrackingURL(o.Carrier, o.TrackingNumber),
	}
	ageToProto(o, out)
	return out
}

func lineToProto(l db.OrderLine) *saboresv1.OrderLine {
	return &saboresv1.OrderLine{
		ProductId:             l.ProductID,
		Name:                  l.ProductName,
		Quantity:              l.Quantity,
		UnitPriceCents:        l.UnitPriceCents,
		RegularUnitPriceCents: l.RegularUnitPriceCents,
		PromotionLabel:        l.PromotionLabel,
		VatBasisPoints:        l.VatBasisPoints,
		LineTotalCents:        l.LineTotalCents,
		ImageUrl:              l.ImageURL,
	}
}

// status maps a stored status; anything the API does not know passes
// through as status_text with ORDER_STATUS_UNSPECIFIED.
func status(s string) saboresv1.OrderStatus {
	switch Fulfilment(s) {
	case Placed:
		return saboresv1.OrderStatus_ORDER_STATUS_PENDING
	case Preparing:
		return saboresv1.OrderStatus_ORDER_STATUS_PREPARING
	case Shipped:
		return saboresv1.OrderStatus_ORDER_STATUS_SHIPPED
	case Delivered:
		return saboresv1.OrderStatus_ORDER_STATUS_COMPLETED
	case Cancelled:
		return saboresv1.OrderStatus_ORDER_STATUS_CANCELLED
	default:
		return saboresv1.OrderStatus_ORDER_STATUS_UNSPECIFIED
	}
}

// paymentMethods are the payment methods as orders.payment_method stores
// them, with their names in the contract: the one table both directions
// read.
var paymentMethods = map[string]saboresv1.PaymentMethod{
	"card":     saboresv1.PaymentMethod_PAYMENT_METHOD_CARD,
	"bizum":    saboresv1.PaymentMethod_PAYMENT_METHOD_BIZUM,
	"transfer": saboresv1.PaymentMethod_PAYMENT_METHOD_TRANSFER,
	"cash":     saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY,
}

// paymentMethod maps a stored payment method; UNSPECIFIED for an unknown one.
func paymentMethod(s string) saboresv1.PaymentMethod { return paymentMethods[s] }

// PaymentMethodOf is the stored name of a payment method of the contract;
// "" for one the shop does not take.
func PaymentMethodOf(m saboresv1.PaymentMethod) string {
	for name, p := range paymentMethods {
		if p == m {
			return name
		}
	}
	return ""
}

func paymentStatus(s string) saboresv1.PaymentStatus {
	switch s {
	case "awaiting_payment":
		return saboresv1.PaymentStatus_PAYMENT_STATUS_AWAITING_PAYMENT
	case "on_delivery":
		return saboresv1.PaymentStatus_PAYMENT_STATUS_ON_DELIVERY
	case "paid":
		return saboresv1.PaymentStatus_PAYMENT_STATUS_PAID
	case "partially_refunded":
		return saboresv1.PaymentStatus_PAYMENT_STATUS_PARTIALLY_REFUNDED
	case "refunded":
		return saboresv1.PaymentStatus_PAYMENT_STATUS_REFUNDED
	default:
		return saboresv1.PaymentStatus_PAYMENT_STATUS_UNSPECIFIED
	}
}
