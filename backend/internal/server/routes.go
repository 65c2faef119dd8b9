package server

import (
	"net/http"
	"strings"
)

// The web app's routes (frontend/src/app/router.tsx and entry-pages.ts),
// so that a path the app does not route answers 404 like its page says,
// not a "soft 404" with status 200 that search engines index. A test
// checks these lists against the router's source.
var (
	appPages = []string{
		"", "todos", "cart", "checkout", "favorites", "auth", "client-dashboard", "orders",
		"brasil", "colombia", "cabo-verde", "senegal",
		"privacy-policy", "return-policy", "terms", "cookie-policy", "contact", "buscar", "desistir", "newsletter",
	}
	categoryPages      = []string{"bebidas", "alimentos", "doces", "congelados", "beleza", "perfumes"}
	catalogueCountries = []string{"brasil", "colombia", "cabo-verde"}
	genericCountries   = []string{"angola", "peru", "argentina", "republica-dominicana", "venezuela", "uruguai", "cuba"}
)

// knownRoutes are the app's paths without their leading slash; /producto/N,
// /orders/N, /orders/N/withdraw and everything under /admin are matched by shape in
// isAppRoute.
var knownRoutes = func() map[string]bool {
	m := map[string]bool{}
	for _, list := range [][]string{appPages, categoryPages, genericCountries} {
		for _, p := range list {
			m[p] = true
		}
	}
	for _, c := range catalogueCountries {
		m[c+"/produtos"] = true
	}
	return m
}()

// isAppRoute reports whether the app routes path ("/todos", "/producto/12").
func isAppRoute(path string) bool {
	p := strings.Trim(path, "/")
	if knownRoutes[p] || p == "admin" || strings.HasPrefix(p, "admin/") {
		return true
	}
	if id, ok := strings.CutPrefix(p, "producto/"); ok && id != "" {
		return strings.Trim(id, "0123456789") == ""
	}
	if rest, ok := strings.CutPrefix(p, "orders/"); ok {
		id := strings.TrimSuffix(rest, "/withdraw")
		return id != "" && strings.Trim(id, "0123456789") == ""
	}
	return false
}

// notFoundStatus gives the app's page a 404 status on paths the app does
// not route; the page served is the same, and shows the app's 404 screen.
// Files, which the app serves as they are, keep their status.
func notFoundStatus(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, inner := pageLanguage(r.URL.Path); isAppRoute(inner) {
			next.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(&htmlStatus{ResponseWriter: w, status: http.StatusNotFound}, r)
	})
}

// htmlStatus replaces a 200 status with status when the answer is HTML
// (the app's page rather than a file).
type htmlStatus struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
}

func (h *htmlStatus) WriteHeader(code int) {
	if h.wroteHeader {
		return
	}
	h.wroteHeader = true
	if code == http.StatusOK && strings.HasPrefix(h.Header().Get("Content-Type"), "text/html") {
		code = h.status
	}
	h.ResponseWriter.WriteHeader(code)
}

func (h *htmlStatus) Write(b []byte) (int, error) {
	if !h.wroteHeader {
		if h.Header().Get("Content-Type") == "" {
			h.Header().Set("Content-Type", http.DetectContentType(b))
		}
		h.WriteHeader(http.StatusOK)
	}
	return h.ResponseWriter.Write(b)
}

// PublicPages are the app's pages worth a search engine's visit, as paths:
// the home page, listings, country pages and the legal and contact pages;
// not the cart, checkout, account or back office.
func PublicPages() []string {
	out := []string{"/", "/todos"}
	for _, list := range [][]string{categoryPages, {"brasil", "colombia", "cabo-verde", "senegal"}, genericCountries} {
		for _, p := range list {
			out = append(out, "/"+p)
		}
	}
	for _, c := range catalogueCountries {
		out = append(out, "/"+c+"/produtos")
	}
	return append(out, "/privacy-policy", "/return-policy", "/terms", "/cookie-policy", "/contact")
}
