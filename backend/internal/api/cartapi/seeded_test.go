package cartapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/cartapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestSeededCart prices a cart of the sample catalogue: Guaraná on
// promotion, the sold-out Brigadeiro, two of the last Queso Llanero, the
// physical-only Requeijão and an unknown id.
func TestSeededCart(t *testing.T) {
	t.Parallel()
	svc := cartapi.New(dbtest.NewSeeded(t), nil)
	res, err := svc.ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{
		Lines: []*saboresv1.CartLineInput{line(1001, 2), line(1005, 1), line(8003, 3), line(1010, 1), line(99999, 1), line(12002, 1)},
	}))
	if err != nil {
		t.Fatalf("ValidateCart: %v", err)
	}
	got := res.Msg
	want := [][]saboresv1.CartProblem{
		nil,
		{saboresv1.CartProblem_CART_PROBLEM_OUT_OF_STOCK},
		{saboresv1.CartProblem_CART_PROBLEM_INSUFFICIENT_STOCK},
		{saboresv1.CartProblem_CART_PROBLEM_UNKNOWN_PRODUCT},
		{saboresv1.CartProblem_CART_PROBLEM_UNKNOWN_PRODUCT},
		nil,
	}
	for i, w := range want {
		if p := got.GetLines()[i].GetProblems(); !slices.Equal(p, w) {
			t.Errorf("line %d problems = %v, want %v", i, p, w)
		}
	}
	if l := got.GetLines()[0]; l.GetUnitPriceCents() != 237 || l.GetLineTotalCents() != 474 || l.GetPromotionLabel() != "-5%" {
		t.Errorf("guaraná line = %v", l)
	}
	if l := got.GetLines()[2]; l.GetAvailableStock() != 2 {
		t.Errorf("queso llanero available = %d, want 2", l.GetAvailableStock())
	}
	// What the cart holds, priced lines short of stock included (it is
	// invalid all the same): 474 + 1295 (Brigadeiro, sold out) + 2247 (three
	// Queso Llanero, two left) + 3490 (Kaiak at its fixed price).
	if got.GetSubtotalCents() != 7506 || got.GetVatCents() != 892 || !got.GetFreeShippingReached() || got.GetValid() {
		t.Errorf("totals = %v", got)
	}
}
