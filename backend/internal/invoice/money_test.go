package invoice_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
)

// TestInvoicesWriteMoneyAndTimesAsTheSiteDoes: the A4 invoice and the till
// ticket write amounts as the site and the e-mails do (money.Format,
// grouped from five digits: "12.345,67 €" in Spanish, "12 345,67 €" in
// Portuguese), and the ticket's time is Madrid's, labelled: 18:30 UTC in
// November is 19:30 there.
func TestInvoicesWriteMoneyAndTimesAsTheSiteDoes(t *testing.T) {
	t.Parallel()
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext (Debian's poppler-utils) is not installed; .ci/run installs it")
	}
	doc := invoice.Document{
		Invoice: db.Invoice{
			Kind: string(invoice.Complete), SeriesNumber: "FC2026-000007", IssuedAt: time.Date(2026, 11, 24, 18, 30, 0, 0, time.UTC),
			IssuerName: "Sabores del Mundo S.L.", IssuerNif: "B12345674", IssuerAddress: "Calle Mayor 1, 28013 Madrid",
			BuyerNif: "B87654321", BuyerName: "Restaurante A Mesa S.L.", BuyerAddress: "Rúa Nova 2, 27880 Burela",
			BaseCents: 1020304, VatCents: 214263, TotalCents: 1234567,
			QrBase: invoice.QRTestURL,
		},
		Lines: []db.InvoiceLine{{LineNo: 1, Description: "Kaiak Perfume", Quantity: 100, UnitPriceCents: 12345, VatBasisPoints: 2100, TotalCents: 1234567}},
		Taxes: []db.InvoiceTax{{VatBasisPoints: 2100, BaseCents: 1020304, VatCents: 214263}},
	}
	want := map[string][]string{
		"es": {"12.345,67 €", "10.203,04 €", "2142,63 €", "123,45 €"},
		"pt": {"12 345,67 €", "10 203,04 €", "2142,63 €", "123,45 €"},
	}
	for _, lang := range invoice.Languages {
		pdf, err := invoice.RenderPDF(doc, lang)
		if err != nil {
			t.Fatal(err)
		}
		ticket, err := invoice.RenderTicket(doc, nil, lang)
		if err != nil {
			t.Fatal(err)
		}
		for name, file := range map[string][]byte{"invoice": pdf, "ticket": ticket} {
			text := pdfTextOf(t, pdftotext, file)
			wants := want[lang]
			if name == "ticket" {
				wants = []string{want[lang][0], "24-11-2026 19:30 (hora de Madrid)"}
			}
			for _, w := range wants {
				if !strings.Contains(text, w) {
					t.Errorf("%s %s: %q missing from its text:\n%s", lang, name, w, text)
				}
			}
		}
	}
}

// pdfTextOf is a PDF's text as pdftotext reads it, its no-break spaces,
// line breaks and runs of spaces as single spaces (a narrow ticket wraps).
func pdfTextOf(t *testing.T, pdftotext string, pdf []byte) string {
	t.Helper()
	in := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-enc", "UTF-8", in, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(string(out), "\u00a0", " ")), " ")
}
