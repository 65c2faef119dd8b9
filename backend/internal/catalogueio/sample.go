package catalogueio

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
)

// WriteSample writes a catalogue file of n generated products with SKUs
// prefix-1 to prefix-n, most with food information, for tests and the
// benchmark (./task bench): an import of the same file twice creates,
// then changes nothing.
func WriteSample(w io.Writer, n int, prefix string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns); err != nil {
		return fmt.Errorf("catalogueio: write sample: %w", err)
	}
	record := make([]string, len(Columns))
	for i := 1; i <= n; i++ {
		values := SampleRow(i, prefix)
		for j, c := range Columns {
			record[j] = values[c]
		}
		if err := cw.Write(record); err != nil {
			return fmt.Errorf("catalogueio: write sample: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("catalogueio: write sample: %w", err)
	}
	return nil
}

// SampleRow is the i-th generated product by column; every third is a
// non-food beauty product, the others food with gluten and milk marked.
func SampleRow(i int, prefix string) map[string]string {
	id := prefix + "-" + strconv.Itoa(i)
	row := map[string]string{
		"sku": id, "code": "C" + id, "brand": "Marca " + strconv.Itoa(i%50),
		"category": "alimentos", "country": "", "price": fmt.Sprintf("%d.%02d", 1+i%40, i%100), "vat_rate": "10",
		"stock": strconv.Itoa(i % 500), "online_categories": "alimentos|populares",
		"name_es": "Galletas de maíz nº " + strconv.Itoa(i), "name_pt": "Bolachas de milho nº " + strconv.Itoa(i),
		"description_es": "Galletas crujientes, receta tradicional.", "description_pt": "Bolachas crocantes, receita tradicional.",
		"is_food": "true", "perishable": "false", "frozen": "false", "sealed_hygiene": "false", "age_restricted": "false",
		"shipping_weight_grams": strconv.Itoa(100 + i%900),
	}
	if i%3 == 0 {
		row["category"], row["vat_rate"], row["online_categories"], row["is_food"] = "beleza", "21", "belleza", "false"
		row["name_es"], row["name_pt"] = "Crema de karité nº "+strconv.Itoa(i), "Creme de karité nº "+strconv.Itoa(i)
		return row
	}
	row["ingredients_es"] = "Harina de maíz, harina de **trigo**, **leche** en polvo, azúcar, sal."
	row["ingredients_pt"] = "Farinha de milho, farinha de **trigo**, **leite** em pó, açúcar, sal."
	row["contains"], row["may_contain"] = "gluten|milk", "nuts"
	row["net_quantity"], row["net_unit"] = "250", "g"
	row["storage_es"], row["storage_pt"] = "Consérvese en lugar fresco y seco.", "Conservar em local fresco e seco."
	for c, v := range map[string]string{
		"energy_kj": "1900", "energy_kcal": "452", "fat_mg": "18000", "saturates_mg": "7000",
		"carbohydrate_mg": "65000", "sugars_mg": "22000", "protein_mg": "6500", "salt_mg": "900",
	} {
		row[c] = v
	}
	row["operator_name"], row["operator_address"] = "Sabores Importaciones S.L.", "Calle Mayor 1, 28013 Madrid"
	return row
}
