package catalogueio

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/csvcell"
	"github.com/sabores/sabores/backend/internal/foodinfo"
)

// Problem is one error of a file: its line (the header is line 1; 0 for
// the file as a whole), its column's name ("" for the whole line), a
// reason the back office translates, and an English message.
type Problem struct {
	Line     int               `json:"line"`
	Column   string            `json:"column"`
	Reason   string            `json:"reason"`
	Message  string            `json:"message"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// record is one line of the file, read by column name.
type record struct {
	line   int
	fields []string
	index  map[string]int
	// problems are the line's errors found while reading it.
	problems []Problem
}

// get reads column without the export's formula guard, so a file
// exported and imported again changes nothing.
func (r *record) get(column string) string {
	if i, ok := r.index[column]; ok && i < len(r.fields) {
		return strings.TrimSpace(csvcell.Unguard(r.fields[i]))
	}
	return ""
}

func (r *record) fail(column, reason, message string) {
	r.problems = append(r.problems, Problem{Line: r.line, Column: column, Reason: reason, Message: column + ": " + message})
}

// integer reads column as an integer of bits bits; "" is 0 and, when
// required, a problem.
func (r *record) integer(column string, bits int, required bool) int64 {
	s := r.get(column)
	if s == "" {
		if required {
			r.fail(column, "REQUIRED", "is required")
		}
		return 0
	}
	n, err := strconv.ParseInt(s, 10, bits)
	if err != nil {
		r.fail(column, "NOT_A_NUMBER", fmt.Sprintf("%q is not a whole number", s))
		return 0
	}
	return n
}

// flag reads a yes/no column: true, 1, yes, sí, sim; false, 0, no, não or
// empty.
func (r *record) flag(column string) bool {
	switch strings.ToLower(r.get(column)) {
	case "true", "1", "yes", "sí", "si", "sim", "verdadero", "verdadeiro":
		return true
	case "", "false", "0", "no", "não", "nao", "falso":
		return false
	default:
		r.fail(column, "NOT_A_FLAG", fmt.Sprintf("%q is neither true nor false", r.get(column)))
		return false
	}
}

// list splits a list column.
func (r *record) list(column string) []string {
	out := []string{}
	for _, item := range strings.Split(r.get(column), listSeparator) {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// allergens reads a list of allergen codes (gluten, milk…), in the
// Annex's order as the form sends them, a repeated one kept (the
// contract's rules refuse it).
func (r *record) allergens(column string) []foodinfo.Allergen {
	var codes []foodinfo.Allergen
	for _, item := range r.list(column) {
		a := foodinfo.Allergen(strings.ToLower(item))
		if !slices.Contains(foodinfo.Allergens, a) {
			r.fail(column, "UNKNOWN_ALLERGEN", fmt.Sprintf("%q is not one of the 14 allergens", item))
			continue
		}
		codes = append(codes, a)
	}
	slices.SortStableFunc(codes, func(a, b foodinfo.Allergen) int {
		return slices.Index(foodinfo.Allergens, a) - slices.Index(foodinfo.Allergens, b)
	})
	return codes
}

// units are the net_unit column's values.
var units = []foodinfo.Unit{foodinfo.Gram, foodinfo.Kilogram, foodinfo.Millilitre, foodinfo.Litre, foodinfo.Piece}

// form reads the record into the product form's details and content and
// its stock, exactly as the back office would send them.
func (r *record) form() (catalogue.DetailsForm, catalogue.Content, int32) {
	details := catalogue.DetailsForm{
		Name: r.get("name_es"), Code: r.get("code"), SKU: r.get("sku"), EAN: r.get("ean"), Brand: r.get("brand"),
		Description: r.get("description_es"), Category: r.get("category"), Country: r.get("country"),
		Price: r.get("price"), VatRate: r.get("vat_rate"), OnlineCategories: r.list("online_categories"),
		ShippingWeight: r.get("shipping_weight_grams"),
	}
	stock := r.integer("stock", 32, true)
	if stock < 0 {
		r.fail("stock", "STOCK_NEGATIVE", "must be at least 0")
	}
	isFood := catalogue.IsFoodCategory(details.Category)
	if _, ok := r.index["is_food"]; ok && r.get("is_food") != "" {
		isFood = r.flag("is_food")
	}
	content := catalogue.Content{
		NameEs: details.Name, NamePt: r.get("name_pt"),
		DescriptionEs: details.Description, DescriptionPt: r.get("description_pt"), IsFood: isFood,
		Flags: catalogue.Flags{
			Frozen: r.flag("frozen"), Perishable: r.flag("perishable"),
			SealedHygiene: r.flag("sealed_hygiene"), AgeRestricted: r.flag("age_restricted"),
		},
	}
	if r.any(foodColumns) || r.any(nutritionColumns) {
		f := &catalogue.FoodInfo{
			IngredientsEs: r.get("ingredients_es"), IngredientsPt: r.get("ingredients_pt"),
			Contains: r.allergens("contains"), MayContain: r.allergens("may_contain"),
			NetQuantity:    r.integer("net_quantity", 64, true),
			DrainedWeightG: r.integer("drained_weight_g", 64, false),
			StorageEs:      r.get("storage_es"), StoragePt: r.get("storage_pt"),
			AbvBasisPoints: int32(r.integer("abv_basis_points", 32, false)),
			OperatorName:   r.get("operator_name"), OperatorAddress: r.get("operator_address"),
		}
		if u := r.get("net_unit"); u == "" {
			r.fail("net_unit", "REQUIRED", "is required")
		} else if unit := foodinfo.Unit(strings.ToLower(u)); slices.Contains(units, unit) {
			f.NetUnit = unit
		} else {
			r.fail("net_unit", "UNKNOWN_UNIT", fmt.Sprintf("%q is not g, kg, ml, l or units", u))
		}
		if r.any(nutritionColumns) {
			n := make([]int32, len(nutritionColumns))
			for i, c := range nutritionColumns {
				n[i] = int32(r.integer(c, 32, true))
			}
			f.Nutrition = &catalogue.Nutrition{
				EnergyKj: n[0], EnergyKcal: n[1], FatMg: n[2], SaturatesMg: n[3],
				CarbohydrateMg: n[4], SugarsMg: n[5], ProteinMg: n[6], SaltMg: n[7],
			}
		}
		content.Food = f
	}
	if r.any(safetyColumns) {
		content.Safety = &catalogue.Safety{
			ManufacturerName: r.get("manufacturer_name"), ManufacturerAddress: r.get("manufacturer_address"),
			ManufacturerContact: r.get("manufacturer_contact"),
			// The form offers the countries' codes upper case; a file's
			// "br" means the same.
			ManufacturerCountry: strings.ToUpper(r.get("manufacturer_country")),
			ResponsibleName:     r.get("responsible_name"), ResponsibleAddress: r.get("responsible_address"),
			ResponsibleContact: r.get("responsible_contact"), WarningsEs: r.get("warnings_es"), WarningsPt: r.get("warnings_pt"),
		}
	}
	return details, content, int32(stock)
}

// hasColumns reports whether the file has any of columns.
func (r *record) hasColumns(columns []string) bool {
	return slices.ContainsFunc(columns, func(c string) bool { _, ok := r.index[c]; return ok })
}

// any reports whether any of columns is filled.
func (r *record) any(columns []string) bool {
	for _, c := range columns {
		if r.get(c) != "" {
			return true
		}
	}
	return false
}
