package server

import (
	"bytes"
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"
)

// Each language has its own URLs (issue 36): Spanish at the root, as the
// shop began, and Portuguese under /pt. A page's URL says its language, so
// every page is rendered, cached and indexed once per language, and caches
// key on the URL alone. The web app's side is frontend/src/lib/language-path.ts.

// Languages are the storefront's languages, the default first.
var Languages = []string{"es", "pt"}

// languageCookie is the shopper's choice of language, set by the app's
// language switch (frontend/src/lib/i18n.ts) and by the first visit's
// redirect. It decides nothing but the redirect of "/".
const languageCookie = "lang"

// pageLanguage splits a request path into its language and the page's path
// inside it: "/pt/todos" is Portuguese "/todos", "/todos" Spanish "/todos".
func pageLanguage(path string) (language, inner string) {
	if path == "/pt" {
		return "pt", "/"
	}
	if rest, ok := strings.CutPrefix(path, "/pt/"); ok {
		return "pt", "/" + rest
	}
	return "es", path
}

// LanguagePath is the page at path (inside a language) in language.
func LanguagePath(language, path string) string {
	if language != "pt" {
		return path
	}
	if path == "/" {
		return "/pt/"
	}
	return "/pt" + path
}

// firstVisitLanguage is the language "/" sends a visitor to: the one they
// chose (the cookie) or, on a first visit, the first of Spanish and
// Portuguese their browser lists with a weight above zero. Crawlers and
// browsers that list neither get Spanish, the shop's default.
func firstVisitLanguage(r *http.Request) string {
	if c, err := r.Cookie(languageCookie); err == nil && (c.Value == "es" || c.Value == "pt") {
		return c.Value
	}
	best, bestQ := "es", 0.0
	for part := range strings.SplitSeq(r.Header.Get("Accept-Language"), ",") {
		tag, params, _ := strings.Cut(part, ";")
		tag = strings.ToLower(strings.TrimSpace(tag))
		primary, _, _ := strings.Cut(tag, "-")
		if primary != "es" && primary != "pt" {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if q > bestQ {
			best, bestQ = primary, q
		}
	}
	return best
}

// redirectFirstVisit sends a visitor of "/" whose language is Portuguese to
// /pt/ and remembers it, answering true; other requests are left alone. The
// redirect depends on headers the URL does not show, so no cache keeps it:
// the pages themselves, one URL per language, stay cacheable by URL.
func redirectFirstVisit(w http.ResponseWriter, r *http.Request) bool {
	if r.URL.Path != "/" {
		return false
	}
	w.Header().Add("Vary", "Accept-Language")
	if firstVisitLanguage(r) != "pt" {
		return false
	}
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Add("Vary", "Cookie")
	http.SetCookie(w, &http.Cookie{
		Name: languageCookie, Value: "pt", Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode,
	})
	target := "/pt/"
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, target, http.StatusFound)
	return true
}

// withLanguage sets the page's <html lang>: a browser, a screen reader and a
// search engine know the language before any script runs.
func withLanguage(page []byte, language string) []byte {
	const tag = `<html lang="es">`
	if language == "es" {
		return page
	}
	return bytes.Replace(page, []byte(tag), []byte(`<html lang="`+language+`">`), 1)
}

// alternates are a page's canonical link and its hreflang alternates, one
// per language and x-default (the Spanish page, the root's).
func alternates(publicURL, language, path string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n    <link rel=\"canonical\" href=\"%s\">", html.EscapeString(publicURL+LanguagePath(language, path)))
	for _, l := range Languages {
		fmt.Fprintf(&b, "\n    <link rel=\"alternate\" hreflang=\"%s\" href=\"%s\">", l, html.EscapeString(publicURL+LanguagePath(l, path)))
	}
	fmt.Fprintf(&b, "\n    <link rel=\"alternate\" hreflang=\"x-default\" href=\"%s\">", html.EscapeString(publicURL+path))
	return b.String()
}

// withAlternates puts alternates right after the page's <title>, for public
// pages whose head has no metadata of its own (withMeta writes them with
// the rest).
func withAlternates(page []byte, publicURL, language, path string) []byte {
	end := bytes.Index(page, []byte("</title>"))
	if end < 0 {
		return page
	}
	end += len("</title>")
	links := alternates(publicURL, language, path)
	out := make([]byte, 0, len(page)+len(links))
	out = append(out, page[:end]...)
	out = append(out, links...)
	return append(out, page[end:]...)
}
