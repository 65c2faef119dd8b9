package catalogue

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/gtin"
	"github.com/sabores/sabores/backend/internal/productimage"
)

// OnlineCategories are the storefront sections a product may appear in.
var OnlineCategories = []string{"bebidas", "alimentos", "belleza", "perfumes", "lanzamientos", "populares"}

// Details are a product's fields as checked and stored, and as audited:
// what the back office's form creates and edits, and a CSV row sets.
type Details struct {
	Name             string   `json:"name"`
	Code             string   `json:"code"`
	SKU              string   `json:"sku"`
	EAN              string   `json:"ean"`
	Brand            string   `json:"brand"`
	Description      string   `json:"description"`
	Category         string   `json:"category"`
	Country          string   `json:"country"` // a country's slug; "" for none
	PriceCents       int64    `json:"price_cents"`
	VatBasisPoints   int32    `json:"vat_basis_points"`
	OnlineCategories []string `json:"online_categories"`
	// ShippingWeightGrams is the packed product's gross weight; nil while
	// unknown (the shipping rates count their default weight).
	ShippingWeightGrams *int32 `json:"shipping_weight_grams"`
}

// DetailsForm are a product's fields as typed, in the form or a CSV row:
// the price and VAT rate as text, nothing checked yet (CheckDetails).
type DetailsForm struct {
	Name, Code, SKU, EAN, Brand, Description, Category, Country string
	Price, VatRate                                              string
	OnlineCategories                                            []string
	// ShippingWeight is the weight in grams as typed; "" for unknown.
	ShippingWeight string
}

// Same reports whether a and b are the same details.
func (a Details) Same(b Details) bool {
	return slices.Equal(a.OnlineCategories, b.OnlineCategories) &&
		a.Name == b.Name && a.Code == b.Code && a.SKU == b.SKU && a.EAN == b.EAN && a.Brand == b.Brand &&
		a.Description == b.Description && a.Category == b.Category && a.Country == b.Country &&
		a.PriceCents == b.PriceCents && a.VatBasisPoints == b.VatBasisPoints &&
		(a.ShippingWeightGrams == nil) == (b.ShippingWeightGrams == nil) &&
		(a.ShippingWeightGrams == nil || *a.ShippingWeightGrams == *b.ShippingWeightGrams)
}

// detailsOf reads a stored product's details, for the audit trail.
func detailsOf(p db.Product) Details {
	d := Details{
		Name: p.Name, Code: p.Code, SKU: p.SKU, EAN: p.Ean, Brand: p.Brand, Description: p.Description,
		Category: p.Category, PriceCents: p.PriceCents, VatBasisPoints: p.VatBasisPoints,
		OnlineCategories: p.OnlineCategories, ShippingWeightGrams: p.ShippingWeightGrams,
	}
	if p.CountrySlug != nil {
		d.Country = *p.CountrySlug
	}
	return d
}

// CountryExists reports whether slug is a country of the shop. The form
// asks the database once; an import reads the countries once for all rows.
type CountryExists func(slug string) (bool, error)

// CheckDetails checks the form's fields beyond what the contract's rules
// say: prices and rates as typed, the barcode's check digit, the sections,
// the country. A broken rule is a FieldError naming the contract's field.
func CheckDetails(in DetailsForm, countryExists CountryExists) (Details, error) {
	d := Details{
		Name: strings.TrimSpace(in.Name), Code: strings.TrimSpace(in.Code),
		SKU: strings.TrimSpace(in.SKU), EAN: strings.TrimSpace(in.EAN),
		Brand: strings.TrimSpace(in.Brand), Description: strings.TrimSpace(in.Description),
		Category: in.Category, Country: in.Country,
	}
	if d.Name == "" {
		return d, invalid("details.name", "REQUIRED", "is required")
	}
	var err error
	if d.PriceCents, err = ParsePriceCents(in.Price); err != nil {
		return d, invalid("details.price", "INVALID_PRICE", err.Error())
	}
	if d.VatBasisPoints, err = ParseVATBasisPoints(in.VatRate); err != nil {
		return d, invalid("details.vat_rate", "INVALID_VAT_RATE", err.Error())
	}
	if d.ShippingWeightGrams, err = ParseWeightGrams(in.ShippingWeight); err != nil {
		return d, invalid("details.shipping_weight_grams", "INVALID_WEIGHT", err.Error())
	}
	if d.EAN != "" {
		if err := gtin.Check(d.EAN); err != nil {
			return d, &FieldError{Field: "details.ean", Reason: "EAN_CHECK_DIGIT", Detail: err.Error(), Kind: Refused}
		}
	}
	d.OnlineCategories = []string{}
	for _, c := range in.OnlineCategories {
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
			return d, fmt.Errorf("catalogue: read country %q: %w", d.Country, err)
		}
		if !ok {
			return d, invalid("details.country", "UNKNOWN_COUNTRY", "is not a country of the shop")
		}
	}
	return d, nil
}

// checkDetails is CheckDetails asking q whether the country exists.
func checkDetails(ctx context.Context, q *db.Queries, in DetailsForm) (Details, error) {
	return CheckDetails(in, func(slug string) (bool, error) { return q.CountryExists(ctx, slug) })
}

func countryParam(slug string) *string {
	if slug == "" {
		return nil
	}
	return &slug
}

// UpdateDetails replaces every detail of product id with the form's, in
// its own transaction under the product's row lock: the fields checked,
// the codes against the other products, a new price entered in the price
// history and the change audited (product.details) as done by by. A
// generated picture follows the new name and category; an uploaded one
// stays. Saving what is there changes nothing.
func (s *Service) UpdateDetails(ctx context.Context, by audit.Caller, id int64, form DetailsForm) (db.Product, error) {
	var after db.Product
	err := s.withProduct(ctx, id, func(q *db.Queries, before db.Product) error {
		d, err := checkDetails(ctx, q, form)
		if err != nil {
			return err
		}
		if err := CodesTaken(ctx, q, id, d.Code, d.SKU, d.EAN); err != nil {
			return err
		}
		image := before.ImageURL
		if productimage.IsGenerated(image) {
			image = productimage.ProductURL(d.Category, d.Name)
		}
		after = before
		old := detailsOf(before)
		if old.Same(d) && image == before.ImageURL {
			return nil
		}
		if after, err = q.UpdateProductDetails(ctx, db.UpdateProductDetailsParams{
			Name: d.Name, Code: d.Code, SKU: d.SKU, Ean: d.EAN, Brand: d.Brand, Description: d.Description,
			Category: d.Category, OnlineCategories: d.OnlineCategories, PriceCents: d.PriceCents,
			VatBasisPoints: d.VatBasisPoints, ImageURL: image, CountrySlug: countryParam(d.Country),
			ShippingWeightGrams: d.ShippingWeightGrams,
			UpdatedBy:           userOf(by), ID: id,
		}); err != nil {
			return fmt.Errorf("catalogue: update product %d: %w", id, err)
		}
		if before.PriceCents != after.PriceCents {
			if err := RecordPrices(ctx, q, userOf(by), []int64{id}, []int64{after.PriceCents}); err != nil {
				return err
			}
		}
		return audit.Record(ctx, q, by, "product.details", "product:"+strconv.FormatInt(id, 10), old, d)
	})
	return after, err
}
