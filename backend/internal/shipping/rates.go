// Package shipping is the business module of the shop's shipping rates
// (docs/shipping.md): the owner's methods (standard, cold chain, pickup at
// the shop), each method's zones by postal-code prefix and each zone's
// weight bands. Its rules are plain functions: Quote prices every method
// for a parcel and a postal code, Check* refuse rates that would misprice
// (quote.go, check.go). The rates live in memory (Snapshot), loaded once
// and again after each change the change feed announces, so a cart is
// quoted without a query. The back office's changes are use cases, each in
// its own transaction under the method's row lock, audited (module.go). It
// knows neither Connect nor the generated contract.
package shipping

import (
	"slices"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/deliveryarea"
)

// Kind is how a method gets the goods to the shopper.
type Kind string

// The kinds, as shipping_methods.kind stores them.
const (
	// Standard is a parcel at room temperature, by weight and zone.
	Standard Kind = "standard"
	// ColdChain is a chilled or frozen parcel, leaving only on the method's
	// dispatch days, its band's price plus a surcharge.
	ColdChain Kind = "cold_chain"
	// Pickup is collected at the shop: free, no address, no zones.
	Pickup Kind = "pickup"
)

// Band is a zone's price for parcels up to UpToGrams, inclusive.
type Band struct {
	ID         int64
	UpToGrams  int32
	PriceCents int64
}

// Zone is the postal codes a method prices alike: those beginning with one
// of Prefixes. Its bands are lightest first.
type Zone struct {
	ID       int64
	MethodID int64
	Name     string
	Prefixes []string
	Bands    []Band
}

// Covers says the zone holds postalCode.
func (z Zone) Covers(postalCode string) bool {
	return slices.ContainsFunc(z.Prefixes, func(p string) bool { return strings.HasPrefix(postalCode, p) })
}

// band is the lightest band that holds weightGrams; false when the parcel
// is heavier than every band.
func (z Zone) band(weightGrams int64) (Band, bool) {
	for _, b := range z.Bands {
		if int64(b.UpToGrams) >= weightGrams {
			return b, true
		}
	}
	return Band{}, false
}

// Method is a way the shop ships, with its zones.
type Method struct {
	ID     int64
	Code   string
	NameES string
	NamePT string
	Kind   Kind
	// FreeAboveCents is the goods' total (after discounts, before
	// shipping) from which the method ships free; 0 when it never does.
	FreeAboveCents int64
	// DispatchDays are a cold-chain method's weekdays.
	DispatchDays []time.Weekday
	// SurchargeCents is added to a cold-chain band's price.
	SurchargeCents int64
	// LabelOutsidePlatform: the desk types the carrier and tracking number
	// instead of buying the label through the carrier platform.
	LabelOutsidePlatform bool
	Active               bool
	Position             int32
	Zones                []Zone
}

// Name is the method's name in Portuguese when asked, else Spanish.
func (m Method) Name(portuguese bool) string {
	if portuguese && m.NamePT != "" {
		return m.NamePT
	}
	return m.NameES
}

// zoneOf is the method's zone holding postalCode.
func (m Method) zoneOf(postalCode string) (Zone, bool) {
	for _, z := range m.Zones {
		if z.Covers(postalCode) {
			return z, true
		}
	}
	return Zone{}, false
}

// Rates are every method, in the shop's order, and what a quote needs
// besides.
type Rates struct {
	Methods []Method
	// DefaultWeightGrams is counted for a product without a weight.
	DefaultWeightGrams int32
	// Dispatch is the configuration's cut-off hour and closed days; a
	// cold-chain method's own weekdays complete it.
	Dispatch deliveryarea.Dispatch
}

// Method is the method with code.
func (r Rates) Method(code string) (Method, bool) {
	i := slices.IndexFunc(r.Methods, func(m Method) bool { return m.Code == code })
	if i < 0 {
		return Method{}, false
	}
	return r.Methods[i], true
}

// FreeShippingThresholdCents is the storefront's free-shipping promise:
// the threshold of the first active standard method; 0 when it has none.
func (r Rates) FreeShippingThresholdCents() int64 {
	for _, m := range r.Methods {
		if m.Active && m.Kind == Standard {
			return m.FreeAboveCents
		}
	}
	return 0
}

// Areas are the areas the active home-delivery methods reach: served by
// any of them, and by a cold-chain one, in deliveryarea's order of
// provinces. An area is reached when a zone covers part of one of its
// provinces.
func (r Rates) Areas() (served, coldChain []deliveryarea.Area) {
	for _, m := range r.Methods {
		if !m.Active || m.Kind == Pickup {
			continue
		}
		for _, z := range m.Zones {
			for _, province := range deliveryarea.Provinces {
				if !slices.ContainsFunc(z.Prefixes, func(p string) bool {
					return strings.HasPrefix(province, p) || strings.HasPrefix(p, province)
				}) {
					continue
				}
				area := deliveryarea.AreaOf(province)
				if !slices.Contains(served, area) {
					served = append(served, area)
				}
				if m.Kind == ColdChain && !slices.Contains(coldChain, area) {
					coldChain = append(coldChain, area)
				}
			}
		}
	}
	return served, coldChain
}

// DispatchOf is when a cold-chain parcel of the method with code leaves:
// its weekdays with the configuration's cut-off and closed days. An order
// whose method is unknown (placed before the rates existed, or the method
// since deleted) follows the first cold-chain method's days.
func (r Rates) DispatchOf(code string) deliveryarea.Dispatch {
	if m, ok := r.Method(code); ok && m.Kind == ColdChain {
		return r.dispatch(m)
	}
	for _, m := range r.Methods {
		if m.Kind == ColdChain {
			return r.dispatch(m)
		}
	}
	return r.Dispatch
}

// dispatch is when a cold-chain parcel of m leaves: m's weekdays with the
// configuration's cut-off and closed days.
func (r Rates) dispatch(m Method) deliveryarea.Dispatch {
	d := r.Dispatch
	d.Days = m.DispatchDays
	return d
}

// isoWeekday is the ISO number of a weekday (1 = Monday … 7 = Sunday), as
// the rates store and the contract sends it.
func isoWeekday(d time.Weekday) int32 {
	if d == time.Sunday {
		return 7
	}
	return int32(d)
}

// ISOWeekdays are days as ISO numbers.
func ISOWeekdays(days []time.Weekday) []int32 {
	out := make([]int32, len(days))
	for i, d := range days {
		out[i] = isoWeekday(d)
	}
	return out
}

// weekdays are ISO numbers as weekdays, in week order from Monday.
func weekdays[T int16 | int32](iso []T) []time.Weekday {
	sorted := slices.Clone(iso)
	slices.Sort(sorted)
	out := make([]time.Weekday, 0, len(sorted))
	for _, n := range slices.Compact(sorted) {
		out = append(out, time.Weekday(n%7))
	}
	return out
}
