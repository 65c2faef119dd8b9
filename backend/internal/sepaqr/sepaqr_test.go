package sepaqr

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"strings"
	"testing"
)

// TestGuidelineExample writes the example of EPC069-12 (the EPC's "Quick
// Response Code: Guidelines to Enable Data Capture for the Initiation of a
// SEPA Credit Transfer", its sample code for a €1 gift to the Belgian Red
// Cross, also reproduced in Wikipedia's "EPC QR code"), element by element.
func TestGuidelineExample(t *testing.T) {
	got, err := Payload(Transfer{
		Version: "001", BIC: "BPOTBEB1", Beneficiary: "Red Cross of Belgium", IBAN: "BE72000000001616",
		AmountCents: 100, Purpose: "CHAR", Text: "Urgency fund", Information: "Sample EPC QR code",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "BCD\n001\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1\nCHAR\n\nUrgency fund\nSample EPC QR code"
	if got != want {
		t.Errorf("payload\n%q\nwant\n%q", got, want)
	}
}

// TestShopTransfer is the shop's case: version 002 with no BIC, the order
// reference as text, trailing empty elements left out.
func TestShopTransfer(t *testing.T) {
	for _, tc := range []struct {
		t    Transfer
		want string
	}{
		{Transfer{Beneficiary: "Sabores de Ultramar S.L.", IBAN: "ES91 2100 0418 4502 0005 1332", AmountCents: 1234, Text: "Pedido 1234"},
			"BCD\n002\n1\nSCT\n\nSabores de Ultramar S.L.\nES9121000418450200051332\nEUR12.34\n\n\nPedido 1234"},
		{Transfer{Beneficiary: "Açaí & Cia", IBAN: "ES9121000418450200051332", AmountCents: 1230, Reference: "RF18539007547034"},
			"BCD\n002\n1\nSCT\n\nAçaí & Cia\nES9121000418450200051332\nEUR12.3\n\nRF18539007547034"},
		{Transfer{Beneficiary: "Sabores", IBAN: "ES9121000418450200051332"},
			"BCD\n002\n1\nSCT\n\nSabores\nES9121000418450200051332"},
	} {
		got, err := Payload(tc.t)
		if err != nil || got != tc.want {
			t.Errorf("Payload(%+v) =\n%q, %v\nwant\n%q", tc.t, got, err, tc.want)
		}
	}
}

func TestPayloadRefuses(t *testing.T) {
	ok := Transfer{Beneficiary: "Sabores", IBAN: "ES9121000418450200051332", AmountCents: 100}
	for name, change := range map[string]func(*Transfer){
		"version 003":             func(t *Transfer) { t.Version = "003" },
		"version 001 without BIC": func(t *Transfer) { t.Version = "001" },
		"bad BIC":                 func(t *Transfer) { t.BIC = "BPOT" },
		"no beneficiary":          func(t *Transfer) { t.Beneficiary = "" },
		"long beneficiary":        func(t *Transfer) { t.Beneficiary = strings.Repeat("a", 71) },
		"IBAN check digits":       func(t *Transfer) { t.IBAN = "ES9221000418450200051332" },
		"IBAN shape":              func(t *Transfer) { t.IBAN = "2100041845" },
		"negative amount":         func(t *Transfer) { t.AmountCents = -1 },
		"amount too large":        func(t *Transfer) { t.AmountCents = 100_000_000_000 },
		"purpose":                 func(t *Transfer) { t.Purpose = "CHARITY" },
		"reference and text":      func(t *Transfer) { t.Reference, t.Text = "RF18539007547034", "Pedido 1" },
		"long text":               func(t *Transfer) { t.Text = strings.Repeat("x", 141) },
		"text over two lines":     func(t *Transfer) { t.Text = "Pedido 1\nBCD" },
		"long information":        func(t *Transfer) { t.Information = strings.Repeat("x", 71) },
	} {
		tr := ok
		change(&tr)
		if _, err := Payload(tr); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if _, err := Payload(ok); err != nil {
		t.Errorf("the valid transfer: %v", err)
	}
}

func TestValidIBAN(t *testing.T) {
	for iban, want := range map[string]bool{
		"ES9121000418450200051332": true, "BE72000000001616": true, "DE89370400440532013000": true,
		"PT50000201231234567890154": true, "ES9121000418450200051333": false, "XX00": false, "": false,
	} {
		if got := ValidIBAN(iban); got != want {
			t.Errorf("ValidIBAN(%q) = %v", iban, got)
		}
	}
}

// TestPNG decodes the image and reads, from its pixels, what any scanner
// reads first: the three finder patterns and the format information, which
// must say error correction level M as the guideline requires. (No QR
// decoder for Go is available here, so the data itself is checked through
// Payload above.)
func TestPNG(t *testing.T) {
	payload, err := Payload(Transfer{Beneficiary: "Sabores de Ultramar S.L.", IBAN: "ES9121000418450200051332", AmountCents: 1234, Text: "Pedido 1234"})
	if err != nil {
		t.Fatal(err)
	}
	const scale = 3
	raw, err := PNG(payload, scale)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	side := img.Bounds().Dx()
	if side != img.Bounds().Dy() || side%scale != 0 {
		t.Fatalf("image %v", img.Bounds())
	}
	modules := side/scale - 2*quietZone
	if modules < 21 || (modules-17)%4 != 0 || modules > 17+4*maxVersion {
		t.Fatalf("%d modules a side is no QR version up to %d", modules, maxVersion)
	}
	dark := func(x, y int) bool {
		r, _, _, _ := img.At((x+quietZone)*scale+scale/2, (y+quietZone)*scale+scale/2).RGBA()
		return r < 0x8000
	}
	for _, corner := range [][2]int{{0, 0}, {modules - 7, 0}, {0, modules - 7}} {
		if !finder(dark, corner[0], corner[1]) {
			t.Errorf("no finder pattern at %v", corner)
		}
	}
	if dark(-1, -1) || dark(modules, modules) {
		t.Error("the quiet zone is not light")
	}
	level, ok := formatLevel(dark)
	if !ok || level != 0b00 {
		t.Errorf("format information: level bits %02b, valid %v; want 00 (M)", level, ok)
	}
	if _, err := PNG(strings.Repeat("x", 400), scale); err == nil {
		t.Error("a payload needing a version above 13 was drawn")
	}
}

// finder says whether a 7×7 finder pattern (dark ring, light ring, dark
// 3×3 centre) has its top-left module at (x0, y0).
func finder(dark func(x, y int) bool, x0, y0 int) bool {
	for y := range 7 {
		for x := range 7 {
			ring := min(x, y, 6-x, 6-y)
			if dark(x0+x, y0+y) != (ring != 1) {
				return false
			}
		}
	}
	return true
}

// formatLevel reads the 15 format bits beside the top-left finder, removes
// the standard's mask and checks their BCH code; the two top bits are the
// error correction level (L 01, M 00, Q 11, H 10).
func formatLevel(dark func(x, y int) bool) (int, bool) {
	var positions [][2]int
	for _, x := range []int{0, 1, 2, 3, 4, 5, 7, 8} {
		positions = append(positions, [2]int{x, 8})
	}
	for _, y := range []int{7, 5, 4, 3, 2, 1, 0} {
		positions = append(positions, [2]int{8, y})
	}
	read := func(order [][2]int) int {
		v := 0
		for _, p := range order {
			v <<= 1
			if dark(p[0], p[1]) {
				v |= 1
			}
		}
		return v ^ 0b101010000010010
	}
	valid := func(v int) bool {
		r := v
		for i := 14; i >= 10; i-- {
			if r&(1<<i) != 0 {
				r ^= 0b10100110111 << (i - 10)
			}
		}
		return r == 0
	}
	if v := read(positions); valid(v) {
		return v >> 13, true
	}
	reversed := make([][2]int, len(positions))
	for i, p := range positions {
		reversed[len(positions)-1-i] = p
	}
	if v := read(reversed); valid(v) {
		return v >> 13, true
	}
	return -1, false
}

func TestPNGScale(t *testing.T) {
	for _, s := range []int{0, 33} {
		if _, err := PNG("BCD", s); err == nil {
			t.Errorf("scale %d accepted", s)
		}
	}
	raw, err := PNG("BCD", 1)
	if err != nil {
		t.Fatal(err)
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(raw)); err != nil || cfg.Width != 21+2*quietZone {
		t.Errorf("version 1 at 1 pixel a module: %+v, %v", cfg, err)
	}
}
