package adminvisibilityapi_test

import (
	"os"
	"regexp"
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
		{"/brasil", "/images/flags/brasil.png", true},
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

// TestCountryTileStylesAreAChoice: a tile's background is one of the styles
// the storefront's stylesheet holds; any other class string (which the build
// may have left out, so the tile silently showed the default colour) is
// refused. The seed's own styles are all accepted.
func TestCountryTileStylesAreAChoice(t *testing.T) {
	t.Parallel()
	for classes, ok := range map[string]bool{
		"":                              true,
		"from-green-500 to-yellow-400":  true,
		"from-red-700 to-gray-900":      true,
		"bg-green-600":                  false,
		"from-green-500":                false,
		"from-pink-500 to-yellow-400":   false,
		"from-green-500 to-yellow-400 ": false,
	} {
		err := protovalidate.Validate(&saboresv1.UpdateCountryConfigRequest{Slug: "brasil", Name: "Brasil", Href: "/brasil", BackgroundClasses: classes})
		if (err == nil) != ok {
			t.Errorf("background %q: validation error %v, want ok=%v", classes, err, ok)
		}
	}
}

// TestTheBackOfficeOffersOnlyAcceptedStyles reads the back office's list of
// tile styles (frontend/src/components/ui/tile-styles.ts): the contract
// accepts every one, so no choice there is refused on save.
func TestTheBackOfficeOffersOnlyAcceptedStyles(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../../../frontend/src/components/ui/tile-styles.ts")
	if err != nil {
		t.Fatal(err)
	}
	styles := regexp.MustCompile(`classes: "([^"]*)"`).FindAllStringSubmatch(string(src), -1)
	if len(styles) < 10 {
		t.Fatalf("found %d styles in tile-styles.ts", len(styles))
	}
	for _, s := range styles {
		err := protovalidate.Validate(&saboresv1.UpdateCountryConfigRequest{Slug: "brasil", Name: "Brasil", Href: "/brasil", BackgroundClasses: s[1]})
		if err != nil {
			t.Errorf("the back office offers %q, the contract refuses it: %v", s[1], err)
		}
	}
}
