package till_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/till"
)

// TestReturnSale: a return against a simplified invoice gives an R5 and
// against a full one an R1, each in the chain, with the units back in
// stock and the refund recorded; the same key answers the same return and
// more than was sold is refused.
func TestReturnSale(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	simplified, err := s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(),
		Lines:    []till.LineInput{{ProductID: 1001, Quantity: 2}},
		Payments: []till.PaymentInput{{Method: till.Cash, Amount: 500}}})
	if err != nil {
		t.Fatal(err)
	}
	in := till.ReturnInput{Key: uuid.New(), SaleID: simplified.OrderID, Lines: []invoice.Correction{{LineNo: 1, Quantity: 1}}, Refund: till.Cash}
	ret, err := s.till.ReturnSale(ctx, s.seller, in)
	if err != nil {
		t.Fatal(err)
	}
	if ret.Invoice.AeatType != "R5" || ret.Amount != 250 || *ret.Invoice.RefersTo != simplified.Invoice.ID {
		t.Errorf("return: %s of %d cents referring to %v, want R5 of 250 against %d", ret.Invoice.AeatType, ret.Amount, ret.Invoice.RefersTo, simplified.Invoice.ID)
	}
	if n := s.stock(t, 1001); n != 4 {
		t.Errorf("stock after selling 2 of 5 and taking 1 back: %d, want 4", n)
	}
	again, err := s.till.ReturnSale(ctx, s.seller, in)
	if err != nil || again.ID != ret.ID || again.Invoice.ID != ret.Invoice.ID {
		t.Errorf("retried return: %+v, %v; want the same return", again, err)
	}
	if n := s.stock(t, 1001); n != 4 {
		t.Errorf("the retry put stock back again: %d", n)
	}
	found, err := s.till.GetSale(ctx, 0, simplified.Invoice.SeriesNumber)
	if err != nil {
		t.Fatal(err)
	}
	if found.Sale.OrderID != simplified.OrderID || found.Returned[1] != 1 || len(found.Sale.Lines) != 1 {
		t.Errorf("the sale found by its ticket: %+v, want sale %d with 1 of line 1 returned", found, simplified.OrderID)
	}
	if _, err := s.till.ReturnSale(ctx, s.seller, till.ReturnInput{Key: uuid.New(), SaleID: simplified.OrderID,
		Lines: []invoice.Correction{{LineNo: 1, Quantity: 2}}, Refund: till.Cash}); err == nil {
		t.Error("returning more than was sold and not yet returned was accepted")
	}

	full, err := s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(),
		Lines:    []till.LineInput{{ProductID: 1002, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Card, Amount: 650}},
		Customer: &invoice.Buyer{TaxID: "B12345674", Name: "Bar Porto", Address: "Rúa do Porto 2, 27880 Burela"}})
	if err != nil {
		t.Fatal(err)
	}
	r1, err := s.till.ReturnSale(ctx, s.seller, till.ReturnInput{Key: uuid.New(), SaleID: full.OrderID,
		Lines: []invoice.Correction{{LineNo: 1, Quantity: 1}}, Refund: till.Card})
	if err != nil {
		t.Fatal(err)
	}
	if r1.Invoice.AeatType != "R1" || r1.Refund != till.Card || s.stock(t, 1002) != 1 {
		t.Errorf("return of a full invoice: %s refunded by %s, stock %d; want R1 by card, stock 1", r1.Invoice.AeatType, r1.Refund, s.stock(t, 1002))
	}
	if got := s.text(t, `SELECT count(*)::text FROM stock_movements WHERE reason = 'return' AND order_id IN ($1, $2)`, simplified.OrderID, full.OrderID); got != "2" {
		t.Errorf("%s return movements in the ledger, want 2", got)
	}
}
