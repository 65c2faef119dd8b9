package catalogue

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// PackagingMaterials are the materials a unit's packaging is declared in
// (RD 1055/2022 on packaging and packaging waste: the producer declares
// each year the kilograms it placed on the market by material), in the
// order the yearly export lists them.
var PackagingMaterials = []string{"plastic", "paper", "glass", "metal", "wood", "composite"}

// materialNames are the materials as the yearly export names them, in
// Spanish for the declaration.
var materialNames = map[string]string{
	"plastic": "plástico", "paper": "papel y cartón", "glass": "vidrio",
	"metal": "metal", "wood": "madera", "composite": "compuesto",
}

// maxPackagingMg is the most packaging a unit may declare of one material:
// 100 kg, far beyond anything the shop sells, so a slip of the keyboard
// (grams typed as milligrams) is refused.
const maxPackagingMg = 100_000_000

// PackagingPart is the packaging of one material around one unit of a
// product, in milligrams (a 2,5 g sachet is 2500).
type PackagingPart struct {
	Material   string `json:"material"`
	Milligrams int32  `json:"milligrams"`
}

// CheckPackaging refuses a material not in PackagingMaterials, one named
// twice, or a weight of none or beyond maxPackagingMg.
func CheckPackaging(parts []PackagingPart) error {
	seen := map[string]bool{}
	for i, p := range parts {
		field := "packaging[" + strconv.Itoa(i) + "]"
		if !slices.Contains(PackagingMaterials, p.Material) {
			return invalid(field+".material", "PACKAGING_MATERIAL_UNKNOWN", fmt.Sprintf("%q is not a packaging material", p.Material))
		}
		if seen[p.Material] {
			return invalid(field+".material", "PACKAGING_MATERIAL_TWICE", p.Material+" is named twice")
		}
		seen[p.Material] = true
		if p.Milligrams < 1 || p.Milligrams > maxPackagingMg {
			return invalid(field+".milligrams", "PACKAGING_WEIGHT_OUT_OF_RANGE", "from 1 mg to 100 kg a unit")
		}
	}
	return nil
}

// Packaging is product id's packaging, by material.
func (s *Service) Packaging(ctx context.Context, id int64) ([]PackagingPart, error) {
	q := db.New(s.pool)
	if _, err := q.AdminGetProduct(ctx, id); err != nil {
		return nil, ProductNotFound(err, id)
	}
	return readPackaging(ctx, q, id)
}

func readPackaging(ctx context.Context, q *db.Queries, id int64) ([]PackagingPart, error) {
	rows, err := q.ProductPackaging(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("catalogue: packaging of product %d: %w", id, err)
	}
	parts := make([]PackagingPart, 0, len(rows))
	for _, r := range rows {
		parts = append(parts, PackagingPart{Material: r.Material, Milligrams: r.Milligrams})
	}
	return parts, nil
}

// SetPackaging replaces product id's packaging as a whole (none clears
// it), in its own transaction under the product's row lock, audited
// (product.packaging) as done by by with the packaging before and after.
func (s *Service) SetPackaging(ctx context.Context, by audit.Caller, id int64, parts []PackagingPart) ([]PackagingPart, error) {
	if err := CheckPackaging(parts); err != nil {
		return nil, err
	}
	var out []PackagingPart
	err := s.withProduct(ctx, id, func(q *db.Queries, _ db.Product) error {
		before, err := readPackaging(ctx, q, id)
		if err != nil {
			return err
		}
		if err := q.DeleteProductPackaging(ctx, id); err != nil {
			return fmt.Errorf("catalogue: clear packaging of product %d: %w", id, err)
		}
		for _, p := range parts {
			if err := q.InsertProductPackaging(ctx, db.InsertProductPackagingParams{
				ProductID: id, Material: p.Material, Milligrams: p.Milligrams, UpdatedBy: userOf(by),
			}); err != nil {
				return fmt.Errorf("catalogue: save packaging of product %d: %w", id, err)
			}
		}
		if out, err = readPackaging(ctx, q, id); err != nil {
			return err
		}
		return audit.Record(ctx, q, by, "product.packaging", "product:"+strconv.FormatInt(id, 10), before, out)
	})
	return out, err
}

// UnitsPlaced are the units of a product placed on the market in a
// period, net of those that came back, and one material of its packaging.
type UnitsPlaced struct {
	Units      int64
	Material   string
	Milligrams int32
}

// MaterialTotal is the packaging of one material placed on the market.
type MaterialTotal struct {
	Material   string
	Milligrams int64
}

// PackagingTotals adds up, per material in PackagingMaterials' order, the
// units placed times the milligrams of that material around each; every
// material is listed, none placed as 0. A product whose returns outweigh
// its sales in the period (sold the year before) takes its packaging off.
func PackagingTotals(placed []UnitsPlaced) []MaterialTotal {
	sum := map[string]int64{}
	for _, p := range placed {
		sum[p.Material] += p.Units * int64(p.Milligrams)
	}
	out := make([]MaterialTotal, 0, len(PackagingMaterials))
	for _, m := range PackagingMaterials {
		out = append(out, MaterialTotal{Material: m, Milligrams: sum[m]})
	}
	return out
}

// Kilograms writes mg as kilograms with three decimals and a decimal
// comma, as Spanish spreadsheets read them: 1234567 mg is "1,235"
// (rounded half away from zero).
func Kilograms(mg int64) string {
	neg := mg < 0
	if neg {
		mg = -mg
	}
	g := (mg + 500) / 1000 // grams, rounded
	s := fmt.Sprintf("%d,%03d", g/1000, g%1000)
	if neg && g != 0 {
		s = "-" + s
	}
	return s
}

// PackagingReport is the yearly export of RD 1055/2022: the kilograms of
// packaging placed on the market in calendar year (Madrid time) by
// material, from the units invoiced online and at the till less those
// refunded or returned, as CSV with semicolons.
func (s *Service) PackagingReport(ctx context.Context, year int) ([]byte, error) {
	if year < 2000 || year > 9999 {
		return nil, invalid("year", "YEAR_OUT_OF_RANGE", "a year from 2000")
	}
	from := time.Date(year, time.January, 1, 0, 0, 0, 0, shoptime.Madrid)
	rows, err := db.New(s.pool).PackagingUnitsPlaced(ctx, db.PackagingUnitsPlacedParams{FromTime: from, ToTime: from.AddDate(1, 0, 0)})
	if err != nil {
		return nil, fmt.Errorf("catalogue: units placed in %d: %w", year, err)
	}
	placed := make([]UnitsPlaced, 0, len(rows))
	for _, r := range rows {
		placed = append(placed, UnitsPlaced{Units: r.Units, Material: r.Material, Milligrams: r.Milligrams})
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Comma = ';'
	_ = w.Write([]string{"año", "material", "kilogramos"})
	for _, t := range PackagingTotals(placed) {
		_ = w.Write([]string{strconv.Itoa(year), materialNames[t.Material], Kilograms(t.Milligrams)})
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}
