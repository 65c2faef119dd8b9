package productimage_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
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
	urls := []string{
		productimage.ProductURL("bebidas", "Guaraná Antarctica"),
		productimage.ProductURL("unknown-cat", "Something"),
		productimage.CategoryURL("perfumes"),
	}
	for _, c := range []string{"brasil", "colombia", "cabo-verde", "angola", "peru", "argentina",
		"republica-dominicana", "venezuela", "uruguai", "cuba", "senegal"} {
		urls = append(urls, productimage.FlagURL(c))
	}
	for _, u := range urls {
		svg, ok := productimage.Render(u[len(productimage.Prefix):])
		if !ok {
			t.Errorf("Render(%s) found nothing", u)
			continue
		}
		if err := wellFormed(svg); err != nil {
			t.Errorf("Render(%s) is not well-formed XML: %v", u, err)
		}
	}
}

func TestHandler(t *testing.T) {
	t.Parallel()
	h := productimage.Handler()
	tests := []struct {
		method, path string
		wantStatus   int
		wantSVG      bool
	}{
		{http.MethodGet, "/images/products/doces/brigadeiro.svg", http.StatusOK, true},
		{http.MethodGet, "/images/flags/senegal.svg", http.StatusOK, true},
		{http.MethodGet, "/images/categories/beleza.svg", http.StatusOK, true},
		{http.MethodHead, "/images/flags/cuba.svg", http.StatusOK, false},
		{http.MethodGet, "/images/flags/atlantis.svg", http.StatusNotFound, false},
		{http.MethodGet, "/images/products/doces/../x.svg", http.StatusNotFound, false},
		{http.MethodGet, "/images/products/Doces/x.svg", http.StatusNotFound, false},
		{http.MethodPost, "/images/flags/cuba.svg", http.StatusMethodNotAllowed, false},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		if rec.Code != tt.wantStatus {
			t.Errorf("%s %s: status %d, want %d", tt.method, tt.path, rec.Code, tt.wantStatus)
			continue
		}
		if rec.Code != http.StatusOK {
			continue
		}
		for k, want := range map[string]string{
			"Content-Type":           "image/svg+xml",
			"X-Content-Type-Options": "nosniff",
			"Cache-Control":          "public, max-age=31536000, immutable",
		} {
			if got := rec.Header().Get(k); got != want {
				t.Errorf("%s %s: %s = %q, want %q", tt.method, tt.path, k, got, want)
			}
		}
		if got := bytes.HasPrefix(rec.Body.Bytes(), []byte("<svg")); got != tt.wantSVG {
			t.Errorf("%s %s: body is SVG = %v, want %v", tt.method, tt.path, got, tt.wantSVG)
		}
	}
}

func TestProductNameIsEscaped(t *testing.T) {
	t.Parallel()
	// Only slugs reach the picture, so markup in a name can never inject.
	u := productimage.ProductURL("doces", `<script>alert("x")</script>`)
	svg, ok := productimage.Render(u[len(productimage.Prefix):])
	if !ok {
		t.Fatalf("Render(%s) found nothing", u)
	}
	if bytes.Contains(svg, []byte("<script")) {
		t.Errorf("picture contains markup from the name: %s", svg)
	}
}

func wellFormed(b []byte) error {
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// TestPicturesHoldNoWords: one picture serves the Spanish and the
// Portuguese shop, so it may not name its category in either language
// ("Dulces" under a Portuguese "Doce de Papaia"): its only text is the
// product's initials.
func TestPicturesHoldNoWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ cat, name, want string }{
		{"doces", "Doce de Papaia 350 g", "DP"},
		{"bebidas", "Guaraná Antarctica", "GA"},
		{"beleza", "Manteiga de Karité", "MK"},
		{"unknown-cat", "Something", "S"},
	} {
		u := productimage.ProductURL(c.cat, c.name)
		svg, ok := productimage.Render(u[len(productimage.Prefix):])
		if !ok {
			t.Fatalf("Render(%s) found nothing", u)
		}
		var texts []string
		dec := xml.NewDecoder(bytes.NewReader(svg))
		inText := false
		for {
			tok, err := dec.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			switch tok := tok.(type) {
			case xml.StartElement:
				inText = tok.Name.Local == "text"
			case xml.EndElement:
				inText = false
			case xml.CharData:
				if inText {
					texts = append(texts, string(tok))
				}
			}
		}
		if len(texts) != 1 || texts[0] != c.want {
			t.Errorf("%s %q: the picture's text is %q, want only the initials %q", c.cat, c.name, texts, c.want)
		}
	}
}
