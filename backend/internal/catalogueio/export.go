package catalogueio

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sabores/sabores/backend/internal/csvcell"
	"github.com/sabores/sabores/backend/internal/db"
)

// exportPage is how many products the export reads at a time: memory stays
// flat whatever the catalogue's size.
const exportPage = 1000

// Export writes the catalogue to w as CSV (RFC 4180: encoding/csv quotes
// fields with commas, quotes or line breaks; csvcell guards text a
// spreadsheet would run as a formula), the header first, products
// by id, reading a page at a time through q. Run it in a REPEATABLE READ
// transaction for one consistent snapshot. bom starts the file with a
// UTF-8 byte order mark, without which Excel reads it in the local code
// page. It returns how many products it wrote.
func Export(ctx context.Context, q *db.Queries, w io.Writer, bom bool) (int, error) {
	if bom {
		if _, err := io.WriteString(w, "\uFEFF"); err != nil {
			return 0, fmt.Errorf("catalogueio: write: %w", err)
		}
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns); err != nil {
		return 0, fmt.Errorf("catalogueio: write header: %w", err)
	}
	var after int64
	n := 0
	record := make([]string, len(Columns))
	for {
		page, err := q.ExportCataloguePage(ctx, db.ExportCataloguePageParams{AfterID: after, PageLimit: exportPage})
		if err != nil {
			return n, fmt.Errorf("catalogueio: read products after %d: %w", after, err)
		}
		for _, r := range page {
			fill(record, r)
			if err := cw.Write(record); err != nil {
				return n, fmt.Errorf("catalogueio: write product %d: %w", r.Product.ID, err)
			}
			n++
			after = r.Product.ID
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			return n, fmt.Errorf("catalogueio: write: %w", err)
		}
		if len(page) < exportPage {
			return n, nil
		}
	}
}

// fill writes r into record, in Columns' order.
func fill(record []string, r db.ExportCataloguePageRow) {
	p := r.Product
	country := ""
	if p.CountrySlug != nil {
		country = *p.CountrySlug
	}
	values := map[string]string{
		"sku": p.SKU, "code": p.Code, "ean": p.Ean, "brand": p.Brand, "category": p.Category, "country": country,
		"price": formatHundredths(p.PriceCents), "vat_rate": formatHundredths(int64(p.VatBasisPoints)),
		"stock": strconv.Itoa(int(p.Stock)), "online_categories": strings.Join(p.OnlineCategories, listSeparator),
		"name_es": p.Name, "name_pt": p.NamePt, "description_es": p.Description, "description_pt": p.DescriptionPt,
		"is_food": strconv.FormatBool(p.IsFood), "frozen": strconv.FormatBool(p.Frozen),
		"perishable": strconv.FormatBool(p.Perishable), "sealed_hygiene": strconv.FormatBool(p.SealedHygiene),
		"age_restricted": strconv.FormatBool(p.AgeRestricted), "shipping_weight_grams": optional(p.ShippingWeightGrams),
	}
	if r.HasFood {
		values["ingredients_es"], values["ingredients_pt"] = r.IngredientsEs, r.IngredientsPt
		values["contains"], values["may_contain"] = strings.Join(r.Contains, listSeparator), strings.Join(r.MayContain, listSeparator)
		values["net_quantity"], values["net_unit"] = strconv.FormatInt(r.NetQuantity, 10), r.NetUnit
		values["drained_weight_g"] = optional(r.DrainedWeightG)
		values["storage_es"], values["storage_pt"] = r.StorageEs, r.StoragePt
		for _, n := range []struct {
			column string
			value  *int32
		}{
			{"energy_kj", r.EnergyKj}, {"energy_kcal", r.EnergyKcal}, {"fat_mg", r.FatMg},
			{"saturates_mg", r.SaturatesMg}, {"carbohydrate_mg", r.CarbohydrateMg}, {"sugars_mg", r.SugarsMg},
			{"protein_mg", r.ProteinMg}, {"salt_mg", r.SaltMg}, {"abv_basis_points", r.AbvBasisPoints},
		} {
			values[n.column] = optional(n.value)
		}
		values["operator_name"], values["operator_address"] = r.OperatorName, r.OperatorAddress
	}
	if r.HasSafety {
		values["manufacturer_name"], values["manufacturer_address"] = r.ManufacturerName, r.ManufacturerAddress
		values["manufacturer_contact"], values["manufacturer_country"] = r.ManufacturerContact, r.ManufacturerCountry
		values["responsible_name"], values["responsible_address"] = r.ResponsibleName, r.ResponsibleAddress
		values["responsible_contact"] = r.ResponsibleContact
		values["warnings_es"], values["warnings_pt"] = r.WarningsEs, r.WarningsPt
	}
	// Every cell is guarded: the numbers and flags written here never
	// start with a trigger, so only text an owner typed is ever quoted.
	for i, c := range Columns {
		record[i] = csvcell.Guard(values[c])
	}
}

func optional[T int32 | int64](v *T) string {
	if v == nil {
		return ""
	}
	return strconv.FormatInt(int64(*v), 10)
}
