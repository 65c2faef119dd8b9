// Package catalogueio exports the catalogue as CSV and imports the same
// format, creating or updating products by SKU. The columns are listed in
// Columns and documented in docs/catalogue-csv.md. A row is checked with
// the product form's own rules (the contract's, contract.go, then the
// catalogue's), so a file stores nothing the form would refuse; the
// import writes all rows in one transaction with COPY and a few set-based
// statements, or nothing. It knows neither Connect nor the generated
// contract: the back office's handlers call its use cases (DryRun, Start,
// ExportAll, AddChunk) and the import job calls Run.
package catalogueio

import (
	"slices"
	"strconv"
	"strings"
)

// Columns are the file's columns, in the order the export writes them. An
// import reads them by name, in any order; Required must be there.
var Columns = []string{
	"sku", "code", "ean", "brand", "category", "country", "price", "vat_rate", "stock", "online_categories",
	"shipping_weight_grams", "name_es", "name_pt", "description_es", "description_pt",
	"is_food", "frozen", "perishable", "sealed_hygiene", "age_restricted",
	"ingredients_es", "ingredients_pt", "contains", "may_contain", "net_quantity", "net_unit", "drained_weight_g",
	"storage_es", "storage_pt",
	"energy_kj", "energy_kcal", "fat_mg", "saturates_mg", "carbohydrate_mg", "sugars_mg", "protein_mg", "salt_mg",
	"abv_basis_points", "operator_name", "operator_address",
	"manufacturer_name", "manufacturer_address", "manufacturer_contact", "manufacturer_country",
	"responsible_name", "responsible_address", "responsible_contact", "warnings_es", "warnings_pt",
}

// Required are the columns an import cannot do without.
var Required = []string{"sku", "code", "category", "price", "vat_rate", "stock", "name_es"}

// foodColumns are the food information's columns: a row with any of them
// filled carries food information, and then the form's rules for it apply.
var foodColumns = []string{
	"ingredients_es", "ingredients_pt", "contains", "may_contain", "net_quantity", "net_unit", "drained_weight_g",
	"storage_es", "storage_pt", "abv_basis_points", "operator_name", "operator_address",
}

// safetyColumns are a non-food product's safety information (GPSR, Reg.
// 2023/988 art. 19): a row with any of them filled carries it, and then
// the form's rules for it apply.
var safetyColumns = []string{
	"manufacturer_name", "manufacturer_address", "manufacturer_contact", "manufacturer_country",
	"responsible_name", "responsible_address", "responsible_contact", "warnings_es", "warnings_pt",
}

// nutritionColumns are the declaration per 100 g or ml: all or none.
var nutritionColumns = []string{
	"energy_kj", "energy_kcal", "fat_mg", "saturates_mg", "carbohydrate_mg", "sugars_mg", "protein_mg", "salt_mg",
}

// listSeparator separates the items of a list column ("gluten|milk"):
// neither a comma nor a semicolon, which spreadsheets take for columns.
const listSeparator = "|"

// columnOf is the file's column of a field of the contract, as a
// catalogue.FieldError names it ("details.price",
// "content.food_info.ingredients_es"); "" when the field is the whole
// row's.
func columnOf(field string) string {
	last := field[strings.LastIndexByte(field, '.')+1:]
	if strings.HasPrefix(field, "details.") {
		if c, ok := detailsFields[last]; ok {
			return c
		}
		return last
	}
	if slices.Contains(Columns, last) {
		return last
	}
	return ""
}

// detailsFields are ProductDetails' fields whose column has another name.
var detailsFields = map[string]string{"name": "name_es", "description": "description_es"}

// formatHundredths writes cents or basis points as the form types them:
// "8.50", "21", "10.5".
func formatHundredths(n int64) string {
	whole, frac := n/100, n%100
	if frac == 0 {
		return strconv.FormatInt(whole, 10)
	}
	return strconv.FormatInt(whole, 10) + "." + strings.TrimSuffix(strconv.FormatInt(100+frac, 10)[1:], "0")
}
