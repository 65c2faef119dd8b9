package catalogueapi

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/db"
)

// TestMergeByShownPrice checks every page of random listings against
// sorting the whole listing: the same reads byShownPrice makes (regular
// products from max(0, offset-k), offset+limit-start of them) must give the
// same page.
func TestMergeByShownPrice(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 300 {
		n, k, limit := rng.IntN(40), rng.IntN(8), 1+rng.IntN(6)
		desc := round%2 == 1
		var regular, promoted []shown
		for i := range n + k {
			p := db.Product{ID: int64(i + 1), PriceCents: int64(100 + rng.IntN(10))}
			if i < n {
				regular = append(regular, shown{p, p.PriceCents})
			} else {
				promoted = append(promoted, shown{p, int64(90 + rng.IntN(20))})
			}
		}
		byOrder := func(a, b shown) int { return compareShown(a, b, desc) }
		slices.SortFunc(regular, byOrder)
		whole := slices.SortedFunc(slices.Values(append(slices.Clone(regular), promoted...)), byOrder)
		for offset := 0; offset < n+k; offset += limit {
			start := max(0, offset-k)
			want := whole[offset:min(offset+limit, len(whole))]
			read := regular[min(start, n):min(offset+limit, n)]
			rows := make([]db.Product, len(read))
			for i, r := range read {
				rows[i] = r.product
			}
			got := mergeByShownPrice(rows, start, len(rows) == offset+limit-start, promoted, offset, limit, desc)
			if len(got) != len(want) {
				t.Fatalf("round %d (n %d, k %d, desc %v) offset %d: %d products, want %d", round, n, k, desc, offset, len(got), len(want))
			}
			for i := range got {
				if got[i].ID != want[i].product.ID {
					t.Fatalf("round %d (n %d, k %d, desc %v) offset %d: ids %v, want %v", round, n, k, desc, offset, ids(got), wantIDs(want))
				}
			}
		}
	}
}

func ids(ps []db.Product) []int64 {
	out := make([]int64, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

func wantIDs(ps []shown) []int64 {
	out := make([]int64, len(ps))
	for i, p := range ps {
		out[i] = p.product.ID
	}
	return out
}
