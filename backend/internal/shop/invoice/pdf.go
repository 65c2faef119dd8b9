package invoice

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"strconv"

	"github.com/go-pdf/fpdf"
	"github.com/jackc/pgx/v5"
	qrcode "github.com/yeqown/go-qrcode/v2"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/db"
)

// The AEAT's invoice verification service the QR code points to
// ("Características del QR y especificaciones del servicio de cotejo",
// VERI*FACTU mode): the test environment, and production.
const (
	QRTestURL       = "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR"
	QRProductionURL = "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR"
)

// VerificationURL is the URL the QR code carries: the issuer's NIF, the
// invoice number, its date (dd-mm-yyyy) and its total, query-escaped.
func VerificationURL(base string, inv db.Invoice) string {
	// Built by hand: the AEAT's examples keep this parameter order, which
	// url.Values would sort.
	return base + "?nif=" + url.QueryEscape(inv.IssuerNif) + "&numserie=" + url.QueryEscape(inv.SeriesNumber) +
		"&fecha=" + AEATDate(inv.IssuedAt) + "&importe=" + Amount(inv.TotalCents)
}

// Document is an invoice with what its PDF shows.
type Document struct {
	Invoice  db.Invoice
	Lines    []db.InvoiceLine
	Taxes    []db.InvoiceTax
	RefersTo *db.Invoice
}

// LoadDocument reads an invoice with its lines, taxes and the invoice it
// corrects or replaces.
func LoadDocument(ctx context.Context, q db.DBTX, invoiceID int64) (Document, error) {
	queries := db.New(q)
	var d Document
	var err error
	if d.Invoice, err = queries.GetInvoice(ctx, invoiceID); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return d, fmt.Errorf("invoice: invoice %d: %w", invoiceID, apperr.ErrNotFound)
		}
		return d, fmt.Errorf("invoice: invoice %d: %w", invoiceID, err)
	}
	if d.Lines, err = queries.InvoiceLines(ctx, invoiceID); err != nil {
		return d, fmt.Errorf("invoice: lines of %d: %w", invoiceID, err)
	}
	if d.Taxes, err = queries.InvoiceTaxes(ctx, invoiceID); err != nil {
		return d, fmt.Errorf("invoice: taxes of %d: %w", invoiceID, err)
	}
	if d.Invoice.RefersTo != nil {
		ref, err := queries.GetInvoice(ctx, *d.Invoice.RefersTo)
		if err != nil {
			return d, fmt.Errorf("invoice: invoice %d: %w", *d.Invoice.RefersTo, err)
		}
		d.RefersTo = &ref
	}
	return d, nil
}

// texts are the PDF's words in one language.
type texts struct {
	title                                        map[Kind]string
	number, date, issuer, buyer, taxID, refersTo string
	reason, description, quantity, unitPrice     string
	vat, amount, rate, base, vatAmount, total    string
	shipping, cashSurcharge, vatIncluded, qr     string
}

var pdfTexts = map[string]texts{
	"es": {
		title:  map[Kind]string{Simplified: "Factura simplificada", Complete: "Factura", Corrective: "Factura rectificativa"},
		number: "Número", date: "Fecha de expedición", issuer: "Emisor", buyer: "Destinatario", taxID: "NIF",
		refersTo: "Rectifica o sustituye a", reason: "Motivo", description: "Descripción", quantity: "Cant.",
		unitPrice: "Precio unit.", vat: "IVA", amount: "Importe", rate: "Tipo de IVA", base: "Base imponible",
		vatAmount: "Cuota de IVA", total: "Total", shipping: "Envío", cashSurcharge: "Recargo por contra reembolso", vatIncluded: "Precios con IVA incluido.",
		qr: "QR tributario:",
	},
	"pt": {
		title:  map[Kind]string{Simplified: "Fatura simplificada", Complete: "Fatura", Corrective: "Fatura retificativa"},
		number: "Número", date: "Data de emissão", issuer: "Emitente", buyer: "Destinatário", taxID: "NIF",
		refersTo: "Retifica ou substitui", reason: "Motivo", description: "Descrição", quantity: "Qtd.",
		unitPrice: "Preço unit.", vat: "IVA", amount: "Montante", rate: "Taxa de IVA", base: "Base tributável",
		vatAmount: "Valor do IVA", total: "Total", shipping: "Envio", cashSurcharge: "Sobretaxa de pagamento à cobrança", vatIncluded: "Preços com IVA incluído.",
		qr: "QR tributário:",
	},
}

// Languages are the languages an invoice PDF can be written in.
var Languages = []string{"es", "pt"}

// qrSizeMM is the QR code's printed side, within the 30–40 mm Orden
// HAC/1177/2024 asks for.
const qrSizeMM = 35

// RenderPDF draws the invoice in lang ("es" or "pt"; anything else is
// Spanish) with the VeriFactu QR code pointing to qrBase.
func RenderPDF(d Document, lang, qrBase string) ([]byte, error) {
	tx, ok := pdfTexts[lang]
	if !ok {
		tx = pdfTexts["es"]
	}
	inv := d.Invoice
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle(inv.SeriesNumber, true)
	pdf.SetCreator("Sabores", true)
	// The core fonts speak cp1252, which has every Spanish and Portuguese
	// letter and the euro sign.
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.AddPage()
	pdf.SetMargins(15, 15, 15)

	qrPNG, err := qrImage(VerificationURL(qrBase, inv))
	if err != nil {
		return nil, err
	}
	pdf.RegisterImageOptionsReader("qr", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(qrPNG))
	pdf.SetFont("Helvetica", "", 8)
	pdf.Text(160, 18, tr(tx.qr))
	pdf.ImageOptions("qr", 160, 20, qrSizeMM, qrSizeMM, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	pdf.Text(168, 20+qrSizeMM+4, "VERI*FACTU")

	pdf.SetFont("Helvetica", "B", 16)
	pdf.Cell(140, 9, tr(tx.title[Kind(inv.Kind)]))
	pdf.Ln(11)
	pdf.SetFont("Helvetica", "", 10)
	row := func(label, value string) {
		pdf.SetFont("Helvetica", "B", 10)
		pdf.Cell(42, 6, tr(label))
		pdf.SetFont("Helvetica", "", 10)
		pdf.MultiCell(98, 6, tr(value), "", "L", false)
	}
	row(tx.number, inv.SeriesNumber)
	row(tx.date, AEATDate(inv.IssuedAt))
	row(tx.issuer, inv.IssuerName+"\n"+tx.taxID+" "+inv.IssuerNif+"\n"+inv.IssuerAddress)
	if inv.BuyerNif != "" {
		row(tx.buyer, inv.BuyerName+"\n"+tx.taxID+" "+inv.BuyerNif+"\n"+inv.BuyerAddress)
	}
	if d.RefersTo != nil {
		row(tx.refersTo, d.RefersTo.SeriesNumber+" ("+AEATDate(d.RefersTo.IssuedAt)+")")
	}
	if inv.Reason != "" {
		row(tx.reason, inv.Reason)
	}
	pdf.SetY(max(pdf.GetY(), 20+qrSizeMM+8) + 4)

	header := func(cols []string, widths []float64) {
		pdf.SetFont("Helvetica", "B", 9)
		pdf.SetFillColor(235, 235, 235)
		for i, c := range cols {
			align := "R"
			if i == 0 {
				align = "L"
			}
			pdf.CellFormat(widths[i], 7, tr(c), "B", 0, align, true, 0, "")
		}
		pdf.Ln(-1)
		pdf.SetFont("Helvetica", "", 9)
	}
	widths := []float64{90, 15, 25, 15, 35}
	header([]string{tx.description, tx.quantity, tx.unitPrice, tx.vat, tx.amount}, widths)
	for _, l := range d.Lines {
		desc := l.Description
		switch desc {
		case ShippingDescription:
			desc = tx.shipping
		case CashSurchargeDescription:
			desc = tx.cashSurcharge
		}
		pdf.CellFormat(widths[0], 6, tr(desc), "", 0, "L", false, 0, "")
		pdf.CellFormat(widths[1], 6, strconv.Itoa(int(l.Quantity)), "", 0, "R", false, 0, "")
		pdf.CellFormat(widths[2], 6, tr(money(l.UnitPriceCents)), "", 0, "R", false, 0, "")
		pdf.CellFormat(widths[3], 6, percent(l.VatBasisPoints), "", 0, "R", false, 0, "")
		pdf.CellFormat(widths[4], 6, tr(money(l.TotalCents)), "", 1, "R", false, 0, "")
	}
	pdf.Ln(4)
	taxWidths := []float64{90, 45, 45}
	header([]string{tx.rate, tx.base, tx.vatAmount}, taxWidths)
	for _, t := range d.Taxes {
		pdf.CellFormat(taxWidths[0], 6, percent(t.VatBasisPoints), "", 0, "L", false, 0, "")
		pdf.CellFormat(taxWidths[1], 6, tr(money(t.BaseCents)), "", 0, "R", false, 0, "")
		pdf.CellFormat(taxWidths[2], 6, tr(money(t.VatCents)), "", 1, "R", false, 0, "")
	}
	pdf.Ln(2)
	pdf.SetFont("Helvetica", "B", 12)
	pdf.CellFormat(135, 8, tr(tx.total), "T", 0, "L", false, 0, "")
	pdf.CellFormat(45, 8, tr(money(inv.TotalCents)), "T", 1, "R", false, 0, "")
	pdf.SetFont("Helvetica", "", 8)
	pdf.CellFormat(180, 6, tr(tx.vatIncluded), "", 1, "L", false, 0, "")

	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("invoice: draw the PDF of %s: %w", inv.SeriesNumber, err)
	}
	return out.Bytes(), nil
}

// money formats cents as 1234,56 €, the way both languages write it.
func money(cents int64) string {
	s := Amount(cents)
	return s[:len(s)-3] + "," + s[len(s)-2:] + " €"
}

// percent formats basis points as 21 % or 5,5 %.
func percent(bp int32) string {
	s := strconv.Itoa(int(bp / 100))
	if frac := bp % 100; frac != 0 {
		s += "," + fmt.Sprintf("%02d", frac)
		for s[len(s)-1] == '0' {
			s = s[:len(s)-1]
		}
	}
	return s + " %"
}

// qrModulePixels is each QR module's side in the embedded image: enough
// for a printer, small enough for the file.
const qrModulePixels = 8

// qrImage encodes text as a QR code with error correction M (as the AEAT
// asks) and a quiet zone of four modules, as a PNG.
func qrImage(text string) ([]byte, error) {
	code, err := qrcode.NewWith(text, qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium))
	if err != nil {
		return nil, fmt.Errorf("invoice: QR code: %w", err)
	}
	w := &bitmapWriter{}
	if err := code.Save(w); err != nil {
		return nil, fmt.Errorf("invoice: QR code: %w", err)
	}
	const quiet = 4
	n := len(w.bitmap)
	side := (n + 2*quiet) * qrModulePixels
	img := image.NewGray(image.Rect(0, 0, side, side))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for y, row := range w.bitmap {
		for x, set := range row {
			if !set {
				continue
			}
			for dy := range qrModulePixels {
				for dx := range qrModulePixels {
					img.SetGray((x+quiet)*qrModulePixels+dx, (y+quiet)*qrModulePixels+dy, color.Gray{})
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("invoice: QR code: %w", err)
	}
	return buf.Bytes(), nil
}

// bitmapWriter keeps the QR code's modules: go-qrcode's own image writer
// is a separate module, and the PDF needs only the bitmap.
type bitmapWriter struct{ bitmap [][]bool }

func (w *bitmapWriter) Write(mat qrcode.Matrix) error {
	w.bitmap = mat.Bitmap()
	return nil
}

func (w *bitmapWriter) Close() error { return nil }
