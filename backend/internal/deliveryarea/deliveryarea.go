// Package deliveryarea is where the shop delivers, by Spanish postal code,
// as plain functions: the areas (peninsula, Balearic Islands, Canary
// Islands, Ceuta, Melilla), which of them are served, and which take frozen
// and chilled goods. Table-tested; the configuration, the cart and checkout
// use it.
package deliveryarea

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sabores/sabores/backend/internal/fault"
)

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

// All lists every area.
var All = []Area{Peninsula, Baleares, Canarias, Ceuta, Melilla}

// Reason is the ErrorInfo reason of a line not delivered where
// asked.
const Reason = "DELIVERY_AREA"

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

// Policy is where and how the shop delivers: Served for every product,
// ColdChain for frozen and chilled ones (a subset of Served), the least
// an order holding frozen goods must reach (0: no minimum), and the days
// frozen and chilled orders are dispatched.
type Policy struct {
	Served             []Area
	ColdChain          []Area
	FrozenMinimumCents int64
	Dispatch           Dispatch
}

// Default is everything to the peninsula and the Balearic
// Islands, frozen and chilled goods to the peninsula only, no frozen
// minimum, cold-chain dispatch Monday to Wednesday.
var Default = Policy{Served: []Area{Peninsula, Baleares}, ColdChain: []Area{Peninsula}, Dispatch: DefaultDispatch}

// ParseAreas reads a comma-separated list of areas.
func ParseAreas(list string) ([]Area, error) {
	var out []Area
	for part := range strings.SplitSeq(list, ",") {
		a := Area(strings.ToLower(strings.TrimSpace(part)))
		if a == "" {
			continue
		}
		if !slices.Contains(All, a) {
			return nil, fmt.Errorf("unknown delivery area %q (want peninsula, baleares, canarias, ceuta or melilla)", a)
		}
		out = append(out, a)
	}
	return out, nil
}

// Refusal is a product not delivered to an area; FailedPrecondition
// with reason DELIVERY_AREA at the edge.
type Refusal struct {
	Area      Area
	ColdChain bool
	ProductID int64
}

func (r *Refusal) Error() string {
	if r.ColdChain {
		return fmt.Sprintf("frozen and chilled products are not delivered to %s", r.Area)
	}
	return fmt.Sprintf("the shop does not deliver to %s", r.Area)
}

// Fault names the area, whether the cold chain is the problem, and the product; the
// request must change.
func (r *Refusal) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: Reason, Message: r.Error(), Metadata: map[string]string{"area": string(r.Area), "cold_chain": fmt.Sprint(r.ColdChain), "product_id": fmt.Sprint(r.ProductID)}}
}

// Serves says the shop delivers anything to area.
func (d Policy) Serves(area Area) bool { return slices.Contains(d.Served, area) }

// Check says whether a product (coldChain when frozen or chilled) is
// delivered to postalCode; nil means yes.
func (d Policy) Check(postalCode string, productID int64, coldChain bool) error {
	area := AreaOf(postalCode)
	if !slices.Contains(d.Served, area) {
		return &Refusal{Area: area, ProductID: productID}
	}
	if coldChain && !slices.Contains(d.ColdChain, area) {
		return &Refusal{Area: area, ColdChain: true, ProductID: productID}
	}
	return nil
}

// ColdChain says a product travels chilled or frozen.
func ColdChain(frozen, perishable bool) bool { return frozen || perishable }
