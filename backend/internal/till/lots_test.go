package till_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/till"
)

// TestSaleNeverTakesAUseByLotPastItsDate: at the counter, on a day the
// midnight job has not run (a fixed clock eleven days after the goods
// came in), a sale takes first-expired-first-out only from lots still on
// sale: not the use-by lot past its date, nor the one within the delivery
// margin (the web and the counter share one stock, so the margin's block
// holds at the counter too); both leave the stock, blocked, as the job
// would have left them.
func TestSaleNeverTakesAUseByLotPastItsDate(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	received := time.Now()
	module := lots.New(s.pool, func() time.Time { return received })
	sup, err := module.SaveSupplier(ctx, s.seller, 0, lots.SupplierForm{Name: "Queixos de Arzúa SL", TaxID: "B12345674"})
	if err != nil {
		t.Fatal(err)
	}
	in := lots.Today(received)
	r, err := module.Receive(ctx, s.seller, lots.Delivery{SupplierID: sup.ID, DocumentNumber: "QA-1", DeliveredOn: in, Lines: []lots.DeliveryLine{
		{ProductID: 1005, Units: 2, LotCode: "PAST", Expires: in.AddDate(0, 0, 10), Type: lots.UseBy},
		{ProductID: 1005, Units: 2, LotCode: "MARGIN", Expires: in.AddDate(0, 0, 12), Type: lots.UseBy},
		{ProductID: 1005, Units: 2, LotCode: "LATER", Expires: in.AddDate(0, 0, 30), Type: lots.UseBy},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Blocked) != 0 || s.stock(t, 1005) != 6 {
		t.Fatalf("blocked %v as they came in, stock %d: want none blocked, 6 on sale", r.Blocked, s.stock(t, 1005))
	}
	past, margin, later := r.LotIDs[0], r.LotIDs[1], r.LotIDs[2]

	// Eleven days on, at noon in Madrid: PAST's date was yesterday, MARGIN's
	// is tomorrow, before the web's limit (today plus two days' delivery
	// and two of margin).
	counter := s.till.WithClock(func() time.Time { return received.AddDate(0, 0, 11) })
	sale, err := counter.Sell(ctx, s.seller, till.SaleInput{
		Key: uuid.New(), Lines: []till.LineInput{{ProductID: 1005, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Card, Amount: 1890}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.text(t, `SELECT string_agg(lot_id::text || 'x' || quantity, ',') FROM order_line_lots WHERE order_id = $1`, sale.OrderID); got != fmt.Sprintf("%dx1", later) {
		t.Errorf("the sale took lots %s, want %s (LATER)", got, fmt.Sprintf("%dx1", later))
	}
	for _, tc := range []struct {
		lot  int64
		want string
	}{{past, "0 2 use_by"}, {margin, "0 2 use_by"}, {later, "1 0 "}} {
		if got := s.text(t, `SELECT remaining || ' ' || blocked || ' ' || coalesce(blocked_reason, '') FROM lots WHERE id = $1`, tc.lot); got != tc.want {
			t.Errorf("lot %d: remaining, blocked, why %q; want %q", tc.lot, got, tc.want)
		}
	}
	if n := s.stock(t, 1005); n != 1 {
		t.Errorf("stock %d after the sale, want 1: the blocked lots' units are off sale", n)
	}
	if got := s.text(t, `SELECT count(*)::text FROM audit_events WHERE action = 'lot.block'`); got != "2" {
		t.Errorf("%s blocks audited, want 2", got)
	}
}
