package productimage_test

import (
	"regexp"
	"testing"

	"github.com/sabores/sabores/backend/internal/productimage"
)

var slugForm = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// FuzzSlug: any product or country name, in any script or broken UTF-8,
// becomes a URL-safe slug, and a slug is its own slug.
func FuzzSlug(f *testing.F) {
	for _, s := range []string{"Pão de Queijo", "República Dominicana", "  ", "", "\xff\xfe", "São Tomé & Príncipe",
		"<script>", "../../etc/passwd", "日本", "a--b", "-x-", "Ñandú 100%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		s := productimage.Slug(name)
		if !slugForm.MatchString(s) {
			t.Fatalf("Slug(%q) = %q", name, s)
		}
		if again := productimage.Slug(s); again != s {
			t.Fatalf("Slug(Slug(%q)) = %q, want %q", name, again, s)
		}
		_ = productimage.Initials(s)
	})
}

// FuzzRender: any image path a browser requests renders or is refused,
// without a panic.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"products/bebidas/guarana.jpg", "flags/brasil.png", "categories/doces.jpg", "../x", "", "flags/\xff.png", "products//.jpg"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		_, _, _ = productimage.Render(path)
	})
}
