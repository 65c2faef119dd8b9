package apimap

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/discount"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shipping"
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
	out.VatByRate = VATByRate(o, lines)
	return out
}

// Orders maps stored orders with their lines and discount codes
// (order.WithLines).
func Orders(orders []order.Order) []*saboresv1.Order {
	out := make([]*saboresv1.Order, len(orders))
	for i, o := range orders {
		out[i] = OrderToProto(o.Row, o.Lines)
		OrderDiscount(out[i], o)
	}
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
		PaymentMethod:         PaymentMethod(o.PaymentMethod),
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
		UpdateTime:     timestamppb.New(o.UpdatedAt),
		Carrier:        o.Carrier,
		TrackingNumber: o.TrackingNumber,
		TrackingUrl:    order.TrackingURL(o.Carrier, o.TrackingNumber),
	}
	ageToProto(o, out)
	shippingToProto(o, out)
	return out
}

// shippingToProto adds how an order ships.
func shippingToProto(o db.Order, out *saboresv1.Order) {
	if o.ShippingMethod != nil {
		out.ShippingMethod = *o.ShippingMethod
	}
	if o.ShippingKind != nil {
		out.ShippingKind = ShippingKind(shipping.Kind(*o.ShippingKind))
	}
	if o.PickupCode != nil {
		out.PickupCode = *o.PickupCode
	}
	if o.ShippingWeightGrams != nil {
		out.ShippingWeightGrams = *o.ShippingWeightGrams
	}
	out.ColdChain = o.ColdChain
}

// ageToProto adds an order's age declaration and the ID check its shipment
// needs, and the day a cold-chain order leaves the shop.
func ageToProto(o db.Order, out *saboresv1.Order) {
	out.IdCheckRequired = o.IDCheckRequired
	if o.AgeDeclaredAt != nil {
		out.AgeDeclareTime = timestamppb.New(*o.AgeDeclaredAt)
	}
	if o.DispatchOn.Valid {
		out.ExpectedDispatchDate = o.DispatchOn.Time.Format(time.DateOnly)
	}
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

// VATByRate is the taxable base and VAT of each rate of an order, lowest
// rate first: its lines' (each line's VAT rounded per line, as the order
// and its invoice were), and its shipping and cash surcharge at the goods'
// rates (pricing.VATByRate, as the order's vat_cents was summed).
func VATByRate(o db.Order, lines []db.OrderLine) []*saboresv1.VatAmount {
	goods := make([]pricing.RateAmount, len(lines))
	for i, l := range lines {
		goods[i] = pricing.RateAmount{VATBasisPoints: l.VatBasisPoints, AmountCents: l.LineTotalCents}
	}
	rates := pricing.VATByRate(goods, o.ShippingCents, o.PaymentSurchargeCents)
	out := make([]*saboresv1.VatAmount, len(rates))
	for i, r := range rates {
		out[i] = &saboresv1.VatAmount{VatBasisPoints: r.VATBasisPoints, BaseCents: r.BaseCents, VatCents: r.VATCents}
	}
	return out
}

// EventsToProto maps an order's stored events.
func EventsToProto(rows []db.OrderEvent) []*saboresv1.OrderEvent {
	events := make([]*saboresv1.OrderEvent, len(rows))
	for i, e := range rows {
		events[i] = &saboresv1.OrderEvent{
			Machine: e.Machine, ToState: e.ToState, Actor: e.Actor, Note: e.Note,
			CreateTime: timestamppb.New(e.CreatedAt),
		}
		if e.FromState != nil {
			events[i].FromState = *e.FromState
		}
	}
	return events
}

// status maps a stored status; anything the API does not know passes
// through as status_text with ORDER_STATUS_UNSPECIFIED.
func status(s string) saboresv1.OrderStatus {
	switch order.Fulfilment(s) {
	case order.Placed:
		return saboresv1.OrderStatus_ORDER_STATUS_PENDING
	case order.Preparing:
		return saboresv1.OrderStatus_ORDER_STATUS_PREPARING
	case order.ReadyForPickup:
		return saboresv1.OrderStatus_ORDER_STATUS_READY_FOR_PICKUP
	case order.Shipped:
		return saboresv1.OrderStatus_ORDER_STATUS_SHIPPED
	case order.Delivered:
		return saboresv1.OrderStatus_ORDER_STATUS_COMPLETED
	case order.Cancelled:
		return saboresv1.OrderStatus_ORDER_STATUS_CANCELLED
	default:
		return saboresv1.OrderStatus_ORDER_STATUS_UNSPECIFIED
	}
}

// StoredStatus is the fulfilment state an API status filters by; "" for
// ORDER_STATUS_UNSPECIFIED (no filter).
func StoredStatus(s saboresv1.OrderStatus) order.Fulfilment {
	for _, f := range order.Fulfilments {
		if status(string(f)) == s && s != saboresv1.OrderStatus_ORDER_STATUS_UNSPECIFIED {
			return f
		}
	}
	return ""
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

// PaymentMethod maps a stored payment method; UNSPECIFIED for an unknown one.
func PaymentMethod(s string) saboresv1.PaymentMethod { return paymentMethods[s] }

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

// StoredPayment is the payment state an API payment status filters by; ""
// for PAYMENT_STATUS_UNSPECIFIED (no filter).
func StoredPayment(s saboresv1.PaymentStatus) order.Payment {
	for _, p := range order.PaymentStates {
		if paymentStatus(string(p)) == s && s != saboresv1.PaymentStatus_PAYMENT_STATUS_UNSPECIFIED {
			return p
		}
	}
	return ""
}

// OrderDiscount adds the discount code o was sold with to out, mapped by
// OrderToProto: the code, what it took off, and vat_by_rate net of it.
func OrderDiscount(out *saboresv1.Order, o order.Order) {
	d := o.Discount
	if d == nil {
		return
	}
	out.DiscountCode, out.DiscountCents, out.ShippingWaivedCents = d.Code, d.AmountCents, d.ShippingWaivedCents
	goods := make([]pricing.RateAmount, len(o.Lines))
	for i, l := range o.Lines {
		goods[i] = pricing.RateAmount{VATBasisPoints: l.VatBasisPoints, AmountCents: l.LineTotalCents}
	}
	rates := discount.VATByRate(goods, d.Parts, o.Row.ShippingCents, o.Row.PaymentSurchargeCents)
	out.VatByRate = make([]*saboresv1.VatAmount, len(rates))
	for i, r := range rates {
		out.VatByRate[i] = &saboresv1.VatAmount{VatBasisPoints: r.VATBasisPoints, BaseCents: r.BaseCents, VatCents: r.VATCents}
	}
}
