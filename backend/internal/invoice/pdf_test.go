package invoice_test

import (
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// TestPDFCarriesTheVerificationQR renders a corrective invoice's PDF in
// both languages, rasterizes it with poppler's pdftoppm and decodes the QR
// code back: it carries the AEAT's verification URL of this invoice, with
// the checker and the legend of the mode it was issued in, even after the
// mode changed.
func TestPDFCarriesTheVerificationQR(t *testing.T) {
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
		if _, err := b.invoicer.IssueForPaidOrder(ctx, tx, orderID); err != nil {
			return db.Invoice{}, err
		}
		return b.invoicer.IssueCorrective(ctx, tx, orderID, "desistimiento", invoice.Correction{LineNo: 1, Quantity: 1})
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=FR2026-000001&fecha=24-11-2026&importe=-2.50"
	if got := invoice.VerificationURL(invoice.QRTestURL, inv); got != want {
		t.Fatalf("VerificationURL = %s, want %s", got, want)
	}
	// The shop moves to production, and then stops sending: the invoice
	// issued while sending to the test service still prints what it printed.
	if err := invoice.SetMode(ctx, b.pool, invoice.Verification{QRBase: invoice.QRProductionURL}, time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, lang := range invoice.Languages {
		pdf, _, err := invoice.DrawPDF(ctx, b.pool, inv.ID, lang)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(pdf), "%PDF-") {
			t.Fatalf("%s: not a PDF", lang)
		}
		qr, text := readPDF(t, pdftoppm, pdf)
		if qr != want {
			t.Errorf("%s: the QR code says %q, want %q", lang, qr, want)
		}
		// The identity, number, date, refunded line, base and VAT per rate
		// and total are text, found in the page as written.
		for _, want := range []string{
			map[string]string{"es": "Factura rectificativa", "pt": "Fatura retificativa"}[lang],
			"FR2026-000001", "24-11-2026", "Sabores del Mundo S.L.", "B12345674", "Calle Mayor 1, 28013 Madrid",
			"Harina de maíz", "-2,50 €", "10 %", "-2,27 €", "-0,23 €", "VERI*FACTU",
			map[string]string{"es": "IVA incluido", "pt": "IVA incluído"}[lang],
		} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q missing from the page's text:\n%s", lang, want, text)
			}
		}
	}

	// An invoice issued in the new mode: the QR points to production's
	// checker and, sending off, no legend.
	second := b.order(t)
	later, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, second) })
	if err != nil {
		t.Fatal(err)
	}
	pdf, _, err := invoice.DrawPDF(ctx, b.pool, later.ID, "es")
	if err != nil {
		t.Fatal(err)
	}
	qr, text := readPDF(t, pdftoppm, pdf)
	if wantProduction := invoice.VerificationURL(invoice.QRProductionURL, later); qr != wantProduction {
		t.Errorf("production: the QR code says %q, want %q", qr, wantProduction)
	}
	if strings.Contains(text, "VERI*FACTU") {
		t.Errorf("the legend is printed on an invoice issued while sending was off:\n%s", text)
	}
}

// readPDF rasterizes a one-page PDF and returns its QR code and its text.
func readPDF(t *testing.T, pdftoppm string, pdf []byte) (qr, text string) {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "invoice.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(pdftoppm, "-r", "200", "-png", "-singlefile", in, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	return decodeQR(t, filepath.Join(dir, "page.png")), pdfText(t, in)
}

// decodeQR reads the one QR code on a page image.
func decodeQR(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("no QR code found on the page: %v", err)
	}
	return res.GetText()
}

// pdfText extracts the page's text with poppler's pdftotext.
func pdfText(t *testing.T, path string) string {
	t.Helper()
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Fatal("pdftotext missing beside pdftoppm")
	}
	out, err := exec.Command(pdftotext, path, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
