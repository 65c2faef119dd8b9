package invoice

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"net/url"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/signintech/gopdf"
	qrcode "github.com/yeqown/go-qrcode/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/money"
)

// The AEAT's invoice verification service the QR code points to
// ("Características del QR y especificaciones del servicio de cotejo",
// VERI*FACTU mode): the test environment, and production.
const (
	QRTestURL       = "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR"
	QRProductionURL = "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR"
)

// Verification is what an invoice shows of VERI*FACTU: the checker its QR
// code points to, that of the AEAT environment its records go to (QRTestURL
// or QRProductionURL), and whether it carries the "VERI*FACTU" legend,
// which belongs to invoices of a system in VERI*FACTU mode (Orden
// HAC/1177/2024, the QR code and its legend): while records are sent. It is
// the mode shopd runs in (SetMode); each invoice keeps the mode it was
// issued in, and is drawn from that (invoices.verifactu_legend, qr_base).
type Verification struct {
	QRBase string
	Legend bool
}

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
			return d, fmt.Errorf("invoice: invoice %d: %w", invoiceID, fault.ErrNotFound)
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
	// producerRegister labels the shop's Registro de Productores de
	// Producto number.
	producerRegister string
	// accessory says a charge split across rates follows the goods' VAT.
	accessory string
	// discount names a discount code's line, before the code.
	discount string
}

var pdfTexts = map[string]texts{
	"es": {
		title:  map[Kind]string{Simplified: "Factura simplificada", Complete: "Factura", Corrective: "Factura rectificativa"},
		number: "Número", date: "Fecha de expedición", issuer: "Emisor", buyer: "Destinatario", taxID: "NIF",
		refersTo: "Rectifica o sustituye a", reason: "Motivo", description: "Descripción", quantity: "Cant.",
		unitPrice: "Precio unit.", vat: "IVA", amount: "Importe", rate: "Tipo de IVA", base: "Base imponible",
		vatAmount: "Cuota de IVA", total: "Total", shipping: "Envío", cashSurcharge: "Recargo por contra reembolso", vatIncluded: "Precios con IVA incluido.",
		qr:               "QR tributario:",
		producerRegister: "Registro de Productores de Producto (envases)",
		discount:         "Descuento",
		accessory:        "El envío y el recargo por contra reembolso siguen el IVA de los productos (art. 78.Dos.1º de la Ley del IVA), repartidos según la base de cada tipo.",
	},
	"pt": {
		title:  map[Kind]string{Simplified: "Fatura simplificada", Complete: "Fatura", Corrective: "Fatura retificativa"},
		number: "Número", date: "Data de emissão", issuer: "Emitente", buyer: "Destinatário", taxID: "NIF",
		refersTo: "Retifica ou substitui", reason: "Motivo", description: "Descrição", quantity: "Qtd.",
		unitPrice: "Preço unit.", vat: "IVA", amount: "Montante", rate: "Taxa de IVA", base: "Base tributável",
		vatAmount: "Valor do IVA", total: "Total", shipping: "Envio", cashSurcharge: "Sobretaxa de pagamento à cobrança", vatIncluded: "Preços com IVA incluído.",
		qr:               "QR tributário:",
		producerRegister: "Registo de Produtores de Produto (embalagens, Espanha)",
		discount:         "Desconto",
		accessory:        "O envio e a sobretaxa de pagamento à cobrança seguem o IVA dos produtos (art. 78.Dos.1.º da Lei do IVA espanhola), repartidos segundo a base de cada taxa.",
	},
}

// Languages are the languages an invoice PDF can be written in.
var Languages = []string{"es", "pt"}

// qrSizeMM is the QR code's printed side, within the 30–40 mm Orden
// HAC/1177/2024 asks for.
const qrSizeMM = 35

// The invoice's typefaces: the Go fonts (BSD licence, shipped with
// golang.org/x/image), embedded as subsets, cover every Spanish and
// Portuguese letter and the euro sign.
const (
	fontRegular = "go"
	fontBold    = "go-bold"
)

// DrawPDF loads an invoice and draws it in lang (as RenderPDF), named after
// its number: the shopper's download and the back office's give the same
// file.
func DrawPDF(ctx context.Context, q db.DBTX, invoiceID int64, lang string) (pdf []byte, fileName string, err error) {
	d, err := LoadDocument(ctx, q, invoiceID)
	if err != nil {
		return nil, "", err
	}
	if pdf, err = RenderPDF(d, lang); err != nil {
		return nil, "", err
	}
	return pdf, d.Invoice.SeriesNumber + ".pdf", nil
}

// pageMarginMM is the A4 page's left margin; contentWidthMM the width inside both margins.
const (
	pageMarginMM   = 15.0
	contentWidthMM = 180.0
)

// RenderPDF draws the invoice in lang ("es" or "pt"; anything else is
// Spanish) with the VeriFactu QR code and legend of the mode it was issued
// in, whatever the mode is now, with
// signintech/gopdf (maintained; go-pdf/fpdf, used before, was archived in
// March 2025).
func RenderPDF(d Document, lang string) ([]byte, error) {
	tx, ok := pdfTexts[lang]
	if !ok {
		tx = pdfTexts["es"]
	}
	inv := d.Invoice
	qr, err := qrImage(VerificationURL(inv.QrBase, inv))
	if err != nil {
		return nil, err
	}
	p, err := newPage(inv.SeriesNumber)
	if err != nil {
		return nil, err
	}

	p.font(false, 8)
	p.text(160, 15, 40, 3, tx.qr, gopdf.Left)
	if err := p.pdf.ImageFrom(qr, 160, 20, &gopdf.Rect{W: qrSizeMM, H: qrSizeMM}); err != nil {
		return nil, fmt.Errorf("invoice: draw the QR code of %s: %w", inv.SeriesNumber, err)
	}
	if inv.VerifactuLegend {
		p.text(160, 20+qrSizeMM+1, qrSizeMM, 3, "VERI*FACTU", gopdf.Center)
	}

	y := pageMarginMM
	p.font(true, 16)
	p.text(pageMarginMM, y, 140, 9, tx.title[Kind(inv.Kind)], gopdf.Left)
	y += 11
	row := func(label, value string) {
		p.font(true, 10)
		p.text(pageMarginMM, y, 42, 6, label, gopdf.Left)
		p.font(false, 10)
		y = p.lines(pageMarginMM+42, y, 98, 5, value)
		y += 1
	}
	row(tx.number, inv.SeriesNumber)
	row(tx.date, AEATDate(inv.IssuedAt))
	row(tx.issuer, inv.IssuerName+"\n"+issuerDetails(tx, inv))
	if inv.BuyerNif != "" {
		row(tx.buyer, inv.BuyerName+"\n"+tx.taxID+" "+inv.BuyerNif+"\n"+inv.BuyerAddress)
	}
	if d.RefersTo != nil {
		row(tx.refersTo, d.RefersTo.SeriesNumber+" ("+AEATDate(d.RefersTo.IssuedAt)+")")
	}
	if inv.Reason != "" {
		row(tx.reason, inv.Reason)
	}
	y = max(y, 20+qrSizeMM+8) + 4

	header := func(cols []string, widths []float64) {
		p.font(true, 9)
		p.pdf.SetFillColor(235, 235, 235)
		p.pdf.RectFromUpperLeftWithStyle(pageMarginMM, y, contentWidthMM, 7, "F")
		p.pdf.SetFillColor(0, 0, 0) // text is painted with the fill colour
		p.pdf.SetLineWidth(0.2)
		p.pdf.Line(pageMarginMM, y+7, pageMarginMM+contentWidthMM, y+7)
		p.row(y, 7, cols, widths)
		y += 7
		p.font(false, 9)
	}
	widths := []float64{90, 15, 25, 15, 35}
	header([]string{tx.description, tx.quantity, tx.unitPrice, tx.vat, tx.amount}, widths)
	charges := map[string]int{}
	for _, l := range d.Lines {
		desc := l.Description
		switch desc {
		case ShippingDescription:
			desc = tx.shipping
			charges[l.Description]++
		case CashSurchargeDescription:
			desc = tx.cashSurcharge
			charges[l.Description]++
		}
		if code, ok := strings.CutPrefix(desc, DiscountDescription); ok {
			desc = tx.discount + " " + code
		}
		p.row(y, 6, []string{desc, strconv.Itoa(int(l.Quantity)), money.Format(l.UnitPriceCents, lang), percent(l.VatBasisPoints), money.Format(l.TotalCents, lang)}, widths)
		y += 6
	}
	y += 4
	taxWidths := []float64{90, 45, 45}
	header([]string{tx.rate, tx.base, tx.vatAmount}, taxWidths)
	for _, t := range d.Taxes {
		p.row(y, 6, []string{percent(t.VatBasisPoints), money.Format(t.BaseCents, lang), money.Format(t.VatCents, lang)}, taxWidths)
		y += 6
	}
	y += 2
	p.pdf.Line(pageMarginMM, y, pageMarginMM+contentWidthMM, y)
	p.font(true, 12)
	p.row(y, 8, []string{tx.total, money.Format(inv.TotalCents, lang)}, []float64{135, 45})
	y += 8
	p.font(false, 8)
	p.text(pageMarginMM, y, contentWidthMM, 6, tx.vatIncluded, gopdf.Left)
	// A charge on more than one line was split across the goods' rates:
	// say why, so the buyer is not surprised to see shipping at 4 %.
	if charges[ShippingDescription] > 1 || charges[CashSurchargeDescription] > 1 {
		p.lines(pageMarginMM, y+7, contentWidthMM, 4, tx.accessory)
	}

	if p.err != nil {
		return nil, fmt.Errorf("invoice: draw the PDF of %s: %w", inv.SeriesNumber, p.err)
	}
	out, err := p.pdf.GetBytesPdfReturnErr()
	if err != nil {
		return nil, fmt.Errorf("invoice: write the PDF of %s: %w", inv.SeriesNumber, err)
	}
	return out, nil
}

// issuerDetails is the shop's identity under its name, as the invoice
// kept it: NIF, address and, when the shop had one, its producer register
// number; the A4 invoice and the till ticket print the same.
func issuerDetails(tx texts, inv db.Invoice) string {
	s := tx.taxID + " " + inv.IssuerNif + "\n" + inv.IssuerAddress
	if inv.IssuerProducerRegister != "" {
		s += "\n" + tx.producerRegister + ": " + inv.IssuerProducerRegister
	}
	return s
}

// page is an A4 page in millimetres being drawn; the first error stops
// the drawing and is returned once at the end.
type page struct {
	pdf *gopdf.GoPdf
	err error
}

// newPage starts an A4 document titled title with the two Go fonts.
func newPage(title string) (*page, error) {
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4, Unit: gopdf.UnitMM})
	pdf.SetInfo(gopdf.PdfInfo{Title: title, Creator: "Sabores"})
	if err := pdf.AddTTFFontData(fontRegular, goregular.TTF); err != nil {
		return nil, fmt.Errorf("invoice: load the regular font: %w", err)
	}
	if err := pdf.AddTTFFontData(fontBold, gobold.TTF); err != nil {
		return nil, fmt.Errorf("invoice: load the bold font: %w", err)
	}
	pdf.AddPage()
	return &page{pdf: pdf}, nil
}

// font sets the regular or bold face at size points.
func (p *page) font(bold bool, size float64) {
	family := fontRegular
	if bold {
		family = fontBold
	}
	if err := p.pdf.SetFont(family, "", size); err != nil && p.err == nil {
		p.err = err
	}
}

// text writes s in the box at (x, y) of width w and height h, aligned
// horizontally by align and centred vertically.
func (p *page) text(x, y, w, h float64, s string, align int) {
	if p.err != nil {
		return
	}
	p.pdf.SetXY(x, y)
	p.err = p.pdf.CellWithOption(&gopdf.Rect{W: w, H: h}, s, gopdf.CellOption{Align: align | gopdf.Middle})
}

// row writes one table row at y: the first column left-aligned, the
// others right-aligned, in columns of widths from the left margin.
func (p *page) row(y, h float64, cols []string, widths []float64) {
	x := pageMarginMM
	for i, c := range cols {
		align := gopdf.Right
		if i == 0 {
			align = gopdf.Left
		}
		p.text(x+1, y, widths[i]-2, h, c, align)
		x += widths[i]
	}
}

// lines writes s at (x, y), breaking it at its newlines and wherever a
// line is wider than w, lineHeight apart; it returns the y below the text.
func (p *page) lines(x, y, w, lineHeight float64, s string) float64 {
	for _, para := range strings.Split(s, "\n") {
		if p.err != nil {
			return y
		}
		parts, err := p.pdf.SplitTextWithWordWrap(para, w)
		if err != nil {
			// Nothing to split (an empty line) or a word wider than the box: write it whole.
			parts = []string{para}
		}
		for _, part := range parts {
			p.text(x, y, w, lineHeight+1, part, gopdf.Left)
			y += lineHeight
		}
	}
	return y
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
// asks) and a quiet zone of four modules, as the image the PDF embeds.
func qrImage(text string) (image.Image, error) {
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
	return img, nil
}

// bitmapWriter keeps the QR code's modules: go-qrcode's own image writer
// is a separate module, and the PDF needs only the bitmap.
type bitmapWriter struct{ bitmap [][]bool }

func (w *bitmapWriter) Write(mat qrcode.Matrix) error {
	w.bitmap = mat.Bitmap()
	return nil
}

func (w *bitmapWriter) Close() error { return nil }
