package mail

import (
	"html"
	"net/url"
	"regexp"
	"strings"
)

// Markup turns the owner's newsletter text into the e-mail's HTML and plain
// text. The text is a small Markdown-like subset, so no HTML the owner
// types ever reaches a subscriber's mail reader as markup:
//
//   - a blank line separates paragraphs; a line break inside one is kept;
//   - "# " and "## " start a heading;
//   - lines starting with "- " make a list;
//   - **bold**;
//   - [words](https://…) is a link: http, https and mailto only; anything
//     else stays as the words typed.
//
// Everything else is escaped, so "<script>" shows as the characters typed.
func Markup(src string) (htmlOut, text string) {
	var h, t strings.Builder
	for _, block := range blocks(src) {
		lines := strings.Split(block, "\n")
		switch {
		case strings.HasPrefix(block, "## "):
			words := strings.TrimPrefix(strings.Join(lines, " "), "## ")
			h.WriteString(`<h2 style="font-size:17px;margin:16px 0 8px">` + inline(words) + "</h2>\n")
			t.WriteString(plain(words) + "\n\n")
		case strings.HasPrefix(block, "# "):
			words := strings.TrimPrefix(strings.Join(lines, " "), "# ")
			h.WriteString(`<h2 style="font-size:19px;margin:16px 0 8px">` + inline(words) + "</h2>\n")
			t.WriteString(strings.ToUpper(plain(words)) + "\n\n")
		case allItems(lines):
			h.WriteString("<ul>\n")
			for _, l := range lines {
				item := strings.TrimPrefix(strings.TrimSpace(l), "- ")
				h.WriteString("<li>" + inline(item) + "</li>\n")
				t.WriteString("- " + plain(item) + "\n")
			}
			h.WriteString("</ul>\n")
			t.WriteString("\n")
		default:
			parts := make([]string, len(lines))
			texts := make([]string, len(lines))
			for i, l := range lines {
				parts[i] = inline(strings.TrimSpace(l))
				texts[i] = plain(strings.TrimSpace(l))
			}
			h.WriteString("<p>" + strings.Join(parts, "<br>\n") + "</p>\n")
			t.WriteString(strings.Join(texts, "\n") + "\n\n")
		}
	}
	return h.String(), strings.TrimRight(t.String(), "\n") + "\n"
}

// blocks splits src at blank lines, dropping empty ones.
func blocks(src string) []string {
	src = strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n")
	var out []string
	for _, b := range regexp.MustCompile(`\n[ \t]*\n`).Split(src, -1) {
		if b = strings.Trim(b, "\n "); b != "" {
			out = append(out, b)
		}
	}
	return out
}

func allItems(lines []string) bool {
	for _, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "- ") {
			return false
		}
	}
	return true
}

var (
	linkRE = regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`)
	boldRE = regexp.MustCompile(`\*\*([^*]+)\*\*`)
)

// safeURL says whether u may be a link's target.
func safeURL(u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	switch strings.ToLower(p.Scheme) {
	case "https", "http":
		return p.Host != ""
	case "mailto":
		return p.Opaque != ""
	}
	return false
}

// inline escapes s and then applies links and bold.
func inline(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range linkRE.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(bold(html.EscapeString(s[last:m[0]])))
		words, target := s[m[2]:m[3]], s[m[4]:m[5]]
		if safeURL(target) {
			b.WriteString(`<a href="` + html.EscapeString(target) + `" style="color:#b45309">` + bold(html.EscapeString(words)) + "</a>")
		} else {
			b.WriteString(bold(html.EscapeString(words)))
		}
		last = m[1]
	}
	b.WriteString(bold(html.EscapeString(s[last:])))
	return b.String()
}

func bold(escaped string) string {
	return boldRE.ReplaceAllString(escaped, "<strong>$1</strong>")
}

// plain is s for the text part: links as "words (target)", bold unmarked.
func plain(s string) string {
	s = linkRE.ReplaceAllStringFunc(s, func(m string) string {
		p := linkRE.FindStringSubmatch(m)
		if safeURL(p[2]) {
			return p[1] + " (" + p[2] + ")"
		}
		return p[1]
	})
	return boldRE.ReplaceAllString(s, "$1")
}
