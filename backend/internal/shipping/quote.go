package shipping

import (
	"fmt"
	"time"

	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/fault"
)

// The reasons a method cannot take a parcel (Option.Unavailable), which
// the apps translate; a refused checkout carries them as its fault reason.
const (
	// NotColdChain: the parcel holds frozen or chilled goods and the method
	// does not keep them cold (a cart ships whole in the cold chain).
	NotColdChain = "SHIPPING_NOT_COLD_CHAIN"
	// ColdChainNotNeeded: a cold-chain method for a parcel with nothing
	// frozen or chilled.
	ColdChainNotNeeded = "SHIPPING_COLD_CHAIN_NOT_NEEDED"
	// NoZone: no zone of the method covers the postal code.
	NoZone = "SHIPPING_NO_ZONE"
	// OutsideVATArea: the Canary Islands, Ceuta and Melilla, outside the EU
	// VAT area, which the shop does not serve.
	OutsideVATArea = "SHIPPING_OUTSIDE_VAT_AREA"
	// TooHeavy: heavier than the method's last weight band there.
	TooHeavy = "SHIPPING_TOO_HEAVY"
	// ColdChainArea: a cart-wide refusal only: the cart's frozen or chilled
	// goods cannot go where ambient ones could (Baleares by default).
	ColdChainArea = "SHIPPING_COLD_CHAIN_AREA"
)

// Parcel is what a cart ships: its weight, whether any line travels cold
// (then all of it does), and the goods' total after discounts, before
// shipping, which a free-shipping threshold is measured on.
type Parcel struct {
	WeightGrams int64
	ColdChain   bool
	GoodsCents  int64
}

// ParcelLine is one cart line as the parcel counts it.
type ParcelLine struct {
	Quantity int32
	// WeightGrams is the product's packed weight; 0 when unknown.
	WeightGrams int32
	ColdChain   bool
}

// ParcelOf is the parcel of lines worth goodsCents, a product without a
// weight counted at defaultWeightGrams.
func ParcelOf(lines []ParcelLine, goodsCents int64, defaultWeightGrams int32) Parcel {
	p := Parcel{GoodsCents: goodsCents}
	for _, l := range lines {
		if l.Quantity < 1 {
			continue
		}
		w := l.WeightGrams
		if w <= 0 {
			w = defaultWeightGrams
		}
		p.WeightGrams += int64(w) * int64(l.Quantity)
		p.ColdChain = p.ColdChain || l.ColdChain
	}
	return p
}

// Option is one method priced for a parcel and a postal code.
type Option struct {
	Method Method
	// PriceCents is what it costs, VAT included; 0 when Free.
	PriceCents int64
	Free       bool
	// DispatchDay is when a cold-chain parcel ordered now leaves (midnight
	// in Madrid); zero for other kinds.
	DispatchDay time.Time
	// Unavailable is why the method cannot take the parcel there; "" when
	// it can.
	Unavailable string
	// Estimate: priced without a postal code, at the lowest of its zones.
	Estimate bool
}

// Available says the method can take the parcel.
func (o Option) Available() bool { return o.Unavailable == "" }

// Quotation is every active method priced for a parcel and a postal code.
type Quotation struct {
	Options []Option
	// Preselected is the cheapest available home delivery (the first in
	// the shop's order among equals), -1 when none is: a pickup is never
	// chosen for the shopper, who may live far from the shop.
	Preselected int
	// Refusal says once for the cart why no home delivery can take it to
	// the postal code (the reasons above); "" when one can, or without a
	// postal code.
	Refusal string
	// Area is the postal code's area; "" without one.
	Area deliveryarea.Area
}

// Quote prices every active method of rates for parcel to postalCode at
// now. A parcel with anything frozen or chilled ships whole in the cold
// chain, so a standard method is not offered for it; a pickup is free and
// needs no postal code; a method with a free-shipping threshold the goods
// reach is free. Without a postal code a home delivery is priced at the
// lowest of its zones as an estimate. The Canary Islands, Ceuta and
// Melilla are refused as outside the EU VAT area whatever the zones say.
func Quote(rates Rates, parcel Parcel, postalCode string, now time.Time) Quotation {
	q := Quotation{Preselected: -1}
	if postalCode != "" {
		q.Area = deliveryarea.AreaOf(postalCode)
	}
	for _, m := range rates.Methods {
		if !m.Active {
			continue
		}
		o := price(rates, m, parcel, postalCode, q.Area, now)
		q.Options = append(q.Options, o)
		if !o.Available() || m.Kind == Pickup {
			continue
		}
		if q.Preselected < 0 || o.PriceCents < q.Options[q.Preselected].PriceCents {
			q.Preselected = len(q.Options) - 1
		}
	}
	if postalCode != "" && q.Preselected < 0 {
		q.Refusal = refusal(q, parcel, postalCode)
	}
	return q
}

// price prices one method.
func price(rates Rates, m Method, parcel Parcel, postalCode string, area deliveryarea.Area, now time.Time) Option {
	o := Option{Method: m}
	switch {
	case m.Kind == Pickup:
		o.Free = true
		return o
	case m.Kind == Standard && parcel.ColdChain:
		o.Unavailable = NotColdChain
		return o
	case m.Kind == ColdChain && !parcel.ColdChain:
		o.Unavailable = ColdChainNotNeeded
		return o
	}
	if m.Kind == ColdChain {
		o.DispatchDay = rates.dispatch(m).Next(now)
	}
	var band Band
	switch {
	case postalCode == "":
		o.Estimate = true
		cheapest, found := Band{}, false
		for _, z := range m.Zones {
			if b, ok := z.band(parcel.WeightGrams); ok && (!found || b.PriceCents < cheapest.PriceCents) {
				cheapest, found = b, true
			}
		}
		if !found {
			o.Unavailable = TooHeavy
			if len(m.Zones) == 0 {
				o.Unavailable = NoZone
			}
			return o
		}
		band = cheapest
	case deliveryarea.OutsideVATArea(area):
		o.Unavailable = OutsideVATArea
		return o
	default:
		z, ok := m.zoneOf(postalCode)
		if !ok {
			o.Unavailable = NoZone
			return o
		}
		if band, ok = z.band(parcel.WeightGrams); !ok {
			o.Unavailable = TooHeavy
			return o
		}
	}
	if m.FreeAboveCents > 0 && parcel.GoodsCents >= m.FreeAboveCents {
		o.Free = true
		return o
	}
	o.PriceCents = band.PriceCents + m.SurchargeCents
	return o
}

// refusal is the one reason a cart cannot go home to the postal code: that
// of the first method of the cart's kind (cold chain or standard), or, when
// the cold chain does not reach where a standard method does, that its
// frozen or chilled goods are the reason.
func refusal(q Quotation, parcel Parcel, postalCode string) string {
	if deliveryarea.OutsideVATArea(q.Area) {
		return OutsideVATArea
	}
	want := Standard
	if parcel.ColdChain {
		want = ColdChain
	}
	reason := ""
	standardReaches := false
	for _, o := range q.Options {
		if o.Method.Kind == want && reason == "" {
			reason = o.Unavailable
		}
		if _, ok := o.Method.zoneOf(postalCode); ok && o.Method.Kind == Standard {
			standardReaches = true
		}
	}
	switch {
	case reason == "" && parcel.ColdChain:
		return NotColdChain
	case reason == "":
		return NoZone
	case reason == NoZone && parcel.ColdChain && standardReaches:
		return ColdChainArea
	}
	return reason
}

// Unavailable is a checkout refused because its shipping method cannot
// take the order there; FailedPrecondition at the edge, with the method's
// reason.
type Unavailable struct {
	Reason string
	Method string
	Area   deliveryarea.Area
}

func (u *Unavailable) Error() string {
	if u.Method == "" {
		return fmt.Sprintf("no shipping method can take this order to %s (%s)", u.Area, u.Reason)
	}
	return fmt.Sprintf("shipping method %q cannot take this order to %s (%s)", u.Method, u.Area, u.Reason)
}

// Fault names the reason, the method and the area.
func (u *Unavailable) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: u.Reason, Field: "shipping_method", Message: u.Error(),
		Metadata: map[string]string{"method": u.Method, "area": string(u.Area)}}
}

// Choose is the option a checkout ships by: the one named by code, which
// must be available, or with no code the preselected one. An unknown code
// is an invalid field; an unavailable method, or none to preselect, is an
// *Unavailable.
func (q Quotation) Choose(code string) (Option, error) {
	if code == "" {
		if q.Preselected < 0 {
			reason := q.Refusal
			if reason == "" {
				reason = NoZone
			}
			return Option{}, &Unavailable{Reason: reason, Area: q.Area}
		}
		return q.Options[q.Preselected], nil
	}
	for _, o := range q.Options {
		if o.Method.Code != code {
			continue
		}
		if !o.Available() {
			return Option{}, &Unavailable{Reason: o.Unavailable, Method: code, Area: q.Area}
		}
		return o, nil
	}
	return Option{}, fault.InvalidField("shipping_method", fmt.Sprintf("%q is not a shipping method the shop offers", code))
}
