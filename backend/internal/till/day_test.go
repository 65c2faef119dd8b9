package till_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/shoptime"
	"github.com/sabores/sabores/backend/internal/till"
)

// TestDayClose: a day with a float, a cash sale with change, a split sale,
// a cash return and cash taken out closes with the cash expected, the
// difference to the count, and a Z report by payment method and VAT rate;
// a day opens and closes once.
func TestDayClose(t *testing.T) {
	t.Parallel()
	s := unopenedShop(t)
	ctx := context.Background()
	day := time.Now().In(shoptime.Madrid)
	before, err := s.till.Report(ctx, time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC))
	if err != nil || before.Opened {
		t.Fatalf("before opening: opened %v, %v", before.Opened, err)
	}
	if _, err := s.till.OpenDay(ctx, s.seller, 10000); err != nil {
		t.Fatal(err)
	}
	if _, err := s.till.OpenDay(ctx, s.seller, 10000); !isReason(err, till.ReasonDayOpen) {
		t.Errorf("opening twice: %v", err)
	}
	cashSale, err := s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(),
		Lines:    []till.LineInput{{ProductID: 1001, Quantity: 2}, {ProductID: 1002, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Cash, Amount: 1150, Given: 2000}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(),
		Lines:    []till.LineInput{{ProductID: 1005, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Card, Amount: 1000}, {Method: till.Bizum, Amount: 890}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.till.ReturnSale(ctx, s.seller, till.ReturnInput{Key: uuid.New(), SaleID: cashSale.OrderID,
		Lines: []invoice.Correction{{LineNo: 1, Quantity: 1}}, Refund: till.Cash}); err != nil {
		t.Fatal(err)
	}
	if err := s.till.MoveCash(ctx, s.seller, -2000, "cambio al banco"); err != nil {
		t.Fatal(err)
	}
	// float 100.00 + cash sales 11.50 − cash refund 2.50 − taken out 20.00
	const expected = 10000 + 1150 - 250 - 2000
	z, err := s.till.CloseDay(ctx, s.seller, expected-100)
	if err != nil {
		t.Fatal(err)
	}
	if z.ExpectedCash != expected || z.CountedCash != expected-100 || z.Difference != -100 || !z.Closed || !z.Opened {
		t.Errorf("count: expected %d, counted %d, difference %d, closed %v, opened %v; want %d, %d, -100, true, true",
			z.ExpectedCash, z.CountedCash, z.Difference, z.Closed, z.Opened, expected, expected-100)
	}
	if z.Sales != 2 || z.Returns != 1 {
		t.Errorf("%d sales and %d returns, want 2 and 1", z.Sales, z.Returns)
	}
	want := map[till.Method][2]int64{till.Cash: {1150, 250}, till.Card: {1000, 0}, till.Bizum: {890, 0}}
	for _, p := range z.ByPayment {
		if got := [2]int64{p.Sales, p.Refunds}; got != want[p.Method] {
			t.Errorf("%s: sales and refunds %v, want %v", p.Method, got, want[p.Method])
		}
	}
	// 10 %: 2 × 2.50 + 6.50 − 2.50 = 9.00; 4 %: 18.90.
	gross := map[int32]int64{}
	for _, v := range z.ByVAT {
		gross[v.BasisPoints] = v.Base + v.VAT
	}
	if gross[1000] != 900 || gross[400] != 1890 {
		t.Errorf("by VAT rate %+v, want 9.00 € at 10 %% and 18.90 € at 4 %%", z.ByVAT)
	}
	if _, err := s.till.CloseDay(ctx, s.seller, 0); !isReason(err, till.ReasonDayClosed) {
		t.Errorf("closing twice: %v", err)
	}
}

// isReason reports whether err is a fault with reason.
func isReason(err error, reason string) bool {
	f, ok := fault.As(err)
	return ok && f.Reason == reason
}
