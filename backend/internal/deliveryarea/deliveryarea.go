// Package deliveryarea is the geography and the calendar of delivery, by
// Spanish postal code, as plain functions: the areas (peninsula, Balearic
// Islands, Canary Islands, Ceuta, Melilla) and which are outside the EU
// VAT area, the frozen-goods minimum and the cold-chain dispatch days.
// Table-tested; the shipping rates, the cart and checkout use it.
package deliveryarea

import "fmt"

// Area is where a Spanish postal code is, as far as delivery goes: the
// first two digits are the province.
type Area string

// The areas. Canarias, Ceuta and Melilla are outside the EU VAT area (a sale
// there is an export with customs); the Balearic Islands are inside it but
// off the peninsula, beyond most cold-chain services.
const (
	Peninsula Area = "peninsula"
	Baleares  Area = "baleares"
	Canarias  Area = "canarias"
	Ceuta     Area = "ceuta"
	Melilla   Area = "melilla"
)

// AreaOf is the area of a five-digit postal code.
func AreaOf(postalCode string) Area {
	if len(postalCode) < 2 {
		return Peninsula
	}
	switch postalCode[:2] {
	case "07":
		return Baleares
	case "35", "38":
		return Canarias
	case "51":
		return Ceuta
	case "52":
		return Melilla
	}
	return Peninsula
}

// OutsideVATArea says area is outside the EU VAT area: the Canary Islands
// (IGIC), Ceuta and Melilla (IPSI). A sale there is an export, with
// customs and no Spanish VAT, which the shop's invoices do not handle, so
// no shipping zone may reach them (package shipping) and they are refused
// with this reason rather than as "no zone".
func OutsideVATArea(area Area) bool {
	return area == Canarias || area == Ceuta || area == Melilla
}

// Provinces are the two-digit beginnings of Spanish postal codes, 01 to
// 52: which areas a set of postal-code prefixes reaches is read from them.
var Provinces = func() []string {
	out := make([]string, 52)
	for i := range out {
		out[i] = fmt.Sprintf("%02d", i+1)
	}
	return out
}()

// Policy is what the law and the shop's configuration add to delivery:
// the least an order holding frozen goods must reach (0: no minimum) and
// when frozen and chilled parcels may leave (the dispatch days themselves
// are the cold-chain shipping method's; the cut-off hour and closed days
// are the configuration's). Where the shop delivers is its shipping
// methods' zones (package shipping).
type Policy struct {
	FrozenMinimumCents int64
	Dispatch           Dispatch
}

// Default is no frozen minimum and cold-chain dispatch Monday to
// Wednesday before noon.
var Default = Policy{Dispatch: DefaultDispatch}

// ColdChain says a product travels chilled or frozen.
func ColdChain(frozen, perishable bool) bool { return frozen || perishable }
