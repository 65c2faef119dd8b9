package catalogue_test

import (
	"reflect"
	"testing"

	"github.com/sabores/sabores/backend/internal/catalogue"
)

func TestPlanSync(t *testing.T) {
	t.Parallel()
	counted := func(n int32) *int32 { return &n }
	products := map[string]int64{"A": 1, "B": 2, "5601234567890": 2}
	find := func(l catalogue.SyncLine) (int64, bool) {
		code := l.SKU
		if code == "" {
			code = l.EAN
		}
		id, ok := products[code]
		return id, ok
	}
	applied, unknown, below := catalogue.SyncApplied, catalogue.SyncUnknownProduct, catalogue.SyncBelowZero
	for _, tt := range []struct {
		name    string
		lines   []catalogue.SyncLine
		results []catalogue.SyncResult
		deltas  map[int64]int32
	}{
		{"a count becomes the difference", []catalogue.SyncLine{{SKU: "A", Counted: counted(7)}},
			[]catalogue.SyncResult{{applied, 1, 7, 2}}, map[int64]int32{1: 2}},
		{"a count matching changes nothing", []catalogue.SyncLine{{SKU: "A", Counted: counted(5)}},
			[]catalogue.SyncResult{{applied, 1, 5, 0}}, map[int64]int32{}},
		{"an unknown code", []catalogue.SyncLine{{SKU: "Z", Delta: 3}},
			[]catalogue.SyncResult{{Outcome: unknown}}, map[int64]int32{}},
		{"below zero refused alone", []catalogue.SyncLine{{SKU: "A", Delta: -6}, {SKU: "B", Delta: -1}},
			[]catalogue.SyncResult{{below, 1, 5, 0}, {applied, 2, 0, -1}}, map[int64]int32{2: -1}},
		{"lines of one product add up, by SKU or EAN", []catalogue.SyncLine{{SKU: "B", Delta: 4}, {EAN: "5601234567890", Counted: counted(0)}, {SKU: "B", Delta: -1}},
			[]catalogue.SyncResult{{applied, 2, 5, 4}, {applied, 2, 0, -5}, {below, 2, 0, 0}}, map[int64]int32{2: -1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			results, deltas := catalogue.PlanSync(tt.lines, find, map[int64]int32{1: 5, 2: 1})
			if !reflect.DeepEqual(results, tt.results) {
				t.Errorf("results %+v, want %+v", results, tt.results)
			}
			if !reflect.DeepEqual(deltas, tt.deltas) {
				t.Errorf("deltas %v, want %v", deltas, tt.deltas)
			}
		})
	}
}
