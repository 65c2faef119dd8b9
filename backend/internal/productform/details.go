// Package productform holds the rules a product's fields pass before they
// are stored, whatever brings them: the back office's product form
// (admin.CreateProduct, UpdateProductDetails, UpdateProductContent) or a
// row of a catalogue CSV import (catalogueio). One copy of each rule, so a
// file cannot store what the form refuses. It knows neither Connect nor
// CSV: a broken rule is a FieldError naming the contract's field, which
// each caller words for its own audience.
package productform

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sabores/sabores/backend/internal/gtin"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// OnlineCategories are the storefront sections a product may appear in.
var OnlineCategories = []string{"bebidas", "alimentos", "belleza", "perfumes", "lanzamientos", "populares"}

// Details are a product's fields as checked and stored, and as audited.
type Details struct {
	Name             string   `json:"name"`
	Code             string   `json:"code"`
	SKU              string   `json:"sku"`
	EAN              string   `json:"ean"`
	Brand            string   `json:"brand"`
	Description      string   `json:"description"`
	Category         string   `json:"category"`
	Country          string   `json:"country"`
	PriceCents       int64    `json:"price_cents"`
	VatBasisPoints   int32    `json:"vat_basis_points"`
	OnlineCategories []string `json:"online_categories"`
}

// Same reports whether a and b are the same details.
func (a Details) Same(b Details) bool {
	return slices.Equal(a.OnlineCategories, b.OnlineCategories) &&
		a.Name == b.Name && a.Code == b.Code && a.SKU == b.SKU && a.EAN == b.EAN && a.Brand == b.Brand &&
		a.Description == b.Description && a.Category == b.Category && a.Country == b.Country &&
		a.PriceCents == b.PriceCents && a.VatBasisPoints == b.VatBasisPoints
}

// CountryExists reports whether slug is a country of the shop. The form
// asks the database once; an import reads the countries once for all rows.
type CountryExists func(slug string) (bool, error)

// CheckDetails checks the form's fields beyond what the contract's rules
// say: prices and rates as typed, the barcode's check digit, the sections,
// the country.
func CheckDetails(in *saboresv1.ProductDetails, countryExists CountryExists) (Details, error) {
	d := Details{
		Name: strings.TrimSpace(in.GetName()), Code: strings.TrimSpace(in.GetCode()),
		SKU: strings.TrimSpace(in.GetSku()), EAN: strings.TrimSpace(in.GetEan()),
		Brand: strings.TrimSpace(in.GetBrand()), Description: strings.TrimSpace(in.GetDescription()),
		Category: in.GetCategory(), Country: in.GetCountry(),
	}
	if d.Name == "" {
		return d, invalid("details.name", "REQUIRED", "is required")
	}
	var err error
	if d.PriceCents, err = ParsePriceCents(in.GetPrice()); err != nil {
		return d, invalid("details.price", "INVALID_PRICE", err.Error())
	}
	if d.VatBasisPoints, err = ParseVATBasisPoints(in.GetVatRate()); err != nil {
		return d, invalid("details.vat_rate", "INVALID_VAT_RATE", err.Error())
	}
	if d.EAN != "" {
		if err := gtin.Check(d.EAN); err != nil {
			return d, &FieldError{Field: "details.ean", Reason: "EAN_CHECK_DIGIT", Detail: err.Error(), Kind: Refused}
		}
	}
	d.OnlineCategories = []string{}
	for _, c := range in.GetOnlineCategories() {
		if !slices.Contains(OnlineCategories, c) {
			return d, invalid("details.online_categories", "UNKNOWN_SECTION", fmt.Sprintf("%q is not an online category", c))
		}
		if !slices.Contains(d.OnlineCategories, c) {
			d.OnlineCategories = append(d.OnlineCategories, c)
		}
	}
	if d.Country != "" {
		ok, err := countryExists(d.Country)
		if err != nil {
			return d, fmt.Errorf("productform: read country %q: %w", d.Country, err)
		}
		if !ok {
			return d, invalid("details.country", "UNKNOWN_COUNTRY", "is not a country of the shop")
		}
	}
	return d, nil
}
