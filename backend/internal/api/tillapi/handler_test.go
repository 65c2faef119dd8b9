package tillapi_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/api/tillapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/gtin"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	"github.com/sabores/sabores/backend/internal/till"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestTillDay: a till user opens the day, scans a product, sells two in
// cash with change, prints the ticket and reads the day's Z report, all
// through the contract.
func TestTillDay(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	sample, err := json.Marshal(shopsettings.Sample)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO settings (key, value) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, shopsettings.SettingKey, sample); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO products (id, name, code, sku, category, online_categories, price_cents,
		vat_basis_points, ean, stock) VALUES (1001, 'Guaraná Antarctica', 'BR-GUA', 'SKU-1001', 'bebidas', '{}', 250, 1000,
		'8410076472885', 5)`); err != nil {
		t.Fatal(err)
	}
	caja := dbtest.Shopper(t, pool, dbtest.PersonOpts{Issuer: "https://dev.sabores.local", Subject: "dev-caja", Email: "caja@sabores.es", Name: "Caja"})
	ctx = auth.WithPrincipal(ctx, auth.Principal{UserID: caja, Email: "caja@sabores.es", Role: auth.RoleTill})
	h := tillapi.New(till.New(pool, gtin.SpanishScales, invoice.Invoicer{Issuer: invoice.StaticIssuer{
		Name: "Sabores del Mundo S.L.", NIF: "B12345674", Address: "Rúa do Porto 1, 27880 Burela",
	}}))

	opened, err := h.OpenDay(ctx, connect.NewRequest(&saboresv1.OpenDayRequest{FloatCents: 5000}))
	if err != nil {
		t.Fatal(err)
	}
	scan, err := h.LookupProduct(ctx, connect.NewRequest(&saboresv1.LookupProductRequest{Code: "8410076472885"}))
	if err != nil {
		t.Fatal(err)
	}
	if scan.Msg.Product.ProductId != 1001 || scan.Msg.Product.Stock != 5 {
		t.Errorf("scan: %v", scan.Msg.Product)
	}
	cash := saboresv1.TillPaymentMethod_TILL_PAYMENT_METHOD_CASH
	sold, err := h.Sell(ctx, connect.NewRequest(&saboresv1.SellRequest{
		IdempotencyKey: uuid.NewString(),
		Lines:          []*saboresv1.TillLineInput{{ProductId: 1001, Quantity: 2}},
		Payments:       []*saboresv1.TillPaymentInput{{Method: cash, AmountCents: 500, GivenCents: 2000}},
	}))
	if err != nil {
		t.Fatal(err)
	}
	sale := sold.Msg.Sale
	if sale.Invoice.Kind != saboresv1.InvoiceKind_INVOICE_KIND_SIMPLIFIED || sale.TotalCents != 500 ||
		sale.Payments[0].ChangeCents != 1500 || len(sale.Lines) != 1 || sale.Seller != "caja@sabores.es" {
		t.Errorf("sale: %v", sale)
	}
	ticket, err := h.GetTicketPdf(ctx, connect.NewRequest(&saboresv1.GetTicketPdfRequest{Of: &saboresv1.GetTicketPdfRequest_SaleId{SaleId: sale.Id}}))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(ticket.Msg.Pdf), "%PDF-") || !strings.Contains(ticket.Msg.FileName, sale.TicketNumber) {
		t.Errorf("ticket %q is not the sale's PDF", ticket.Msg.FileName)
	}
	z, err := h.GetZReport(ctx, connect.NewRequest(&saboresv1.GetZReportRequest{Date: opened.Msg.Date}))
	if err != nil {
		t.Fatal(err)
	}
	if z.Msg.Report.Sales != 1 || z.Msg.Report.ExpectedCashCents != 5500 || z.Msg.Report.Closed {
		t.Errorf("Z report: %v", z.Msg.Report)
	}
	if _, err := time.Parse(time.DateOnly, opened.Msg.Date); err != nil {
		t.Errorf("opened day %q: %v", opened.Msg.Date, err)
	}

	// A line discount: refused to the till role, which cannot change
	// prices; given by an admin within the owner's maximum.
	discounted := func(ctx context.Context) error {
		_, err := h.Sell(ctx, connect.NewRequest(&saboresv1.SellRequest{
			IdempotencyKey: uuid.NewString(),
			Lines:          []*saboresv1.TillLineInput{{ProductId: 1001, Quantity: 1, DiscountBasisPoints: 1000}},
			Payments:       []*saboresv1.TillPaymentInput{{Method: cash, AmountCents: 225}},
		}))
		return err
	}
	if f, ok := fault.As(discounted(ctx)); !ok || f.Reason != till.ReasonDiscountNotAllowed {
		t.Errorf("a till user's discount: %v", f)
	}
	owner := auth.WithPrincipal(context.Background(), auth.Principal{UserID: caja, Email: "caja@sabores.es", Role: auth.RoleAdmin})
	if err := discounted(owner); err != nil {
		t.Errorf("an admin's discount: %v", err)
	}
}
