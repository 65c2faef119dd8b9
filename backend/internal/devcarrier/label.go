package devcarrier

import (
	"fmt"
	"image"
	"image/color"
	"strconv"
	"strings"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/oned"

	"github.com/sabores/sabores/backend/internal/pdfpage"
)

// labelData is what a label shows.
type labelData struct {
	Carrier, Service, Tracking, Order string
	From, To                          addressIn
	WeightKilos                       string
	Notes                             []string
}

// renderLabel draws an A6 label, the size carriers print: sender,
// recipient in large type, weight, the notes the carrier must act on (the
// amount to collect, the ID check) boxed, and the tracking number as a
// Code 128 barcode with its text, marked as the stand-in's.
func renderLabel(d labelData) ([]byte, error) {
	bars, err := barcode(d.Tracking)
	if err != nil {
		return nil, err
	}
	doc, err := pdfpage.New(pdfpage.A6, "Etiqueta "+d.Tracking)
	if err != nil {
		return nil, err
	}
	doc.AddPage()
	const x, w = 5.0, 95.0
	doc.Font(true, 14)
	doc.Text(x, 4, w, 7, strings.ToUpper(d.Carrier), pdfpage.Left)
	doc.Font(false, 7)
	doc.Text(x, 11, w, 4, "DEV CARRIER — ETIQUETA DE PRUEBA, SIN VALOR", pdfpage.Left)
	doc.Text(x, 15, w, 4, "Servicio: "+d.Service+" · Pedido "+d.Order, pdfpage.Left)
	doc.Line(x, 20, x+w, 20, 0.5)
	doc.Font(true, 7)
	doc.Text(x, 21, w, 4, "REMITENTE", pdfpage.Left)
	doc.Font(false, 8)
	y := doc.Lines(x, 25, w, 3.5, d.From.Name+"\n"+d.From.AddressLine1+", "+d.From.PostalCode+" "+d.From.City)
	doc.Line(x, y+1, x+w, y+1, 0.5)
	y += 2
	doc.Font(true, 7)
	doc.Text(x, y, w, 4, "DESTINATARIO", pdfpage.Left)
	doc.Font(true, 12)
	y = doc.Lines(x, y+4, w, 5.5,
		d.To.Name+"\n"+d.To.AddressLine1+"\n"+d.To.PostalCode+" "+d.To.City+"\n"+d.To.PhoneNumber)
	doc.Font(false, 9)
	doc.Text(x, y+1, w, 5, "Peso: "+d.WeightKilos+" kg", pdfpage.Left)
	y += 7
	for _, n := range d.Notes {
		doc.Box(x, y, w, 8, 0.8)
		doc.Font(true, 9)
		doc.Text(x+2, y, w-4, 8, n, pdfpage.Left)
		y += 9
	}
	doc.Image(bars, x+5, 118, w-10, 18)
	doc.Font(true, 10)
	doc.Text(x, 137, w, 6, d.Tracking, pdfpage.Center)
	return doc.Bytes()
}

// barcode is text as a Code 128 barcode (gozxing's writer), each module
// modulePixels wide with a quiet zone on both sides, as a picture.
func barcode(text string) (image.Image, error) {
	m, err := oned.NewCode128Writer().Encode(text, gozxing.BarcodeFormat_CODE_128, 0, 1, nil)
	if err != nil {
		return nil, fmt.Errorf("devcarrier: barcode of %q: %w", text, err)
	}
	const modulePixels, height = 4, 120
	img := image.NewGray(image.Rect(0, 0, m.GetWidth()*modulePixels, height))
	for px := range img.Bounds().Dx() {
		c := color.Gray{Y: 0xff}
		if m.Get(px/modulePixels, 0) {
			c = color.Gray{}
		}
		for py := range height {
			img.SetGray(px, py, c)
		}
	}
	return img, nil
}

// kilos writes a weight in kilograms as the label shows it (1,320).
func kilos(value string) string {
	f, err := strconv.ParseFloat(value, 64)
	if err != nil {
		return value
	}
	return strings.Replace(strconv.FormatFloat(f, 'f', 3, 64), ".", ",", 1)
}
