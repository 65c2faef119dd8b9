package productimage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
)

// pngOf encodes img as PNG at the best compression.
func pngOf(t *testing.T, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestDecodedSizeIsBudgeted: the review's 16-bit PNG (a few hundred KB,
// 7000×7000) took 654 MB and 6.6 s to decode; its header says so, and it
// is refused before decoding. So are 8-bit pictures past 25 MP, and 16-bit
// ones past the byte budget though under the pixel limit.
func TestDecodedSizeIsBudgeted(t *testing.T) {
	t.Parallel()
	review := pngOf(t, image.NewRGBA64(image.Rect(0, 0, 7000, 7000)))
	if len(review) > MaxUploadBytes {
		t.Fatalf("the review's picture is %d bytes, want it under the upload limit", len(review))
	}
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"16-bit 7000×7000 (49 MP, 392 MB decoded)", review, ErrTooLarge},
		{"16-bit 4000×3000 (12 MP, 96 MB decoded)", pngOf(t, image.NewRGBA64(image.Rect(0, 0, 4000, 3000))), ErrTooLarge},
		{"8-bit 6000×4500 (27 MP)", pngOf(t, image.NewGray(image.Rect(0, 0, 6000, 4500))), ErrTooLarge},
		{"8-bit grey 5000×5000 (25 MP, 25 MB decoded)", pngOf(t, image.NewGray(image.Rect(0, 0, 5000, 5000))), nil},
	} {
		_, err := Process(context.Background(), tc.data)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestDecodingStopsWithTheRequest: a request that ends while its picture
// waits for its turn, or before decoding starts, decodes nothing more.
func TestDecodingStopsWithTheRequest(t *testing.T) {
	decoding <- struct{}{} // another picture is being decoded
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Process(ctx, picture(t, "png", 300, 300))
	<-decoding
	if !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled request waiting its turn: %v, want context.Canceled", err)
	}
	// Its turn came, but the request ended: no rendition is made.
	if _, err := Process(ctx, picture(t, "png", 300, 300)); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled request: %v, want context.Canceled", err)
	}
}

// withOrientation inserts an EXIF APP1 segment with Orientation o after a
// JPEG's SOI marker, as a phone writes it (big-endian TIFF).
func withOrientation(t *testing.T, jpg []byte, o uint16) []byte {
	t.Helper()
	tiff := []byte("MM\x00\x2a\x00\x00\x00\x08")  // header, IFD0 at 8
	tiff = binary.BigEndian.AppendUint16(tiff, 1) // one entry
	tiff = binary.BigEndian.AppendUint16(tiff, 0x0112)
	tiff = binary.BigEndian.AppendUint16(tiff, 3) // SHORT
	tiff = binary.BigEndian.AppendUint32(tiff, 1)
	tiff = binary.BigEndian.AppendUint16(tiff, o)
	tiff = append(tiff, 0, 0, 0, 0, 0, 0) // value padding, no next IFD
	payload := append([]byte("Exif\x00\x00"), tiff...)
	segment := []byte{0xFF, 0xE1}
	segment = binary.BigEndian.AppendUint16(segment, uint16(len(payload)+2))
	segment = append(segment, payload...)
	out := append([]byte{}, jpg[:2]...)
	out = append(out, segment...)
	return append(out, jpg[2:]...)
}

// TestPhonePhotosStandUpright: a phone's portrait is stored landscape with
// Orientation 6 (turn 90° clockwise); its renditions are portrait, and the
// top-left corner as stored (red here) ends at the top right.
func TestPhonePhotosStandUpright(t *testing.T) {
	t.Parallel()
	img := image.NewRGBA(image.Rect(0, 0, 600, 400))
	for y := range 400 {
		for x := range 600 {
			c := color.RGBA{0, 0, 255, 255}
			if x < 150 && y < 100 {
				c = color.RGBA{255, 0, 0, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	data := withOrientation(t, buf.Bytes(), 6)
	if got := orientation(data); got != 6 {
		t.Fatalf("orientation read %d, want 6", got)
	}
	p, err := Process(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	if p.Width != 400 || p.Height != 600 {
		t.Errorf("upright size %d×%d, want 400×600", p.Width, p.Height)
	}
	r := p.Renditions[0] // 240 wide
	got, err := jpeg.Decode(bytes.NewReader(r.Data))
	if err != nil {
		t.Fatal(err)
	}
	if b := got.Bounds(); b.Dx() != 240 || b.Dy() != 360 {
		t.Fatalf("rendition %d×%d, want 240×360", b.Dx(), b.Dy())
	}
	red := func(x, y int) bool {
		r, g, b, _ := got.At(x, y).RGBA()
		return r > 0xC000 && g < 0x4000 && b < 0x4000
	}
	if !red(230, 10) || red(10, 10) {
		t.Errorf("the stored top-left corner is not at the top right once upright (top right red %v, top left red %v)", red(230, 10), red(10, 10))
	}
	if orientation(buf.Bytes()) != 1 {
		t.Error("a JPEG without EXIF has an orientation")
	}
}
