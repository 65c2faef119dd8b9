package promotionapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/promotionapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestSeededPromotions lists the sample catalogue's running promotions: the
// expired (Inca Kola), future (Dulce de Leche), switched-off (Mamajuana) and
// physical-only (Requeijão) ones are absent.
func TestSeededPromotions(t *testing.T) {
	t.Parallel()
	res, err := promotionapi.New(dbtest.NewSeeded(t), nil).ListActivePromotions(context.Background(),
		connect.NewRequest(&saboresv1.ListActivePromotionsRequest{}))
	if err != nil {
		t.Fatalf("ListActivePromotions: %v", err)
	}
	var ids []int64
	byID := map[int64]*saboresv1.Promotion{}
	for _, p := range res.Msg.GetProducts() {
		ids = append(ids, p.GetId())
		byID[p.GetId()] = p.GetPromotion()
	}
	// Ending soonest first: Bissap (3 days), Guaraná (5), Café (6), Kaiak
	// (7), then the open-ended Açaí and Yerba Canarias.
	if want := []int64{11001, 1001, 2001, 12002, 1003, 9001}; !slices.Equal(ids, want) {
		t.Fatalf("promoted products = %v, want %v", ids, want)
	}
	for _, absent := range []int64{5001, 6002, 7001, 1010} {
		if slices.Contains(ids, absent) {
			t.Errorf("product %d should not be on promotion", absent)
		}
	}
	tests := []struct {
		id                     int64
		price, original, low30 int64
		label                  string
	}{
		{1001, 237, 279, 249, "-5%"},  // the price rose from 2,49 € 20 days ago: -5 % against that
		{2001, 759, 949, 849, "-11%"}, // 8,99 → 8,49 → 9,49 within the window: -11 % against 8,49
		{11001, 279, 399, 399, "-30%"},
		{12002, 3490, 3990, 3990, "-13%"}, // fixed price: 5,00 € off 39,90 €
		{1003, 599, 749, 749, "-20%"},
	}
	for _, tt := range tests {
		p := byID[tt.id]
		if p.GetPriceCents() != tt.price || p.GetOriginalPriceCents() != tt.original ||
			p.GetLowestPrice_30DCents() != tt.low30 || p.GetLabel() != tt.label {
			t.Errorf("product %d promotion = %v, want %+v", tt.id, p, tt)
		}
	}
	if byID[1003].GetEndTime() != nil || byID[9001].GetStartTime() != nil || byID[11001].GetEndTime() == nil {
		t.Errorf("open ends and starts must stay unset: %v %v %v", byID[1003], byID[9001], byID[11001])
	}
}
