package catalogueio

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/foodinfo"
)

// The contract's rules on the product form's fields (ProductDetails,
// ProductContent, AdminFoodInfo, Nutrition and AdminProductSafety in
// proto/sabores/v1), which
// the API's protovalidate interceptor applies to the form, written out
// here for a row of a file, worded as protovalidate words them: a file
// stores nothing the form would refuse. TestContractRulesMatchTheProto
// checks them against protovalidate on the generated messages.

// codePattern is a product code's and a SKU's shape.
var codePattern = `^[A-Za-z0-9][A-Za-z0-9._-]*$`

// patterns are the rules' regular expressions, compiled once.
var patterns = map[string]*regexp.Regexp{}

func init() {
	for _, p := range []string{codePattern, eanPattern, countryPattern, manufacturerCountryPattern} {
		patterns[p] = regexp.MustCompile(p)
	}
}

const (
	eanPattern     = `^([0-9]{8}|[0-9]{12,14})?$`
	countryPattern = `^([a-z0-9]+(-[a-z0-9]+)*)?$`
	// manufacturerCountryPattern is AdminProductSafety's: ISO 3166-1
	// alpha-2, or empty while unknown.
	manufacturerCountryPattern = `^([A-Z]{2})?$`
)

// categories are the product categories the contract knows.
var categories = []string{"bebidas", "doces", "alimentos", "congelados", "beleza", "perfumes"}

// breach is one broken rule of the contract: the file's column, the rule's
// id and its message, and the rule's bounds (and a refused value from a
// list) for the back office to say it in words.
type breach struct {
	column, rule, message string
	meta                  map[string]string
}

// breaches gathers a row's broken rules in the contract's field order.
type breaches []breach

func (b *breaches) add(column, rule, message string, meta ...string) {
	m := map[string]string{}
	for i := 0; i+1 < len(meta); i += 2 {
		m[meta[i]] = meta[i+1]
	}
	*b = append(*b, breach{column, rule, message, m})
}

// text checks a string's length in characters (a bound of 0 is none), its
// pattern ("" for none) and its list of values (nil for any).
func (b *breaches) text(column, v string, minLen, maxLen int, pattern string, in []string) {
	n := utf8.RuneCountInString(v)
	if minLen > 0 && n < minLen {
		b.add(column, "string.min_len", fmt.Sprintf("must be at least %d characters", minLen), "min", strconv.Itoa(minLen))
	}
	if maxLen > 0 && n > maxLen {
		b.add(column, "string.max_len", fmt.Sprintf("must be at most %d characters", maxLen), "max", strconv.Itoa(maxLen))
	}
	if pattern != "" && !patterns[pattern].MatchString(v) {
		b.add(column, "string.pattern", fmt.Sprintf("does not match regex pattern `%s`", pattern))
	}
	if in != nil && !slices.Contains(in, v) {
		b.add(column, "string.in", "must be in list ["+strings.Join(in, ", ")+"]", "value", v, "allowed", strings.Join(in, ", "))
	}
}

// list checks a repeated field's length and that its items are unique.
func list[T comparable](b *breaches, column string, items []T, maxItems int) {
	if len(items) > maxItems {
		b.add(column, "repeated.max_items", fmt.Sprintf("must contain no more than %d item(s)", maxItems), "max", strconv.Itoa(maxItems))
	}
	seen := map[T]bool{}
	for _, v := range items {
		if seen[v] {
			b.add(column, "repeated.unique", "repeated value must contain unique items")
			return
		}
		seen[v] = true
	}
}

// between checks that a number of type typ ("int32", "int64") is above lo
// (or at least lo when inclusive) and at most hi.
func (b *breaches) between(column, typ string, v int64, lo int64, inclusive bool, hi int64) {
	rule, low := typ+".gt_lte", fmt.Sprintf("greater than %d", lo)
	if inclusive {
		rule, low = typ+".gte_lte", fmt.Sprintf("greater than or equal to %d", lo)
	}
	if v > hi || v < lo || !inclusive && v == lo {
		b.add(column, rule, fmt.Sprintf("must be %s and less than or equal to %d", low, hi),
			"min", strconv.FormatInt(lo, 10), "max", strconv.FormatInt(hi, 10))
	}
}

// contractBreaches are the rules d and c break, in the contract's field
// order: the details' first, then the content's.
func contractBreaches(d catalogue.DetailsForm, c catalogue.Content) breaches {
	var b breaches
	b.text("name_es", d.Name, 1, 200, "", nil)
	b.text("code", d.Code, 1, 40, codePattern, nil)
	b.text("sku", d.SKU, 1, 40, codePattern, nil)
	b.text("ean", d.EAN, 0, 0, eanPattern, nil)
	b.text("brand", d.Brand, 0, 100, "", nil)
	b.text("description_es", d.Description, 0, 4000, "", nil)
	b.text("category", d.Category, 0, 0, "", categories)
	b.text("country", d.Country, 0, 60, countryPattern, nil)
	b.text("price", d.Price, 1, 20, "", nil)
	b.text("vat_rate", d.VatRate, 1, 20, "", nil)
	list(&b, "online_categories", d.OnlineCategories, 10)
	for _, s := range d.OnlineCategories {
		b.text("online_categories", s, 0, 0, "", catalogue.OnlineCategories)
	}
	b.text("shipping_weight_grams", d.ShippingWeight, 0, 20, "", nil)

	b.text("name_es", c.NameEs, 1, 200, "", nil)
	b.text("name_pt", c.NamePt, 0, 200, "", nil)
	b.text("description_es", c.DescriptionEs, 0, 4000, "", nil)
	b.text("description_pt", c.DescriptionPt, 0, 4000, "", nil)
	if f := c.Food; f != nil {
		b.food(f)
	}
	if s := c.Safety; s != nil {
		b.text("manufacturer_name", s.ManufacturerName, 0, 200, "", nil)
		b.text("manufacturer_address", s.ManufacturerAddress, 0, 500, "", nil)
		b.text("manufacturer_contact", s.ManufacturerContact, 0, 200, "", nil)
		b.text("manufacturer_country", s.ManufacturerCountry, 0, 0, manufacturerCountryPattern, nil)
		b.text("responsible_name", s.ResponsibleName, 0, 200, "", nil)
		b.text("responsible_address", s.ResponsibleAddress, 0, 500, "", nil)
		b.text("responsible_contact", s.ResponsibleContact, 0, 200, "", nil)
		b.text("warnings_es", s.WarningsEs, 0, 2000, "", nil)
		b.text("warnings_pt", s.WarningsPt, 0, 2000, "", nil)
	}
	return b
}

// food checks AdminFoodInfo's rules.
func (b *breaches) food(f *catalogue.FoodInfo) {
	b.text("ingredients_es", f.IngredientsEs, 0, 4000, "", nil)
	b.text("ingredients_pt", f.IngredientsPt, 0, 4000, "", nil)
	list[foodinfo.Allergen](b, "contains", f.Contains, len(foodinfo.Allergens))
	list[foodinfo.Allergen](b, "may_contain", f.MayContain, len(foodinfo.Allergens))
	b.between("net_quantity", "int64", f.NetQuantity, 0, false, 100_000_000)
	b.between("drained_weight_g", "int64", f.DrainedWeightG, 0, true, 100_000_000)
	b.text("storage_es", f.StorageEs, 0, 1000, "", nil)
	b.text("storage_pt", f.StoragePt, 0, 1000, "", nil)
	if n := f.Nutrition; n != nil {
		for i, v := range []int32{n.EnergyKj, n.EnergyKcal, n.FatMg, n.SaturatesMg, n.CarbohydrateMg, n.SugarsMg, n.ProteinMg, n.SaltMg} {
			b.between(nutritionColumns[i], "int32", int64(v), 0, true, nutritionMax[i])
		}
	}
	b.between("abv_basis_points", "int32", int64(f.AbvBasisPoints), 0, true, 10_000)
	b.text("operator_name", f.OperatorName, 1, 200, "", nil)
	b.text("operator_address", f.OperatorAddress, 1, 400, "", nil)
}

// nutritionMax are the highest values of nutritionColumns: energy per
// 100 g, and no mass above 100 g.
var nutritionMax = []int64{4000, 1000, 100_000, 100_000, 100_000, 100_000, 100_000, 100_000}
