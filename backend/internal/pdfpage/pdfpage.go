// Package pdfpage draws simple documents (packing slips, the development
// carrier's labels) with signintech/gopdf and the Go fonts, in
// millimetres: a page, text in boxes, wrapped lines, pictures. The first
// error stops the drawing and Bytes returns it, so a drawing reads as a
// list of calls.
package pdfpage

import (
	"fmt"
	"image"
	"strings"

	"github.com/signintech/gopdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// The fonts' names in the document.
const (
	fontRegular = "go"
	fontBold    = "go-bold"
)

// The alignments of Text.
const (
	Left   = gopdf.Left
	Center = gopdf.Center
	Right  = gopdf.Right
)

// A6 is a shipping label's page, 105 × 148 mm.
var A6 = gopdf.Rect{W: 105, H: 148}

// A4 is a sheet, 210 × 297 mm.
var A4 = gopdf.Rect{W: 210, H: 297}

// Doc is a document being drawn.
type Doc struct {
	pdf *gopdf.GoPdf
	err error
}

// New starts a document of pages of size (in millimetres: gopdf converts
// a size without a unit of its own from the document's unit) titled title.
func New(size gopdf.Rect, title string) (*Doc, error) {
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: size, Unit: gopdf.UnitMM})
	pdf.SetInfo(gopdf.PdfInfo{Title: title, Creator: "Sabores"})
	if err := pdf.AddTTFFontData(fontRegular, goregular.TTF); err != nil {
		return nil, fmt.Errorf("pdfpage: load the regular font: %w", err)
	}
	if err := pdf.AddTTFFontData(fontBold, gobold.TTF); err != nil {
		return nil, fmt.Errorf("pdfpage: load the bold font: %w", err)
	}
	return &Doc{pdf: pdf}, nil
}

// AddPage starts a new page.
func (d *Doc) AddPage() { d.pdf.AddPage() }

// Font sets the regular or bold face at size points.
func (d *Doc) Font(bold bool, size float64) {
	family := fontRegular
	if bold {
		family = fontBold
	}
	if err := d.pdf.SetFont(family, "", size); err != nil && d.err == nil {
		d.err = err
	}
}

// Text writes s in the box at (x, y) of width w and height h, aligned
// horizontally by align and centred vertically.
func (d *Doc) Text(x, y, w, h float64, s string, align int) {
	if d.err != nil {
		return
	}
	d.pdf.SetXY(x, y)
	d.err = d.pdf.CellWithOption(&gopdf.Rect{W: w, H: h}, s, gopdf.CellOption{Align: align | gopdf.Middle})
}

// Lines writes s at (x, y), breaking it at its newlines and wherever a
// line is wider than w, lineHeight apart; it returns the y below the text.
func (d *Doc) Lines(x, y, w, lineHeight float64, s string) float64 {
	for _, para := range strings.Split(s, "\n") {
		if d.err != nil {
			return y
		}
		parts, err := d.pdf.SplitTextWithWordWrap(para, w)
		if err != nil {
			// Nothing to split (an empty line) or a word wider than the box: write it whole.
			parts = []string{para}
		}
		for _, part := range parts {
			d.Text(x, y, w, lineHeight+1, part, Left)
			y += lineHeight
		}
	}
	return y
}

// Box draws a rectangle's outline, lineWidth thick.
func (d *Doc) Box(x, y, w, h, lineWidth float64) {
	if d.err != nil {
		return
	}
	d.pdf.SetLineWidth(lineWidth)
	d.pdf.RectFromUpperLeftWithStyle(x, y, w, h, "D")
}

// Line draws a line lineWidth thick.
func (d *Doc) Line(x1, y1, x2, y2, lineWidth float64) {
	if d.err != nil {
		return
	}
	d.pdf.SetLineWidth(lineWidth)
	d.pdf.Line(x1, y1, x2, y2)
}

// Image draws img in the box at (x, y) of width w and height h.
func (d *Doc) Image(img image.Image, x, y, w, h float64) {
	if d.err != nil {
		return
	}
	if err := d.pdf.ImageFrom(img, x, y, &gopdf.Rect{W: w, H: h}); err != nil {
		d.err = fmt.Errorf("pdfpage: draw a picture: %w", err)
	}
}

// Bytes is the document, or the first error met while drawing it.
func (d *Doc) Bytes() ([]byte, error) {
	if d.err != nil {
		return nil, d.err
	}
	out, err := d.pdf.GetBytesPdfReturnErr()
	if err != nil {
		return nil, fmt.Errorf("pdfpage: write the PDF: %w", err)
	}
	return out, nil
}
