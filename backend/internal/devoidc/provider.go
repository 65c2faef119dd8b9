// Package devoidc is the development OpenID provider: a complete provider
// running inside shopd under /dev-oidc/, so the real sign-in redirect flow
// runs locally and in tests with no internet. auth turns it on with
// Config.DevSignIn; production signs in with Google.
package devoidc

import (
	"bytes"
	"crypto/rand"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"net/mail"
	"net/url"
	"strings"

	"github.com/zitadel/oidc/v3/pkg/op"
	"golang.org/x/text/language"
)

// Issuer is the issuer of the built-in development provider. The seeded
// users carry it, so signing in as a seeded person finds their user row
// (and the seeded admin's role) instead of creating a twin.
const Issuer = "https://dev.sabores.local"

// Prefix is where the built-in provider's browser-facing pages live on
// the shop's own server.
const Prefix = "/dev-oidc"

// ClientID is the shop's client at the built-in provider.
const ClientID = "sabores-shop"

// User is a person offered on the development sign-in page.
type User struct {
	Subject string
	Email   string
	Name    string
}

// Users are the seeded people (see the seed package): one admin and two
// clients.
var Users = []User{
	{Subject: "dev-admin", Email: "admin@sabores.es", Name: "Admin Sabores"},
	{Subject: "dev-maria", Email: "maria@example.com", Name: "María Silva"},
	{Subject: "dev-joao", Email: "joao@example.com", Name: "João Santos"},
}

// Provider is a complete OpenID provider running inside shopd, so the real
// redirect flow (authorize, login page, code, token, ID token) runs locally
// with no internet. Anyone may sign in as any email: never enable it where
// strangers can reach it.
//
// Its issuer is Issuer, a name no browser needs to reach: the browser only
// visits the authorization endpoint and login page under PublicURL/dev-oidc/,
// while the shop's relying party reaches discovery, token and keys in-process.
// (The provider's advertised authorization endpoint stays under Issuer:
// op.WithCustomAuthEndpoint would change a package-level default shared by
// every provider in the process, so the relying party is pointed at the
// browser-facing URL instead.)
//
// It is one process's provider: its signing key, client secret and token
// encryption key are made at start, and authorization requests, codes and
// tokens live in memory. Behind a load balancer a development sign-in fails
// unless one replica serves all of it, and a restart ends the sign-ins in
// progress. That is fine for development and tests, its only use; production
// signs in with Google, whose sign-ins do cross replicas (the flow cookie's
// keys are shared through the database).
type Provider struct {
	// Handler serves the provider, paths relative to Prefix.
	Handler   http.Handler
	provider  *op.Provider
	storage   *devStorage
	publicURL string
}

// New starts the built-in provider for a shop at publicURL whose
// sign-in callback is callback.
func New(publicURL, callback string) (*Provider, error) {
	storage, err := newDevStorage(devClient{
		secret:       rand.Text(),
		redirectURIs: []string{callback},
		loginURL:     Prefix + "/login?authRequestID=",
		devMode:      !strings.HasPrefix(callback, "https://"),
	})
	if err != nil {
		return nil, err
	}
	var cryptoKey [32]byte
	if _, err := rand.Read(cryptoKey[:]); err != nil {
		return nil, fmt.Errorf("devoidc key: %w", err)
	}
	provider, err := op.NewProvider(&op.Config{
		CryptoKey:          cryptoKey,
		CodeMethodS256:     true,
		SupportedUILocales: []language.Tag{language.Spanish},
	}, storage, op.StaticIssuer(Issuer))
	if err != nil {
		return nil, fmt.Errorf("devoidc: %w", err)
	}
	d := &Provider{provider: provider, storage: storage, publicURL: publicURL}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /login", d.loginPage)
	mux.HandleFunc("POST /login", d.loginSubmit)
	mux.HandleFunc("GET "+devStylesheet, serveDevCSS)
	mux.Handle("/", provider)
	d.Handler = mux
	return d, nil
}

// Client is an HTTP client that calls the provider in-process, so the
// shop's discovery, code exchange and signing keys need neither DNS nor a
// listening socket.
func (d *Provider) Client() *http.Client {
	return &http.Client{Transport: handlerTransport{d.provider}}
}

// ClientSecret is the shop's client secret, made at start.
func (d *Provider) ClientSecret() string { return d.storage.client.secret }

// AuthURL is the browser-facing authorization endpoint, under the shop's
// public URL (see Provider on why not under Issuer).
func (d *Provider) AuthURL() string {
	return d.publicURL + Prefix + d.provider.AuthorizationEndpoint().Relative()
}

// devLoginCSS styles the sign-in page. It is a stylesheet of its own,
// served under Prefix, because the Content-Security-Policy refuses inline
// styles.
//
//go:embed login.css
var devLoginCSS []byte

// devStylesheet is the stylesheet's path, relative to Prefix.
const devStylesheet = "/style.css"

// devLoginTemplate is the sign-in page: no inline style or script, every
// field with its label.
var devLoginTemplate = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sabores · Acceso de desarrollo</title>
<link rel="stylesheet" href="{{.Stylesheet}}">
</head>
<body>
<main>
<h1>Acceso de desarrollo</h1>
<p>Proveedor de identidad integrado: elige una persona o escribe un email. Solo para desarrollo y pruebas.</p>
{{if .Error}}<p role="alert" class="error">{{.Error}}</p>{{end}}
<ul class="people" aria-label="Personas de ejemplo">
{{range .Users}}<li><form method="post" action="login">
<input type="hidden" name="authRequestID" value="{{$.ID}}">
<input type="hidden" name="email" value="{{.Email}}">
<button type="submit" class="person">{{.Name}} &lt;{{.Email}}&gt;</button>
</form></li>
{{end}}</ul>
<form method="post" action="login" class="other">
<input type="hidden" name="authRequestID" value="{{.ID}}">
<p class="field"><label for="dev-email">Email</label>
<input id="dev-email" type="email" name="email" required maxlength="254" autocomplete="email"></p>
<p class="field"><label for="dev-name">Nombre</label>
<input id="dev-name" type="text" name="name" maxlength="100" autocomplete="name"></p>
<button type="submit" class="submit">Entrar</button>
</form>
</main>
</body>
</html>
`))

// loginPage lists the seeded people and offers any other email.
func (d *Provider) loginPage(w http.ResponseWriter, r *http.Request) {
	d.renderLogin(w, r.URL.Query().Get("authRequestID"), "", http.StatusOK)
}

func (d *Provider) renderLogin(w http.ResponseWriter, id, message string, status int) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := devLoginTemplate.Execute(w, struct {
		ID         string
		Error      string
		Users      []User
		Stylesheet string
	}{id, message, Users, Prefix + devStylesheet}); err != nil {
		slog.Warn("dev sign-in page", "error", err)
	}
}

// serveDevCSS serves the sign-in page's stylesheet.
func serveDevCSS(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(devLoginCSS)
}

// loginSubmit signs the chosen person in at the provider and hands the
// request back to the provider, which redirects to the shop with a code.
func (d *Provider) loginSubmit(w http.ResponseWriter, r *http.Request) {
	id := r.PostFormValue("authRequestID")
	email := strings.ToLower(strings.TrimSpace(r.PostFormValue("email")))
	if addr, err := mail.ParseAddress(email); err != nil || addr.Address != email || len(email) > 254 {
		d.renderLogin(w, id, "Email no válido.", http.StatusBadRequest)
		return
	}
	user := devUserFor(email, strings.TrimSpace(r.PostFormValue("name")))
	if err := d.storage.completeLogin(id, user); err != nil {
		d.renderLogin(w, id, "La solicitud de acceso ha caducado; vuelve a la tienda e inténtalo de nuevo.", http.StatusBadRequest)
		return
	}
	// The provider's own callback finishes the authorization request.
	callback := Prefix + d.provider.AuthorizationEndpoint().Relative() + "/callback?id=" + url.QueryEscape(id)
	http.Redirect(w, r, callback, http.StatusFound)
}

// devUserFor is the person signing in as email: a seeded one keeps its
// fixed subject; anyone else gets a subject derived from the email, so the
// same email is the same user at every sign-in.
func devUserFor(email, name string) User {
	for _, u := range Users {
		if u.Email == email {
			return u
		}
	}
	if name == "" {
		name, _, _ = strings.Cut(email, "@")
	}
	if len(name) > 100 {
		name = name[:100]
	}
	return User{Subject: "dev-" + hashHex(email), Email: email, Name: name}
}

// handlerTransport serves HTTP requests with an in-process handler.
type handlerTransport struct {
	handler http.Handler
}

// RoundTrip implements http.RoundTripper.
func (t handlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rec := &responseRecorder{header: make(http.Header), status: http.StatusOK}
	t.handler.ServeHTTP(rec, req.Clone(req.Context()))
	return &http.Response{
		Status:        fmt.Sprintf("%d %s", rec.status, http.StatusText(rec.status)),
		StatusCode:    rec.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        rec.header,
		Body:          io.NopCloser(bytes.NewReader(rec.body.Bytes())),
		ContentLength: int64(rec.body.Len()),
		Request:       req,
	}, nil
}

// responseRecorder collects what a handler writes for handlerTransport.
type responseRecorder struct {
	header      http.Header
	body        bytes.Buffer
	status      int
	wroteHeader bool
}

func (r *responseRecorder) Header() http.Header { return r.header }

func (r *responseRecorder) Write(b []byte) (int, error) {
	r.wroteHeader = true
	return r.body.Write(b)
}

func (r *responseRecorder) WriteHeader(status int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = status, true
	}
}
