package productimage_test

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/sabores/sabores/backend/internal/productimage"
)

func TestSlug(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, want string
	}{
		{"Pão de Queijo", "pao-de-queijo"},
		{"Açaí", "acai"},
		{"Harina P.A.N. Blanca 1 kg", "harina-p-a-n-blanca-1-kg"},
		{"  Guaraná   Antarctica  ", "guarana-antarctica"},
		{"Café de Colombia — Tostado", "cafe-de-colombia-tostado"},
		{"¡!", "producto"},
		{"", "producto"},
	}
	for _, tt := range tests {
		if got := productimage.Slug(tt.name); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestInitials(t *testing.T) {
	t.Parallel()
	tests := []struct {
		slug, want string
	}{
		{"pao-de-queijo", "PQ"},
		{"guarana-antarctica-lata", "GA"},
		{"acai", "A"},
		{"de-la", "?"},
		{"", "?"},
		{"1000001", "1"},
	}
	for _, tt := range tests {
		if got := productimage.Initials(tt.slug); got != tt.want {
			t.Errorf("Initials(%q) = %q, want %q", tt.slug, got, tt.want)
		}
	}
}

func TestURLsRender(t *testing.T) {
	t.Parallel()
	type want struct {
		format, contentType string
		width, height       int
	}
	product := want{"jpeg", "image/jpeg", 400, 400}
	urls := map[string]want{
		productimage.ProductURL("bebidas", "Guaraná Antarctica"): product,
		productimage.ProductURL("unknown-cat", "Something"):      product,
		productimage.CategoryURL("perfumes"):                     product,
	}
	for _, c := range []string{"brasil", "colombia", "cabo-verde", "angola", "peru", "argentina",
		"republica-dominicana", "venezuela", "uruguai", "cuba", "senegal"} {
		urls[productimage.FlagURL(c)] = want{"png", "image/png", 180, 120}
	}
	for u, w := range urls {
		picture, contentType, ok := productimage.Render(u[len(productimage.Prefix):])
		if !ok {
			t.Errorf("Render(%s) found nothing", u)
			continue
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(picture))
		if err != nil {
			t.Errorf("Render(%s) does not decode: %v", u, err)
			continue
		}
		if got := (want{format, contentType, cfg.Width, cfg.Height}); got != w {
			t.Errorf("Render(%s) = %+v, want %+v", u, got, w)
		}
	}
}

// TestFlagsAreDrawn reads a few flags' colours where each flag has them
// (in the 900×600 design's coordinates).
func TestFlagsAreDrawn(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		country string
		x, y    int
		want    string
	}{
		{"brasil", 20, 20, "#009c3b"},
		{"brasil", 450, 200, "#002776"},
		{"brasil", 200, 300, "#ffdf00"},
		{"peru", 100, 300, "#d91023"},
		{"peru", 450, 300, "#ffffff"},
		{"colombia", 450, 100, "#fcd116"},
		{"colombia", 450, 540, "#ce1126"},
		{"cuba", 60, 300, "#cf142b"},
		{"cuba", 800, 60, "#002a8f"},
		{"republica-dominicana", 450, 300, "#ffffff"},
		{"republica-dominicana", 450, 255, "#00843d"},
		{"senegal", 450, 300, "#00853f"},
		{"senegal", 450, 100, "#fdef42"},
	} {
		picture, _, ok := productimage.Render(productimage.FlagURL(tc.country)[len(productimage.Prefix):])
		if !ok {
			t.Fatalf("no flag for %s", tc.country)
		}
		img, err := png.Decode(bytes.NewReader(picture))
		if err != nil {
			t.Fatal(err)
		}
		r, g, b, _ := img.At(tc.x*180/900, tc.y*120/600).RGBA()
		if got := fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8); got != tc.want {
			t.Errorf("%s at (%d,%d) is %s, want %s", tc.country, tc.x, tc.y, got, tc.want)
		}
	}
}

func TestHandler(t *testing.T) {
	t.Parallel()
	h := productimage.Handler()
	tests := []struct {
		method, path string
		wantStatus   int
		wantType     string
		wantLocation string
	}{
		{http.MethodGet, "/images/products/doces/brigadeiro.jpg", http.StatusOK, "image/jpeg", ""},
		{http.MethodGet, "/images/flags/senegal.png", http.StatusOK, "image/png", ""},
		{http.MethodGet, "/images/categories/beleza.jpg", http.StatusOK, "image/jpeg", ""},
		{http.MethodHead, "/images/flags/cuba.png", http.StatusOK, "image/png", ""},
		// The URLs from before the pictures were raster, in orders and e-mails.
		{http.MethodGet, "/images/products/doces/brigadeiro.svg", http.StatusMovedPermanently, "", "/images/products/doces/brigadeiro.jpg"},
		{http.MethodGet, "/images/categories/beleza.svg", http.StatusMovedPermanently, "", "/images/categories/beleza.jpg"},
		{http.MethodGet, "/images/flags/senegal.svg", http.StatusMovedPermanently, "", "/images/flags/senegal.png"},
		{http.MethodGet, "/images/flags/atlantis.png", http.StatusNotFound, "", ""},
		{http.MethodGet, "/images/flags/senegal.jpg", http.StatusNotFound, "", ""},
		{http.MethodGet, "/images/products/doces/../x.jpg", http.StatusNotFound, "", ""},
		{http.MethodGet, "/images/products/Doces/x.jpg", http.StatusNotFound, "", ""},
		{http.MethodGet, "/images/products/doces/x.svg/", http.StatusNotFound, "", ""},
		{http.MethodPost, "/images/flags/cuba.png", http.StatusMethodNotAllowed, "", ""},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		if rec.Code != tt.wantStatus {
			t.Errorf("%s %s: status %d, want %d", tt.method, tt.path, rec.Code, tt.wantStatus)
			continue
		}
		if got := rec.Header().Get("Location"); got != tt.wantLocation {
			t.Errorf("%s %s: Location %q, want %q", tt.method, tt.path, got, tt.wantLocation)
		}
		if rec.Code != http.StatusOK {
			continue
		}
		for k, want := range map[string]string{
			"Content-Type":           tt.wantType,
			"X-Content-Type-Options": "nosniff",
			"Cache-Control":          "public, max-age=31536000, immutable",
		} {
			if got := rec.Header().Get(k); got != want {
				t.Errorf("%s %s: %s = %q, want %q", tt.method, tt.path, k, got, want)
			}
		}
		if tt.method == http.MethodHead && rec.Body.Len() != 0 {
			t.Errorf("HEAD %s: a body of %d bytes", tt.path, rec.Body.Len())
		}
	}
}

// TestProductPicturesShowTheirInitials: a product's picture is its
// category's gradient with its initials in white (the only words it holds:
// one picture serves the Spanish and the Portuguese shop), drawn the same
// each time, since browsers keep it for a year.
func TestProductPicturesShowTheirInitials(t *testing.T) {
	t.Parallel()
	render := func(cat, name string) []byte {
		t.Helper()
		picture, _, ok := productimage.Render(productimage.ProductURL(cat, name)[len(productimage.Prefix):])
		if !ok {
			t.Fatalf("no picture for %s %q", cat, name)
		}
		return picture
	}
	// white counts the near-white pixels of the band the initials are in.
	white := func(picture []byte) int {
		img, err := jpeg.Decode(bytes.NewReader(picture))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for y := 150; y < 240; y++ {
			for x := 60; x < 340; x++ {
				if r, g, b, _ := img.At(x, y).RGBA(); r>>8 > 235 && g>>8 > 235 && b>>8 > 235 {
					n++
				}
			}
		}
		return n
	}
	ga := render("bebidas", "Guaraná Antarctica")
	if !bytes.Equal(ga, render("bebidas", "Guaraná Antarctica")) {
		t.Error("the same product drew two different pictures")
	}
	if bytes.Equal(ga, render("bebidas", "Doce de Papaia")) {
		t.Error("GA and DP drew the same picture")
	}
	// Initials fill a few thousand of the band's 25 200 pixels; the
	// gradient and the disc behind them are never white.
	if n := white(ga); n < 1500 {
		t.Errorf("GA's picture has %d white pixels where its initials go, want at least 1 500", n)
	}
}
