package admin_test

import (
	"testing"

	"buf.build/go/protovalidate"

	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestCountryTileLinksStayOnSite: a tile's link and picture are paths on
// this site (or, for the picture, an https URL). Browsers read "//host/x"
// and "/\host/x" as another site, so the contract refuses them.
func TestCountryTileLinksStayOnSite(t *testing.T) {
	t.Parallel()
	tests := []struct {
		href, image string
		ok          bool
	}{
		{"/brasil", "/images/flags/brasil.svg", true},
		{"/", "https://cdn.example.com/flags/co.svg", true},
		{"/paises/brasil", "", true},
		{"//evil.example/brasil", "", false},
		{"//2130706433", "", false},
		{"/brasil//x", "", false},
		{"/brasil", "//evil.example/flag.svg", false},
		{"/brasil", "/\\evil.example/flag.svg", false},
		{"/brasil", "/images/\\..\\x", false},
		{"/brasil", "https://evil.example\\@cdn.example.com/x.svg", false},
		{"/brasil", "https:///evil.example", false},
		{"/brasil", "javascript:alert(1)", false},
		{"/brasil", "/images/a b.svg", false},
	}
	for _, tt := range tests {
		err := protovalidate.Validate(&saboresv1.UpdateCountryConfigRequest{Slug: "brasil", Name: "Brasil", Href: tt.href, ImageUrl: tt.image})
		if (err == nil) != tt.ok {
			t.Errorf("href %q, image %q: validation error %v, want ok=%v", tt.href, tt.image, err, tt.ok)
		}
	}
}
