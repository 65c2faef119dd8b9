package contact

import (
	"errors"
	"html/template"
	"net/http"
	"strings"

	"github.com/sabores/sabores/backend/internal/fault"
)

// OneClickRoutes serve UnsubscribePath, the address of every newsletter's
// List-Unsubscribe header (RFC 8058) and body link:
//
//   - POST (the mail reader's "unsubscribe" button, which sends
//     "List-Unsubscribe=One-Click" with no cookie and no session) ends the
//     subscription of the signed token in the query at once;
//   - GET changes nothing, since mail scanners open links: it sends the
//     reader to the newsletter page in the subscriber's language, which
//     asks them to press a button first.
func (s *Service) OneClickRoutes(publicURL string) map[string]http.Handler {
	base := strings.TrimSuffix(publicURL, "/")
	return map[string]http.Handler{
		"POST " + UnsubscribePath: http.HandlerFunc(s.oneClickPost),
		"GET " + UnsubscribePath: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			token := r.URL.Query().Get("token")
			site := base
			if sub, err := s.subscriptionOf(r.Context(), NewsletterUnsubscribe, token); err == nil && sub.Language == "pt" {
				site += "/pt"
			}
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Referrer-Policy", "no-referrer")
			http.Redirect(w, r, NewsletterLink(site, NewsletterUnsubscribe, token), http.StatusSeeOther)
		}),
	}
}

var oneClickPage = template.Must(template.New("").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.Title}}</title></head>
<body><main><h1>{{.Title}}</h1><p>{{.Text}}</p></main></body></html>
`))

type oneClickView struct{ Lang, Title, Text string }

var oneClickWords = map[string]map[bool]oneClickView{
	"es": {
		true:  {"es", "Baja hecha", "No recibirás más boletines en esta dirección."},
		false: {"es", "Enlace no válido", "Este enlace de baja no es válido. Escríbenos desde la página de contacto y te daremos de baja."},
	},
	"pt": {
		true:  {"pt", "Subscrição cancelada", "Não receberá mais newsletters neste endereço."},
		false: {"pt", "Ligação inválida", "Esta ligação de cancelamento não é válida. Escreva-nos a partir da página de contacto e cancelamos a subscrição."},
	},
}

func (s *Service) oneClickPost(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	token := r.URL.Query().Get("token")
	lang := "es"
	if sub, err := s.subscriptionOf(ctx, NewsletterUnsubscribe, token); err == nil {
		lang = sub.Language
	}
	status := http.StatusOK
	if _, err := s.Unsubscribe(ctx, token); err != nil {
		var f *fault.Error
		if !errors.As(err, &f) {
			s.log.ErrorContext(ctx, "contact: one-click unsubscribe", "error", err)
			http.Error(w, "try again later", http.StatusServiceUnavailable)
			return
		}
		status = http.StatusBadRequest
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = oneClickPage.Execute(w, oneClickWords[lang][status == http.StatusOK])
}
