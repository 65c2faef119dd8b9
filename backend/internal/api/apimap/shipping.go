package apimap

import (
	"time"

	"github.com/sabores/sabores/backend/internal/shipping"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// shippingKinds are the contract's kinds of a shipping method.
var shippingKinds = map[shipping.Kind]saboresv1.ShippingKind{
	shipping.Standard:  saboresv1.ShippingKind_SHIPPING_KIND_STANDARD,
	shipping.ColdChain: saboresv1.ShippingKind_SHIPPING_KIND_COLD_CHAIN,
	shipping.Pickup:    saboresv1.ShippingKind_SHIPPING_KIND_PICKUP,
}

// ShippingKind maps a method's kind (as stored) to the contract's.
func ShippingKind(k shipping.Kind) saboresv1.ShippingKind {
	return shippingKinds[k]
}

// ShippingKindOf maps the contract's kind back; the zero kind for an
// unknown one, which the module refuses.
func ShippingKindOf(k saboresv1.ShippingKind) shipping.Kind {
	for kind, v := range shippingKinds {
		if v == k {
			return kind
		}
	}
	return ""
}

// ShippingOption maps a priced method, named in Portuguese when asked.
func ShippingOption(o shipping.Option, portuguese bool) *saboresv1.ShippingOption {
	out := &saboresv1.ShippingOption{
		Code: o.Method.Code, Name: o.Method.Name(portuguese), Kind: ShippingKind(o.Method.Kind),
		PriceCents: o.PriceCents, Free: o.Free, UnavailableReason: o.Unavailable,
		FreeAboveCents: o.Method.FreeAboveCents, NeedsAddress: o.Method.Kind != shipping.Pickup, Estimate: o.Estimate,
	}
	if !o.DispatchDay.IsZero() {
		out.DispatchDate = o.DispatchDay.Format(time.DateOnly)
	}
	return out
}
