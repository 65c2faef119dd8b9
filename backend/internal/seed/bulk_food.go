package seed

import (
	"fmt"
	"strconv"
	"strings"
)

// bulkNounsPT are the Portuguese nouns of the generated food products, so
// a large catalogue has names to find in both languages; the rest of a
// generated name (flavour, size) reads alike in both.
var bulkNounsPT = map[string]string{
	"Refresco": "Refrigerante", "Zumo": "Suco", "Néctar": "Néctar", "Café": "Café", "Infusión": "Infusão",
	"Malta": "Malte", "Dulce": "Doce", "Bombón": "Bombom", "Turrón": "Torrone", "Galleta": "Biscoito",
	"Cocada": "Cocada", "Mermelada": "Geleia", "Harina": "Farinha", "Frijoles": "Feijão", "Salsa": "Molho",
	"Arroz": "Arroz", "Especias": "Especiarias", "Aceite": "Óleo", "Empanadas": "Empadas",
	"Tequeños": "Tequeños", "Yuca": "Mandioca", "Pulpa": "Polpa", "Pastelitos": "Pastéis", "Arepas": "Arepas",
}

// bulkAllergen is an allergen ingredient of generated food, in both languages.
type bulkAllergen struct {
	code   string
	es, pt string
}

var bulkAllergens = []bulkAllergen{
	{"gluten", "harina de **trigo**", "farinha de **trigo**"},
	{"milk", "**leche** en polvo", "**leite** em pó"},
	{"eggs", "**huevo** pasteurizado", "**ovo** pasteurizado"},
	{"nuts", "**almendra** tostada", "**amêndoa** torrada"},
}

// bulkFood is the food information of a generated food product: allergens
// vary with i, so "without allergen X" filters keep about half of them.
type bulkFood struct {
	contains, mayContain []string
	ingredientsES        string
	ingredientsPT        string
	quantity             int64
	unit                 string
}

// foodOf returns p's food information; ok is false for beauty and perfumes.
func foodOf(i int, p bulkProduct) (bulkFood, bool) {
	if p.category == "beleza" || p.category == "perfumes" {
		return bulkFood{}, false
	}
	f := bulkFood{contains: []string{}, mayContain: []string{}}
	es := []string{"azúcar", "agua"}
	pt := []string{"açúcar", "água"}
	for k, a := range bulkAllergens {
		switch {
		case i%(k+3) == 0:
			f.contains = append(f.contains, a.code)
			es, pt = append(es, a.es), append(pt, a.pt)
		case i%(k+5) == 1:
			f.mayContain = append(f.mayContain, a.code)
		}
	}
	f.ingredientsES = strings.Join(es, ", ") + "."
	f.ingredientsPT = strings.Join(pt, ", ") + "."
	f.quantity, f.unit = parseSize(p.name)
	return f, true
}

// parseSize reads the size a generated name ends with ("330 ml", "1 L",
// "12 unidades", "caja de 12") as a quantity in g, ml or pieces.
func parseSize(name string) (int64, string) {
	fields := strings.Fields(name)
	if len(fields) < 2 {
		return 1, "units"
	}
	last, before := fields[len(fields)-1], fields[len(fields)-2]
	if n, err := strconv.ParseInt(last, 10, 64); err == nil { // "caja de 12"
		return n, "units"
	}
	n, err := strconv.ParseInt(before, 10, 64)
	if err != nil {
		return 1, "units"
	}
	switch strings.ToLower(last) {
	case "g":
		return n, "g"
	case "kg":
		return n * 1000, "kg"
	case "ml":
		return n, "ml"
	case "l":
		return n * 1000, "l"
	}
	return n, "units"
}

// risk is what products.allergen_risk holds for f (migration 00080's
// trigger computes the same, which the bulk load turns off), sorted.
func (f bulkFood) risk() []string {
	out := []string{}
	for _, code := range []string{"eggs", "gluten", "milk", "nuts"} {
		for _, c := range append(append([]string{}, f.contains...), f.mayContain...) {
			if c == code {
				out = append(out, code)
				break
			}
		}
	}
	return out
}

// foodRow is the product_food_info row of generated product p.
func foodRow(p bulkProduct) ([]any, bool) {
	if p.food == nil {
		return nil, false
	}
	f := p.food
	return []any{p.id, f.ingredientsES, f.ingredientsPT, f.contains, f.mayContain, f.quantity, f.unit,
		"Consérvese en lugar fresco y seco.", "Conservar em local fresco e seco.",
		fmt.Sprintf("%s S.L.", p.brand), "Calle Mayor 1, 28013 Madrid (España)"}, true
}
