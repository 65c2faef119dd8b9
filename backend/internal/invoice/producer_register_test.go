package invoice_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/shopsettings"
)

// TestInvoiceCarriesTheProducerRegister: the producer register number the
// owner saves in the shop's settings (RD 1055/2022) is printed with the
// shop's identity on the A4 invoice and the till ticket, in both
// languages; an invoice keeps the number it was issued with after the
// owner removes it, and one issued without prints none.
func TestInvoiceCarriesTheProducerRegister(t *testing.T) {
	t.Parallel()
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext (Debian's poppler-utils) is not installed; .ci/run installs it")
	}
	b := setup(t)
	ctx := context.Background()
	b.invoicer.Issuer = invoice.SettingsIssuer{}
	settings := shopsettings.New(b.pool)
	owner := audit.Caller{Name: "owner@sabores.es"}
	saved := shopsettings.Sample
	saved.ProducerRegister = " env/2023/000012345 "
	if _, _, err := settings.Update(ctx, owner, saved); err != nil {
		t.Fatal(err)
	}
	issue := func() db.Invoice {
		t.Helper()
		orderID := b.order(t)
		inv, err := inTx(t, b.pool, func(tx pgx.Tx) (db.Invoice, error) { return b.invoicer.IssueForPaidOrder(ctx, tx, orderID) })
		if err != nil {
			t.Fatal(err)
		}
		return inv
	}
	with := issue()

	saved.ProducerRegister = ""
	if _, _, err := settings.Update(ctx, owner, saved); err != nil {
		t.Fatal(err)
	}
	without := issue()

	label := map[string]string{"es": "Registro de Productores de Producto", "pt": "Registo de Produtores de Produto"}
	for _, lang := range invoice.Languages {
		pdf, _, err := invoice.DrawPDF(ctx, b.pool, with.ID, lang)
		if err != nil {
			t.Fatal(err)
		}
		if text := textOf(t, pdftotext, pdf); !strings.Contains(text, label[lang]) || !strings.Contains(text, "ENV/2023/000012345") {
			t.Errorf("%s: the invoice issued with the number does not print it:\n%s", lang, text)
		}
		doc, err := invoice.LoadDocument(ctx, b.pool, with.ID)
		if err != nil {
			t.Fatal(err)
		}
		ticket, err := invoice.RenderTicket(doc, []invoice.TicketPayment{{Method: "card", Amount: with.TotalCents}}, lang)
		if err != nil {
			t.Fatal(err)
		}
		if text := textOf(t, pdftotext, ticket); !strings.Contains(text, "ENV/2023/000012345") {
			t.Errorf("%s: the till ticket does not print the number:\n%s", lang, text)
		}

		pdf, _, err = invoice.DrawPDF(ctx, b.pool, without.ID, lang)
		if err != nil {
			t.Fatal(err)
		}
		if text := textOf(t, pdftotext, pdf); strings.Contains(text, label[lang]) || strings.Contains(text, "ENV/") {
			t.Errorf("%s: the invoice issued without a number prints one:\n%s", lang, text)
		}
	}

	var n int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'shop.settings' AND actor = 'owner@sabores.es'
		AND new_value->>'producerRegister' = 'ENV/2023/000012345'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("audit events saving the number = %d, want 1", n)
	}
}

// textOf is a PDF's text as pdftotext extracts it.
func textOf(t *testing.T, pdftotext string, pdf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pdftotext, "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}
