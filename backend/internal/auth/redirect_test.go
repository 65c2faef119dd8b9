package auth_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/auth"
)

func TestSafeRedirect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"/checkout", "/checkout", true},
		{"/", "/", true},
		{"/producto/1001?x=1#top", "/producto/1001?x=1#top", true},
		{"/admin/products/republica-dominicana", "/admin/products/republica-dominicana", true},
		{"", "/", false},
		{"checkout", "/", false},
		{"//evil.example", "/", false},
		{"///evil.example", "/", false},
		{"/\\evil.example", "/", false},
		{"/a\\b", "/", false},
		{"https://evil.example/", "/", false},
		{"http:/evil.example", "/", false},
		{"javascript:alert(1)", "/", false},
		{"/\r\nSet-Cookie: x=y", "/", false},
		{"/\x00", "/", false},
		{"/" + strings.Repeat("a", 2000), "/", false},
	}
	for _, tt := range tests {
		got, ok := auth.SafeRedirect(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("SafeRedirect(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// FuzzSafeRedirect checks that whatever comes in, what goes out is a path
// on this site that a browser resolves to the same host.
func FuzzSafeRedirect(f *testing.F) {
	for _, seed := range []string{"/checkout", "//evil", "/\\evil", "https://x", "/%2F%2Fevil", "/\t/evil", ""} {
		f.Add(seed)
	}
	base, _ := url.Parse("https://sabores.es/auth/callback")
	f.Fuzz(func(t *testing.T, in string) {
		out, ok := auth.SafeRedirect(in)
		if !ok && out != "/" {
			t.Fatalf("rejected %q but returned %q", in, out)
		}
		ref, err := url.Parse(out)
		if err != nil {
			t.Fatalf("SafeRedirect(%q) = %q, which does not parse: %v", in, out, err)
		}
		if got := base.ResolveReference(ref); got.Host != base.Host || got.Scheme != base.Scheme {
			t.Fatalf("SafeRedirect(%q) = %q leaves the site for %s", in, out, got)
		}
	})
}

func TestOriginsAllows(t *testing.T) {
	t.Parallel()
	o := auth.NewOrigins("https://sabores.es/", "http://localhost:5175")
	tests := []struct {
		name   string
		header map[string]string
		want   bool
	}{
		{"same origin", map[string]string{"Origin": "https://sabores.es"}, true},
		{"case differs", map[string]string{"Origin": "HTTPS://Sabores.es"}, true},
		{"configured origin", map[string]string{"Origin": "http://localhost:5175"}, true},
		{"foreign origin", map[string]string{"Origin": "https://evil.example"}, false},
		{"other port", map[string]string{"Origin": "https://sabores.es:8443"}, false},
		{"null origin", map[string]string{"Origin": "null"}, false},
		{"cross-site fetch without origin", map[string]string{"Sec-Fetch-Site": "cross-site"}, false},
		{"same-origin fetch", map[string]string{"Sec-Fetch-Site": "same-origin"}, true},
		{"no browser headers", map[string]string{}, true},
	}
	for _, tt := range tests {
		h := http.Header{}
		for k, v := range tt.header {
			h.Set(k, v)
		}
		if got := o.Allows(h); got != tt.want {
			t.Errorf("%s: Allows = %v, want %v", tt.name, got, tt.want)
		}
	}
}
