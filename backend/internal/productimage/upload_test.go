package productimage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// picture encodes a w×h picture with a red left half as PNG or JPEG.
func picture(t testing.TB, format string, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{0, 0, 255, 255}
			if x < w/2 {
				c = color.NRGBA{255, 0, 0, 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	var err error
	if format == "png" {
		err = png.Encode(&buf, img)
	} else {
		err = jpeg.Encode(&buf, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// webpLossless is a 1×1 lossless WebP, too small for a product.
var webpLossless = []byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00")

func TestProcessResizesToEveryWidth(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"png", "jpeg"} {
		data := picture(t, format, 1200, 800)
		p, err := Process(context.Background(), data)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if p.Width != 1200 || p.Height != 800 || len(p.Hash) != 64 || len(p.Renditions) != len(Widths) {
			t.Fatalf("%s: %d×%d %q %d renditions", format, p.Width, p.Height, p.Hash, len(p.Renditions))
		}
		for i, r := range p.Renditions {
			img, err := jpeg.Decode(bytes.NewReader(r.Data))
			if err != nil {
				t.Fatalf("%s at %d: not a JPEG: %v", format, r.Width, err)
			}
			if b := img.Bounds(); r.Width != Widths[i] || b.Dx() != Widths[i] || b.Dy() != Widths[i]*2/3 {
				t.Errorf("%s: rendition %d is %v, want %d wide, 2:3", format, r.Width, b, Widths[i])
			}
			// The left half stays red: the picture is scaled, not cropped.
			if r, g, _, _ := img.At(img.Bounds().Dx()/4, img.Bounds().Dy()/2).RGBA(); r>>8 < 200 || g>>8 > 60 {
				t.Errorf("%s: left quarter is not red", format)
			}
		}
	}
}

func TestProcessNeverEnlarges(t *testing.T) {
	t.Parallel()
	p, err := Process(context.Background(), picture(t, "png", 300, 300))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range p.Renditions {
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(r.Data))
		if err != nil {
			t.Fatal(err)
		}
		if want := min(r.Width, 300); cfg.Width != want {
			t.Errorf("rendition %d is %d px wide, want %d", r.Width, cfg.Width, want)
		}
	}
}

func TestProcessRefusals(t *testing.T) {
	t.Parallel()
	big := picture(t, "png", 200, 200)
	// A PNG header claiming 20000×20000 pixels is refused before decoding.
	bomb := append([]byte(nil), big...)
	copy(bomb[16:24], []byte{0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20})
	binary.BigEndian.PutUint32(bomb[29:33], crc32.ChecksumIEEE(bomb[12:29]))
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"text named .jpg", []byte("not a picture at all, just text"), ErrFormat},
		{"SVG", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), ErrFormat},
		{"GIF", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), ErrFormat},
		{"truncated PNG", big[:60], ErrFormat},
		{"tiny WebP", webpLossless, ErrDimensions},
		{"too small", picture(t, "png", 80, 300), ErrDimensions},
		{"decompression bomb", bomb, ErrTooLarge},
		{"over 5 MB", append(picture(t, "jpeg", 200, 200), make([]byte, MaxUploadBytes)...), ErrDimensions},
	} {
		if _, err := Process(context.Background(), tc.data); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	if got := Sniff(webpLossless); got != "image/webp" {
		t.Errorf("Sniff(WebP) = %q", got)
	}
}

func TestSrcSet(t *testing.T) {
	t.Parallel()
	hash := strings.Repeat("ab", 32)
	want := "/images/p/" + hash + "-240.jpg 240w, /images/p/" + hash + "-480.jpg 480w, /images/p/" + hash + "-960.jpg 960w"
	if got := SrcSet(UploadURL(hash, ListWidth)); got != want {
		t.Errorf("SrcSet = %q\nwant   %q", got, want)
	}
	for _, url := range []string{ProductURL("bebidas", "Guaraná"), "", "/images/p/xyz-240.jpg", "https://cdn.example/a.jpg"} {
		if got := SrcSet(url); got != "" {
			t.Errorf("SrcSet(%q) = %q, want none", url, got)
		}
	}
}

type renditions map[string][]byte

func (r renditions) GetImageRendition(_ context.Context, arg db.GetImageRenditionParams) (db.GetImageRenditionRow, error) {
	data, ok := r[arg.Hash+"-"+strconv.Itoa(int(arg.Width))]
	if !ok {
		return db.GetImageRenditionRow{}, pgx.ErrNoRows
	}
	return db.GetImageRenditionRow{ContentType: "image/jpeg", Data: data}, nil
}

func TestUploadsServesImmutable(t *testing.T) {
	t.Parallel()
	hash := strings.Repeat("0f", 32)
	h := Uploads(renditions{hash + "-480": []byte("jpeg bytes")})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, UploadURL(hash, 480), nil))
	if rec.Code != http.StatusOK || rec.Body.String() != "jpeg bytes" ||
		rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" ||
		rec.Header().Get("Content-Type") != "image/jpeg" || rec.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("GET: %d %q %v", rec.Code, rec.Body.String(), rec.Header())
	}
	req := httptest.NewRequest(http.MethodGet, UploadURL(hash, 480), nil)
	req.Header.Set("If-None-Match", rec.Header().Get("ETag"))
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Errorf("revalidation: %d, want 304", rec.Code)
	}
	for _, path := range []string{UploadURL(hash, 960), UploadPrefix + "../../etc/passwd", UploadPrefix + hash + ".jpg"} {
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, rec.Code)
		}
	}
}
