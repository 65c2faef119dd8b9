package catalogue

import (
	"errors"
	"testing"
)

func TestPackagingTotals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		placed []UnitsPlaced
		want   map[string]int64 // mg; the rest 0
	}{
		{"nothing placed", nil, map[string]int64{}},
		{"units times grams", []UnitsPlaced{{Units: 3, Material: "glass", Milligrams: 250_000}}, map[string]int64{"glass": 750_000}},
		{"two materials of one product", []UnitsPlaced{
			{Units: 10, Material: "glass", Milligrams: 300_000}, {Units: 10, Material: "metal", Milligrams: 2_500},
		}, map[string]int64{"glass": 3_000_000, "metal": 25_000}},
		{"two products of one material add up", []UnitsPlaced{
			{Units: 2, Material: "plastic", Milligrams: 12_000}, {Units: 5, Material: "plastic", Milligrams: 1_500},
		}, map[string]int64{"plastic": 31_500}},
		{"returns of last year's sales take packaging off", []UnitsPlaced{{Units: -1, Material: "paper", Milligrams: 40_000}}, map[string]int64{"paper": -40_000}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := PackagingTotals(tc.placed)
			if len(got) != len(PackagingMaterials) {
				t.Fatalf("%d materials, want every one of %d", len(got), len(PackagingMaterials))
			}
			for i, m := range got {
				if m.Material != PackagingMaterials[i] || m.Milligrams != tc.want[m.Material] {
					t.Errorf("%s = %d mg, want %d", m.Material, m.Milligrams, tc.want[m.Material])
				}
			}
		})
	}
}

func TestKilograms(t *testing.T) {
	t.Parallel()
	for mg, want := range map[int64]string{
		0: "0,000", 499: "0,000", 500: "0,001", 1_234_567: "1,235", 31_500: "0,032",
		3_000_000: "3,000", -40_000: "-0,040", 1_000_000_000: "1000,000",
	} {
		if got := Kilograms(mg); got != want {
			t.Errorf("Kilograms(%d) = %s, want %s", mg, got, want)
		}
	}
}

func TestCheckPackaging(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		parts  []PackagingPart
		reason string
	}{
		{"none", nil, ""},
		{"glass bottle and metal cap", []PackagingPart{{"glass", 300_000}, {"metal", 2_500}}, ""},
		{"unknown material", []PackagingPart{{"styrofoam", 1}}, "PACKAGING_MATERIAL_UNKNOWN"},
		{"material twice", []PackagingPart{{"paper", 1}, {"paper", 2}}, "PACKAGING_MATERIAL_TWICE"},
		{"no weight", []PackagingPart{{"wood", 0}}, "PACKAGING_WEIGHT_OUT_OF_RANGE"},
		{"beyond 100 kg", []PackagingPart{{"composite", 100_000_001}}, "PACKAGING_WEIGHT_OUT_OF_RANGE"},
	} {
		err := CheckPackaging(tc.parts)
		var fe *FieldError
		switch {
		case tc.reason == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.reason != "" && (!errors.As(err, &fe) || fe.Reason != tc.reason):
			t.Errorf("%s: %v, want %s", tc.name, err, tc.reason)
		}
	}
}
