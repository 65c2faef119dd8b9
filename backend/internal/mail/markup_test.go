package mail

import (
	"strings"
	"testing"
)

// TestMarkup: the owner's text becomes HTML with nothing they typed read
// as markup, and links only to web and mail addresses.
func TestMarkup(t *testing.T) {
	for _, tc := range []struct {
		name, in   string
		html, text []string
		notHTML    []string
	}{
		{name: "paragraphs and a line break", in: "Hola\nqué tal\n\nAdiós",
			html: []string{"<p>Hola<br>\nqué tal</p>", "<p>Adiós</p>"}, text: []string{"Hola\nqué tal\n\nAdiós"}},
		{name: "heading", in: "# Llegó el açaí", html: []string{"<h2", ">Llegó el açaí</h2>"}, text: []string{"LLEGÓ EL AÇAÍ"}},
		{name: "list and bold", in: "- uno\n- **dos**", html: []string{"<ul>", "<li>uno</li>", "<li><strong>dos</strong></li>"}, text: []string{"- uno\n- dos"}},
		{name: "https link", in: "Mira [la tienda](https://sabores.es/todos)",
			html: []string{`<a href="https://sabores.es/todos"`, ">la tienda</a>"}, text: []string{"la tienda (https://sabores.es/todos)"}},
		{name: "mailto link", in: "[escríbenos](mailto:hola@sabores.es)", html: []string{`href="mailto:hola@sabores.es"`}},
		{name: "javascript link stays words", in: "[pulsa](javascript:alert(1))", html: []string{"pulsa"}, notHTML: []string{"<a", "javascript"}},
		{name: "typed HTML is escaped", in: `<script>alert("x")</script> <b onclick=x>`,
			html: []string{"&lt;script&gt;", "&lt;b onclick=x&gt;"}, notHTML: []string{"<script", "<b "}, text: []string{`<script>alert("x")</script>`}},
		{name: "quote in a link cannot leave the attribute", in: `[x](https://a.es/"onmouseover="y)`, notHTML: []string{`"onmouseover="`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			html, text := Markup(tc.in)
			for _, want := range tc.html {
				if !strings.Contains(html, want) {
					t.Errorf("html lacks %q:\n%s", want, html)
				}
			}
			for _, bad := range tc.notHTML {
				if strings.Contains(html, bad) {
					t.Errorf("html has %q:\n%s", bad, html)
				}
			}
			for _, want := range tc.text {
				if !strings.Contains(text, want) {
					t.Errorf("text lacks %q:\n%s", want, text)
				}
			}
		})
	}
}
