package till_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/till"
)

// TestTickets: a sale's and a return's tickets are PDFs named after their
// invoices; an unknown sale has none.
func TestTickets(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	sale, err := s.till.Sell(ctx, s.seller, till.SaleInput{Key: uuid.New(),
		Lines:    []till.LineInput{{ProductID: 1001, Quantity: 1}},
		Payments: []till.PaymentInput{{Method: till.Cash, Amount: 250, Given: 500}}})
	if err != nil {
		t.Fatal(err)
	}
	ret, err := s.till.ReturnSale(ctx, s.seller, till.ReturnInput{Key: uuid.New(), SaleID: sale.OrderID,
		Lines: []invoice.Correction{{LineNo: 1, Quantity: 1}}, Refund: till.Cash})
	if err != nil {
		t.Fatal(err)
	}
	saleTicket, err := s.till.SaleTicket(ctx, sale.OrderID, "pt")
	if err != nil {
		t.Fatal(err)
	}
	returnTicket, err := s.till.ReturnTicket(ctx, ret.ID, "es")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(saleTicket.PDF), "%PDF-") || saleTicket.FileName != "ticket-"+sale.Invoice.SeriesNumber+".pdf" {
		t.Errorf("sale ticket %q is not its invoice's PDF", saleTicket.FileName)
	}
	if !strings.HasPrefix(string(returnTicket.PDF), "%PDF-") || returnTicket.FileName != "ticket-"+ret.Invoice.SeriesNumber+".pdf" {
		t.Errorf("return ticket %q is not its corrective invoice's PDF", returnTicket.FileName)
	}
	if _, err := s.till.SaleTicket(ctx, 999999, "es"); !isReason(err, till.ReasonSaleUnknown) {
		t.Errorf("ticket of an unknown sale: %v", err)
	}
}
