package invoice_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// TestTicketCarriesTheVerificationQR: the till's 80 mm ticket, in Spanish
// and Portuguese, shows the issuer, number, lines, VAT per rate, total and
// payment with change, and its QR code decodes to the AEAT checker with the
// ticket's number and amount.
func TestTicketCarriesTheVerificationQR(t *testing.T) {
	t.Parallel()
	pdftoppm, err := exec.LookPath("pdftoppm")
	if err != nil {
		t.Skip("pdftoppm (Debian's poppler-utils) is not installed; .ci/run installs it")
	}
	b := setup(t)
	ctx := context.Background()
	b.invoicer.Now = func() time.Time { return time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC) }
	if err := invoice.SetMode(ctx, b.pool, invoice.Verification{QRBase: invoice.QRTestURL, Legend: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	orderID := b.order(t)
	inv, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) {
		return b.invoicer.IssueForPaidOrder(ctx, tx, orderID)
	})
	if err != nil {
		t.Fatal(err)
	}
	// Sending stops after the sale: its ticket, printed again, keeps the legend.
	if err := invoice.SetMode(ctx, b.pool, invoice.Verification{QRBase: invoice.QRTestURL}, time.Now()); err != nil {
		t.Fatal(err)
	}
	doc, err := invoice.LoadDocument(ctx, b.pool, inv.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := invoice.VerificationURL(invoice.QRTestURL, inv)
	pay := []invoice.TicketPayment{{Method: "cash", Amount: inv.TotalCents, Given: 2000, Change: 2000 - inv.TotalCents}}
	words := map[string][]string{"es": {"Factura simplificada", "Efectivo", "Cambio"}, "pt": {"Fatura simplificada", "Numerário", "Troco"}}
	for _, lang := range invoice.Languages {
		pdf, err := invoice.RenderTicket(doc, pay, lang)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		in := filepath.Join(dir, "ticket.pdf")
		if err := os.WriteFile(in, pdf, 0o600); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(pdftoppm, "-r", "300", "-png", "-singlefile", in, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v: %s", err, out)
		}
		if got := decodeQR(t, filepath.Join(dir, "page.png")); got != want {
			t.Errorf("%s: the QR code says %q, want %q", lang, got, want)
		}
		text := pdfText(t, in)
		for _, w := range append(words[lang], inv.SeriesNumber, "24-11-2026", "Sabores del Mundo S.L.", "B12345674", "VERI*FACTU", "Harina de maíz") {
			if !strings.Contains(text, w) {
				t.Errorf("%s: %q missing from the ticket's text:\n%s", lang, w, text)
			}
		}
	}
}
