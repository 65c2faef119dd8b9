package shipping

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/fault"
)

// The reasons the owner's rates are refused, which the back office
// translates next to the field at fault.
const (
	ReasonNegativePrice     = "SHIPPING_NEGATIVE_PRICE"
	ReasonBandNoLimit       = "SHIPPING_BAND_NO_LIMIT"
	ReasonBandTooHeavy      = "SHIPPING_BAND_TOO_HEAVY"
	ReasonBandDuplicate     = "SHIPPING_BAND_DUPLICATE"
	ReasonPrefixInvalid     = "SHIPPING_PREFIX_INVALID"
	ReasonZoneOverlap       = "SHIPPING_ZONE_OVERLAP"
	ReasonZoneOutsideVAT    = "SHIPPING_ZONE_OUTSIDE_VAT_AREA"
	ReasonCodeTaken         = "SHIPPING_CODE_TAKEN"
	ReasonDispatchDays      = "SHIPPING_DISPATCH_DAYS_NEEDED"
	ReasonPickupHasNoZones  = "SHIPPING_PICKUP_HAS_NO_ZONES"
	ReasonInvalidWeight     = "SHIPPING_INVALID_WEIGHT"
	ReasonInvalidMethodKind = "SHIPPING_INVALID_KIND"
)

// MaxBandGrams is the heaviest band: 100 kg, beyond any parcel service
// (a pallet is not shipped from a web cart).
const MaxBandGrams = 100000

// MaxWeightGrams bounds a product's weight and the default weight: 50 kg,
// beyond any parcel carrier's limit per piece, as the products table does.
const MaxWeightGrams = 50000

// MethodInput is a method's terms as the desk's form sends them.
// It is also what the audit trail records of a method.
type MethodInput struct {
	Code           string `json:"code"`
	NameES         string `json:"name_es"`
	NamePT         string `json:"name_pt"`
	Kind           Kind   `json:"kind"`
	FreeAboveCents int64  `json:"free_above_cents"`
	// DispatchDays are ISO weekdays (1 = Monday … 7 = Sunday).
	DispatchDays         []int32 `json:"dispatch_weekdays"`
	SurchargeCents       int64   `json:"surcharge_cents"`
	LabelOutsidePlatform bool    `json:"label_outside_platform"`
	Active               bool    `json:"active"`
	Position             int32   `json:"position"`
}

// ZoneInput is a zone as the desk's form sends it.
type ZoneInput struct {
	Name     string   `json:"name"`
	Prefixes []string `json:"postal_prefixes"`
}

// BandInput is a band as the desk's form sends it.
type BandInput struct {
	UpToGrams  int32 `json:"up_to_grams"`
	PriceCents int64 `json:"price_cents"`
}

func refused(reason, field, message string, meta map[string]string) error {
	return &fault.Error{Kind: fault.Invalid, Reason: reason, Field: field, Message: field + ": " + message, Metadata: meta}
}

var codePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{1,31}$`)

// CheckMethod checks a method's terms and returns them as stored: names
// trimmed, the dispatch days in week order, and what only a cold-chain
// method has (dispatch days, surcharge) or only a paid one (a threshold)
// cleared for the others.
func CheckMethod(in MethodInput) (MethodInput, error) {
	out := in
	out.Code = strings.TrimSpace(in.Code)
	out.NameES, out.NamePT = strings.TrimSpace(in.NameES), strings.TrimSpace(in.NamePT)
	if !codePattern.MatchString(out.Code) {
		return out, fault.InvalidField("method.code", "must be 2 to 32 lowercase letters, digits or underscores, starting with a letter")
	}
	for _, f := range []struct{ field, value string }{{"method.name_es", out.NameES}, {"method.name_pt", out.NamePT}} {
		if f.value == "" || len([]rune(f.value)) > 80 {
			return out, fault.InvalidField(f.field, "must have 1 to 80 characters")
		}
	}
	if !slices.Contains([]Kind{Standard, ColdChain, Pickup}, out.Kind) {
		return out, refused(ReasonInvalidMethodKind, "method.kind", "must be standard, cold chain or pickup", nil)
	}
	if out.FreeAboveCents < 0 {
		return out, refused(ReasonNegativePrice, "method.free_above_cents", "must not be negative", nil)
	}
	if out.SurchargeCents < 0 {
		return out, refused(ReasonNegativePrice, "method.surcharge_cents", "must not be negative", nil)
	}
	for _, d := range out.DispatchDays {
		if d < 1 || d > 7 {
			return out, fault.InvalidField("method.dispatch_weekdays", "must be weekdays from 1 (Monday) to 7 (Sunday)")
		}
	}
	out.DispatchDays = ISOWeekdays(weekdays(out.DispatchDays))
	switch out.Kind {
	case ColdChain:
		if len(out.DispatchDays) == 0 {
			return out, refused(ReasonDispatchDays, "method.dispatch_weekdays", "a cold-chain method needs at least one dispatch day", nil)
		}
	case Pickup:
		out.FreeAboveCents = 0
		fallthrough
	default:
		out.DispatchDays, out.SurchargeCents = []int32{}, 0
	}
	return out, nil
}

var prefixPattern = regexp.MustCompile(`^[0-9]{1,5}$`)

// CheckZone checks a zone of a method of kind against the method's other
// zones and returns it as stored (name trimmed, prefixes trimmed, without
// repeats, in order). A prefix must be one to five digits; it must not
// reach the Canary Islands, Ceuta or Melilla (outside the EU VAT area,
// where the shop's invoices cannot go); and no postal code may be covered by
// this zone and another (a prefix of one is the beginning of a prefix of
// the other), or its price would depend on which zone is read first.
func CheckZone(in ZoneInput, kind Kind, others []Zone) (ZoneInput, error) {
	out := ZoneInput{Name: strings.TrimSpace(in.Name)}
	if kind == Pickup {
		return out, refused(ReasonPickupHasNoZones, "zone", "a pickup at the shop has no zones: it needs no address", nil)
	}
	if out.Name == "" || len([]rune(out.Name)) > 80 {
		return out, fault.InvalidField("zone.name", "must have 1 to 80 characters")
	}
	if len(in.Prefixes) == 0 {
		return out, fault.InvalidField("zone.postal_prefixes", "must name at least one postal-code prefix")
	}
	for i, raw := range in.Prefixes {
		field := "zone.postal_prefixes[" + strconv.Itoa(i) + "]"
		p := strings.TrimSpace(raw)
		if !prefixPattern.MatchString(p) {
			return out, refused(ReasonPrefixInvalid, field, fmt.Sprintf("%q is not one to five digits of a postal code", raw), map[string]string{"prefix": raw})
		}
		if area, ok := outsideVATArea(p); ok {
			return out, refused(ReasonZoneOutsideVAT, field, fmt.Sprintf("%q reaches %s, outside the EU VAT area", p, area),
				map[string]string{"prefix": p, "area": string(area)})
		}
		for _, z := range others {
			for _, q := range z.Prefixes {
				if strings.HasPrefix(p, q) || strings.HasPrefix(q, p) {
					return out, &fault.Error{Kind: fault.Refused, Reason: ReasonZoneOverlap, Field: field,
						Message:  fmt.Sprintf("%s: postal codes beginning %q are in zone %q already (%q)", field, p, z.Name, q),
						Metadata: map[string]string{"prefix": p, "zone": z.Name, "other_prefix": q}}
				}
			}
		}
		if !slices.Contains(out.Prefixes, p) {
			out.Prefixes = append(out.Prefixes, p)
		}
	}
	return out, nil
}

// outsideVATArea is the area outside the EU VAT area a prefix reaches, if
// any: "3" reaches the Canary Islands (35, 38), "51" Ceuta.
func outsideVATArea(prefix string) (deliveryarea.Area, bool) {
	for _, province := range deliveryarea.Provinces {
		area := deliveryarea.AreaOf(province)
		if deliveryarea.OutsideVATArea(area) && (strings.HasPrefix(province, prefix) || strings.HasPrefix(prefix, province)) {
			return area, true
		}
	}
	return "", false
}

// CheckBand checks a band against its zone's other bands: it has an upper
// weight (a band without one would price any parcel, however heavy), up to
// MaxBandGrams, not the same as another band's, and a price that is not
// negative.
func CheckBand(in BandInput, others []Band) error {
	if in.UpToGrams <= 0 {
		return refused(ReasonBandNoLimit, "band.up_to_grams", "a band needs the heaviest parcel it prices, in grams", nil)
	}
	if in.UpToGrams > MaxBandGrams {
		return refused(ReasonBandTooHeavy, "band.up_to_grams", fmt.Sprintf("must be at most %d grams", MaxBandGrams),
			map[string]string{"max_grams": strconv.Itoa(MaxBandGrams)})
	}
	if in.PriceCents < 0 {
		return refused(ReasonNegativePrice, "band.price_cents", "must not be negative", nil)
	}
	for _, b := range others {
		if b.UpToGrams == in.UpToGrams {
			return &fault.Error{Kind: fault.Refused, Reason: ReasonBandDuplicate, Field: "band.up_to_grams",
				Message:  fmt.Sprintf("band.up_to_grams: the zone has a band up to %d grams already", in.UpToGrams),
				Metadata: map[string]string{"up_to_grams": strconv.Itoa(int(in.UpToGrams))}}
		}
	}
	return nil
}

// CheckWeight checks a weight in grams (a product's, the default): 1 to
// MaxWeightGrams.
func CheckWeight(field string, grams int32) error {
	if grams < 1 || grams > MaxWeightGrams {
		return refused(ReasonInvalidWeight, field, fmt.Sprintf("must be 1 to %d grams", MaxWeightGrams),
			map[string]string{"max_grams": strconv.Itoa(MaxWeightGrams)})
	}
	return nil
}
