// Package sepaqr writes the European Payments Council's "SEPA QR" code
// (EPC069-12, "Quick Response Code: Guidelines to Enable Data Capture for
// the Initiation of a SEPA Credit Transfer"): the lines a banking app reads
// to fill in a transfer (beneficiary, IBAN, amount in euros, reference),
// and the QR code itself as a PNG image.
package sepaqr

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	qrcode "github.com/yeqown/go-qrcode/v2"
)

// Transfer is what the code asks the payer's bank to send.
type Transfer struct {
	// Version is "002" (payer and beneficiary in the EEA, BIC optional) or
	// "001" (BIC required); empty means "002".
	Version string
	// BIC of the beneficiary's bank, 8 or 11 characters.
	BIC string
	// Beneficiary is the account holder's name, up to 70 characters.
	Beneficiary string
	// IBAN of the beneficiary's account.
	IBAN string
	// AmountCents is the amount in euro cents, from 1 to 99999999999; 0
	// leaves it for the payer to fill in.
	AmountCents int64
	// Purpose is an optional 4-letter ISO 20022 purpose code.
	Purpose string
	// Reference is a structured creditor reference (ISO 11649, "RF…"), up
	// to 35 characters; Text must then be empty.
	Reference string
	// Text is the unstructured remittance information, up to 140
	// characters: the shop writes the order reference here.
	Text string
	// Information is a note to the payer, up to 70 characters.
	Information string
}

// maxPayload is the guideline's limit on the whole payload, in bytes.
const maxPayload = 331

var (
	bicPattern  = regexp.MustCompile(`^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$`)
	ibanPattern = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$`)
	purpose     = regexp.MustCompile(`^[A-Z0-9]{1,4}$`)
)

// ErrInvalid wraps every reason a transfer cannot be written.
var ErrInvalid = errors.New("sepaqr: invalid transfer")

// Payload writes t as the code's text: one element a line, in the
// guideline's order, trailing empty elements left out.
func Payload(t Transfer) (string, error) {
	if t.Version == "" {
		t.Version = "002"
	}
	iban := strings.ToUpper(strings.ReplaceAll(t.IBAN, " ", ""))
	switch {
	case t.Version != "001" && t.Version != "002":
		return "", fmt.Errorf("%w: version %q", ErrInvalid, t.Version)
	case t.Version == "001" && t.BIC == "":
		return "", fmt.Errorf("%w: version 001 needs a BIC", ErrInvalid)
	case t.BIC != "" && !bicPattern.MatchString(t.BIC):
		return "", fmt.Errorf("%w: BIC %q", ErrInvalid, t.BIC)
	case t.Beneficiary == "" || utf8.RuneCountInString(t.Beneficiary) > 70:
		return "", fmt.Errorf("%w: beneficiary must have 1 to 70 characters", ErrInvalid)
	case !ValidIBAN(iban):
		return "", fmt.Errorf("%w: IBAN %q", ErrInvalid, t.IBAN)
	case t.AmountCents < 0 || t.AmountCents > 99_999_999_999:
		return "", fmt.Errorf("%w: amount %d cents", ErrInvalid, t.AmountCents)
	case t.Purpose != "" && !purpose.MatchString(t.Purpose):
		return "", fmt.Errorf("%w: purpose %q", ErrInvalid, t.Purpose)
	case t.Reference != "" && t.Text != "":
		return "", fmt.Errorf("%w: a structured reference and a text exclude each other", ErrInvalid)
	case utf8.RuneCountInString(t.Reference) > 35:
		return "", fmt.Errorf("%w: reference over 35 characters", ErrInvalid)
	case utf8.RuneCountInString(t.Text) > 140:
		return "", fmt.Errorf("%w: text over 140 characters", ErrInvalid)
	case utf8.RuneCountInString(t.Information) > 70:
		return "", fmt.Errorf("%w: information over 70 characters", ErrInvalid)
	}
	for _, field := range []string{t.Beneficiary, t.Reference, t.Text, t.Information} {
		if strings.ContainsAny(field, "\r\n") || !utf8.ValidString(field) {
			return "", fmt.Errorf("%w: %q spans lines", ErrInvalid, field)
		}
	}
	amount := ""
	if t.AmountCents > 0 {
		amount = "EUR" + euros(t.AmountCents)
	}
	lines := []string{
		"BCD", t.Version, "1", "SCT", t.BIC, t.Beneficiary, iban, amount,
		t.Purpose, t.Reference, t.Text, t.Information,
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	payload := strings.Join(lines, "\n")
	if len(payload) > maxPayload {
		return "", fmt.Errorf("%w: %d bytes, over the %d the guideline allows", ErrInvalid, len(payload), maxPayload)
	}
	return payload, nil
}

// euros writes cents with a point and no needless zeros, as the
// guideline's example does ("EUR1", "EUR12.3", "EUR12.34").
func euros(cents int64) string {
	s := strconv.FormatInt(cents/100, 10)
	if frac := cents % 100; frac != 0 {
		s += "." + strings.TrimRight(fmt.Sprintf("%02d", frac), "0")
	}
	return s
}

// ValidIBAN checks an IBAN's shape and its ISO 13616 check digits
// (mod 97), so a typo in the configured account is caught before a
// shopper pays into it.
func ValidIBAN(iban string) bool {
	if !ibanPattern.MatchString(iban) {
		return false
	}
	rearranged := iban[4:] + iban[:4]
	rem := 0
	for _, c := range rearranged {
		if c >= 'A' && c <= 'Z' {
			v := int(c-'A') + 10
			rem = (rem*100 + v) % 97
		} else {
			rem = (rem*10 + int(c-'0')) % 97
		}
	}
	return rem == 1
}

// quietZone is the margin of light modules the QR standard requires.
const quietZone = 4

// maxVersion is the guideline's largest QR version (69 modules a side).
const maxVersion = 13

// PNG draws payload as a QR code with error correction level M, as the
// guideline requires, each module modulePixels wide, with its quiet zone.
func PNG(payload string, modulePixels int) ([]byte, error) {
	if modulePixels < 1 || modulePixels > 32 {
		return nil, fmt.Errorf("sepaqr: %d pixels a module", modulePixels)
	}
	code, err := qrcode.NewWith(payload,
		qrcode.WithErrorCorrectionLevel(qrcode.ErrorCorrectionMedium),
		qrcode.WithEncodingMode(qrcode.EncModeByte))
	if err != nil {
		return nil, fmt.Errorf("sepaqr: encode: %w", err)
	}
	var m matrix
	if err := code.Save(&m); err != nil {
		return nil, fmt.Errorf("sepaqr: draw: %w", err)
	}
	if len(m.bits) > 17+4*maxVersion {
		return nil, fmt.Errorf("sepaqr: payload needs a QR code larger than version %d", maxVersion)
	}
	side := (len(m.bits) + 2*quietZone) * modulePixels
	img := image.NewPaletted(image.Rect(0, 0, side, side), color.Palette{color.White, color.Black})
	for y, row := range m.bits {
		for x, dark := range row {
			if !dark {
				continue
			}
			for dy := range modulePixels {
				for dx := range modulePixels {
					img.SetColorIndex((x+quietZone)*modulePixels+dx, (y+quietZone)*modulePixels+dy, 1)
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("sepaqr: png: %w", err)
	}
	return buf.Bytes(), nil
}

// matrix keeps the modules the QR library computed (rows of columns, true
// dark): the library's own image writers are separate modules, and the
// standard library's PNG encoder is all this needs.
type matrix struct {
	bits [][]bool
}

func (m *matrix) Write(mat qrcode.Matrix) error {
	m.bits = mat.Bitmap()
	return nil
}

func (m *matrix) Close() error { return nil }
