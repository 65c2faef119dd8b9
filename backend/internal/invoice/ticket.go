package invoice

import (
	"fmt"
	"strconv"

	"github.com/signintech/gopdf"

	"github.com/sabores/sabores/backend/internal/money"
	"github.com/sabores/sabores/backend/internal/pdfpage"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// TicketPayment is one payment printed on a till ticket: its method
// ("cash", "card", "bizum"), amount, and for cash what was handed over and
// given back.
type TicketPayment struct {
	Method                string
	Amount, Given, Change int64
}

// ticketTexts are a ticket's words beyond the invoice's own.
type ticketTexts struct {
	methods       map[string]string
	given, change string
	thanks        string
}

var ticketWords = map[string]ticketTexts{
	"es": {methods: map[string]string{"cash": "Efectivo", "card": "Tarjeta", "bizum": "Bizum"},
		given: "Entregado", change: "Cambio", thanks: "Gracias por su compra"},
	"pt": {methods: map[string]string{"cash": "Numerário", "card": "Cartão", "bizum": "Bizum"},
		given: "Entregue", change: "Troco", thanks: "Obrigado pela sua compra"},
}

// The till ticket's roll: 80 mm paper, 72 mm printed.
const (
	ticketWidthMM  = 80.0
	ticketMarginMM = 4.0
	ticketInnerMM  = ticketWidthMM - 2*ticketMarginMM
)

// RenderTicket draws a till sale's or return's invoice as a ticket for an
// 80 mm receipt printer, in lang ("es" or "pt"): the issuer's legal data,
// the number and date, the lines, VAT per rate, the total, the payments and
// the VeriFactu QR code and legend, as RenderPDF shows them on A4.
func RenderTicket(d Document, payments []TicketPayment, lang string) ([]byte, error) {
	tx, ok := pdfTexts[lang]
	if !ok {
		lang, tx = "es", pdfTexts["es"]
	}
	words := ticketWords[lang]
	inv := d.Invoice
	qr, err := qrImage(VerificationURL(inv.QrBase, inv))
	if err != nil {
		return nil, err
	}
	height := 75 + 4.5*float64(len(d.Lines)) + 4*float64(len(d.Taxes)+2*len(payments)) + qrSizeMM + 20
	if d.RefersTo != nil || inv.BuyerNif != "" {
		height += 16
	}
	if inv.IssuerProducerRegister != "" {
		height += 8
	}
	doc, err := pdfpage.New(gopdf.Rect{W: ticketWidthMM, H: height}, inv.SeriesNumber)
	if err != nil {
		return nil, err
	}
	doc.AddPage()
	y := ticketMarginMM
	block := func(bold bool, size float64, s string) {
		doc.Font(bold, size)
		y = doc.Lines(ticketMarginMM, y, ticketInnerMM, size*0.45, s)
	}
	pair := func(bold bool, left, right string) {
		doc.Font(bold, 8)
		doc.Text(ticketMarginMM, y, ticketInnerMM-22, 4, left, pdfpage.Left)
		doc.Text(ticketWidthMM-ticketMarginMM-22, y, 22, 4, right, pdfpage.Right)
		y += 4
	}
	rule := func() {
		y += 1
		doc.Line(ticketMarginMM, y, ticketWidthMM-ticketMarginMM, y, 0.2)
		y += 1.5
	}
	block(true, 10, inv.IssuerName)
	block(false, 8, issuerDetails(tx, inv))
	rule()
	block(true, 9, tx.title[Kind(inv.Kind)])
	block(false, 8, tx.number+": "+inv.SeriesNumber+"\n"+tx.date+": "+AEATDate(inv.IssuedAt)+" "+shoptime.Clock(inv.IssuedAt, lang))
	if inv.BuyerNif != "" {
		block(false, 8, tx.buyer+": "+inv.BuyerName+"\n"+tx.taxID+" "+inv.BuyerNif+"\n"+inv.BuyerAddress)
	}
	if d.RefersTo != nil {
		block(false, 8, tx.refersTo+": "+d.RefersTo.SeriesNumber+" ("+AEATDate(d.RefersTo.IssuedAt)+")")
	}
	rule()
	for _, l := range d.Lines {
		pair(false, strconv.Itoa(int(l.Quantity))+" × "+l.Description, money.Format(l.TotalCents, lang))
	}
	rule()
	for _, t := range d.Taxes {
		pair(false, tx.vat+" "+percent(t.VatBasisPoints)+"  "+tx.base+" "+money.Format(t.BaseCents, lang), money.Format(t.VatCents, lang))
	}
	y += 1
	pair(true, tx.total, money.Format(inv.TotalCents, lang))
	for _, p := range payments {
		pair(false, words.methods[p.Method], money.Format(p.Amount, lang))
		if p.Method == "cash" && p.Given > 0 {
			pair(false, "  "+words.given+" "+money.Format(p.Given, lang), words.change+" "+money.Format(p.Change, lang))
		}
	}
	doc.Font(false, 7)
	doc.Text(ticketMarginMM, y, ticketInnerMM, 4, tx.vatIncluded, pdfpage.Left)
	y += 5
	doc.Font(false, 7)
	doc.Text(ticketMarginMM, y, ticketInnerMM, 3, tx.qr, pdfpage.Center)
	y += 3.5
	doc.Image(qr, (ticketWidthMM-qrSizeMM)/2, y, qrSizeMM, qrSizeMM)
	y += qrSizeMM + 1
	if inv.VerifactuLegend {
		doc.Text(ticketMarginMM, y, ticketInnerMM, 3, "VERI*FACTU", pdfpage.Center)
		y += 4
	}
	doc.Font(false, 8)
	doc.Text(ticketMarginMM, y, ticketInnerMM, 4, words.thanks, pdfpage.Center)
	out, err := doc.Bytes()
	if err != nil {
		return nil, fmt.Errorf("invoice: ticket of %s: %w", inv.SeriesNumber, err)
	}
	return out, nil
}
