package foodinfo

import (
	"reflect"
	"testing"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		text     string
		contains []Allergen
		want     []Problem
	}{
		{"empty text checks nothing", "", []Allergen{Milk}, nil},
		{"no allergens", "agua, azúcar, extracto de guaraná", nil, nil},
		{"flag emphasised", "harina de **trigo**, sal", []Allergen{Gluten}, nil},
		{"plural and accents", "**HUEVOS** camperos, **maní** tostado", []Allergen{Eggs, Peanuts}, nil},
		{"portuguese", "polvilho, **queijo** minas, **ovos**", []Allergen{Milk, Eggs}, nil},
		{"one span names two", "**leche y huevo** en polvo", []Allergen{Milk, Eggs}, nil},
		{"flag not emphasised", "harina de trigo, **leche**", []Allergen{Gluten, Milk},
			[]Problem{{Reason: "ALLERGEN_NOT_EMPHASISED", Allergen: Gluten}}},
		{"emphasised not flagged", "harina de **trigo**", nil,
			[]Problem{{Reason: "ALLERGEN_NOT_FLAGGED", Allergen: Gluten, Text: "trigo"}}},
		{"emphasis naming nothing", "**azúcar**, **leche**", []Allergen{Milk},
			[]Problem{{Reason: "EMPHASIS_NAMES_NO_ALLERGEN", Text: "azúcar"}}},
		{"unclosed emphasis", "harina de **trigo, sal", []Allergen{Gluten},
			[]Problem{{Reason: "EMPHASIS_UNBALANCED"}}},
		{"empty emphasis", "harina ****, sal", nil, []Problem{{Reason: "EMPHASIS_UNBALANCED"}}},
		{"word start only", "**salmonete**", []Allergen{Fish},
			[]Problem{{Reason: "EMPHASIS_NAMES_NO_ALLERGEN", Text: "salmonete"}, {Reason: "ALLERGEN_NOT_EMPHASISED", Allergen: Fish}}},
		{"both problems, spans first", "**soja**", []Allergen{Sesame}, []Problem{
			{Reason: "ALLERGEN_NOT_FLAGGED", Allergen: Soybeans, Text: "soja"},
			{Reason: "ALLERGEN_NOT_EMPHASISED", Allergen: Sesame},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Check(tt.text, tt.contains); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Check(%q, %v) = %+v, want %+v", tt.text, tt.contains, got, tt.want)
			}
		})
	}
}

func TestSplit(t *testing.T) {
	t.Parallel()
	spans, ok := Split("harina de **trigo**, **leche**")
	want := []Span{{"harina de ", false}, {"trigo", true}, {", ", false}, {"leche", true}}
	if !ok || !reflect.DeepEqual(spans, want) {
		t.Errorf("Split = %+v, %v; want %+v", spans, ok, want)
	}
}

func TestUnitPrice(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		price     int64
		quantity  int64
		unit      Unit
		drained   int64
		wantCents int64
		wantBasis Basis
	}{
		{"350 ml can", 279, 350, Millilitre, 0, 797, PerLitre}, // 797.14
		{"1 kg bag", 399, 1000, Kilogram, 0, 399, PerKilogram},
		{"500 g rounds half up", 949, 500, Gram, 0, 1898, PerKilogram},
		{"half cent rounds up", 1, 2000, Gram, 0, 1, PerKilogram},    // 0.5 → 1
		{"below half rounds down", 1, 2001, Gram, 0, 0, PerKilogram}, // 0.4998
		{"70 cl bottle", 1899, 700, Litre, 0, 2713, PerLitre},        // 2712.86
		{"exactly 50 g is not exempt", 100, 50, Gram, 0, 2000, PerKilogram},
		{"under 50 g exempt", 150, 49, Gram, 0, 0, NoUnitPrice},
		{"under 50 ml exempt", 150, 30, Millilitre, 0, 0, NoUnitPrice},
		{"frozen fish by drained weight", 1200, 1000, Gram, 800, 1500, PerKilogram},
		{"12 pieces", 699, 12, Piece, 0, 58, PerPiece}, // 58.25
		{"one piece has none", 699, 1, Piece, 0, 0, NoUnitPrice},
		{"unknown unit", 699, 1000, "", 0, 0, NoUnitPrice},
		{"free product", 0, 500, Gram, 0, 0, PerKilogram},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cents, basis := UnitPrice(tt.price, tt.quantity, tt.unit, tt.drained)
			if cents != tt.wantCents || basis != tt.wantBasis {
				t.Errorf("UnitPrice(%d, %d, %q, %d) = %d, %v; want %d, %v",
					tt.price, tt.quantity, tt.unit, tt.drained, cents, basis, tt.wantCents, tt.wantBasis)
			}
		})
	}
}
