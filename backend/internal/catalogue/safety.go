package catalogue

import (
	"slices"
	"strings"

	"github.com/sabores/sabores/backend/internal/db"
)

// Safety is what the General Product Safety Regulation (EU 2023/988, art.
// 19) asks an online shop to show of a product that is not food: its
// manufacturer (name, postal and electronic address), the economic operator
// established in the EU that answers for it when the manufacturer is not
// (art. 16; for cosmetics, the responsible person of Reg. 1223/2009 art. 4),
// and its warnings and safety information, in both languages.
type Safety struct {
	ManufacturerName    string `json:"manufacturer_name,omitempty"`
	ManufacturerAddress string `json:"manufacturer_address,omitempty"`
	ManufacturerContact string `json:"manufacturer_contact,omitempty"`
	ManufacturerCountry string `json:"manufacturer_country,omitempty"`
	ResponsibleName     string `json:"responsible_name,omitempty"`
	ResponsibleAddress  string `json:"responsible_address,omitempty"`
	ResponsibleContact  string `json:"responsible_contact,omitempty"`
	WarningsEs          string `json:"warnings_es,omitempty"`
	WarningsPt          string `json:"warnings_pt,omitempty"`
}

// euCountries are the member states (ISO 3166-1 alpha-2): a manufacturer
// established in one needs no responsible person besides itself.
var euCountries = []string{
	"AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
	"IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
}

// The gaps of a non-food product (GPSR art. 19).
const (
	GapManufacturer      Gap = "MANUFACTURER"
	GapResponsiblePerson Gap = "EU_RESPONSIBLE_PERSON"
)

// safetyGaps is what a non-food product lacks of its safety information
// before it may be published: the manufacturer's name, postal and
// electronic address and country; and, when that country is not in the EU
// (or not known), the responsible person's name, postal and electronic
// address. Warnings are the product's own: many products have none.
func safetyGaps(s *Safety) []Gap {
	if s == nil {
		return []Gap{GapManufacturer, GapResponsiblePerson}
	}
	var gaps []Gap
	if blank(s.ManufacturerName, s.ManufacturerAddress, s.ManufacturerContact, s.ManufacturerCountry) {
		gaps = append(gaps, GapManufacturer)
	}
	if !slices.Contains(euCountries, s.ManufacturerCountry) && blank(s.ResponsibleName, s.ResponsibleAddress, s.ResponsibleContact) {
		gaps = append(gaps, GapResponsiblePerson)
	}
	return gaps
}

// blank says whether any of texts is empty.
func blank(texts ...string) bool {
	return slices.ContainsFunc(texts, func(t string) bool { return strings.TrimSpace(t) == "" })
}

// SafetyParams checks c's safety information and returns it ready to
// store, or nil when the product has none. A food may not carry any (its
// operator is in its food information); a responsible person is kept only
// for a manufacturer outside the EU, so the storefront never shows one the
// law does not ask for.
func SafetyParams(c Content) (*db.UpsertProductSafetyParams, error) {
	s := c.Safety
	if s == nil {
		return nil, nil
	}
	if c.IsFood {
		return nil, invalid("content.safety", "SAFETY_ON_FOOD", "a food carries its operator in its food information, not product safety information")
	}
	p := &db.UpsertProductSafetyParams{
		ManufacturerName: strings.TrimSpace(s.ManufacturerName), ManufacturerAddress: strings.TrimSpace(s.ManufacturerAddress),
		ManufacturerContact: strings.TrimSpace(s.ManufacturerContact), ManufacturerCountry: strings.TrimSpace(s.ManufacturerCountry),
		ResponsibleName: strings.TrimSpace(s.ResponsibleName), ResponsibleAddress: strings.TrimSpace(s.ResponsibleAddress),
		ResponsibleContact: strings.TrimSpace(s.ResponsibleContact),
		WarningsEs:         strings.TrimSpace(s.WarningsEs), WarningsPt: strings.TrimSpace(s.WarningsPt),
	}
	if slices.Contains(euCountries, p.ManufacturerCountry) {
		p.ResponsibleName, p.ResponsibleAddress, p.ResponsibleContact = "", "", ""
	}
	return p, nil
}

// safetyOf is a stored row's safety information; nil for none.
func safetyOf(r *db.ProductSafety) *Safety {
	if r == nil {
		return nil
	}
	return &Safety{
		ManufacturerName: r.ManufacturerName, ManufacturerAddress: r.ManufacturerAddress,
		ManufacturerContact: r.ManufacturerContact, ManufacturerCountry: r.ManufacturerCountry,
		ResponsibleName: r.ResponsibleName, ResponsibleAddress: r.ResponsibleAddress,
		ResponsibleContact: r.ResponsibleContact, WarningsEs: r.WarningsEs, WarningsPt: r.WarningsPt,
	}
}
