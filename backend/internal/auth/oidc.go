package auth

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/zitadel/oidc/v3/pkg/client/rp"
	"github.com/zitadel/oidc/v3/pkg/oidc"
)

// flowCookie carries a sign-in in progress from /auth/login to
// /auth/callback: state, nonce and PKCE verifier, sealed (signed and
// encrypted) so the browser can neither read nor forge them.
const flowCookie = "sabores_signin"

// flowLifetime bounds how long a person may take at the provider.
const flowLifetime = 10 * time.Minute

// discoveryTimeout bounds fetching a provider's configuration.
const discoveryTimeout = 10 * time.Second

// scopes are what the shop asks of the provider: who you are and your email.
var scopes = []string{oidc.ScopeOpenID, oidc.ScopeEmail, oidc.ScopeProfile}

// flowState is the content of the flow cookie.
type flowState struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
	Target   string `json:"t"`
	// Explicit says the target came from the caller; otherwise admins land
	// on /admin.
	Explicit bool `json:"e"`
}

// provider is an OpenID provider the shop signs people in with. Its relying
// party is built on first use: building it fetches the provider's discovery
// document, which must not keep shopd from starting when the provider is
// unreachable for a moment.
type provider struct {
	// prompt asks the provider for a behaviour, such as Google's account picker.
	prompt []string
	build  func(context.Context) (rp.RelyingParty, error)

	discovery discovery
}

// relyingParty returns the relying party, building it on first success
// (see discovery: one attempt at a time, each caller waiting at most until
// ctx ends, none at all for a while after a failure).
func (p *provider) relyingParty(ctx context.Context) (rp.RelyingParty, error) {
	return p.discovery.get(ctx, p.build)
}

// googleProvider signs people in with Google, always letting them pick the
// account (the original shop did the same).
func googleProvider(cfg Config, callback string) *provider {
	client := &http.Client{Timeout: discoveryTimeout}
	return &provider{
		prompt: []string{oidc.PromptSelectAccount},
		build: func(ctx context.Context) (rp.RelyingParty, error) {
			return rp.NewRelyingPartyOIDC(ctx, cfg.GoogleIssuer, cfg.GoogleClientID, cfg.GoogleClientSecret,
				callback, scopes,
				rp.WithHTTPClient(client),
				rp.WithVerifierOpts(rp.WithNonce(nonceFrom)))
		},
	}
}

// login starts the authorization-code flow with PKCE, state and nonce.
func (s *Service) login(w http.ResponseWriter, r *http.Request) {
	target, explicit := SafeRedirect(r.URL.Query().Get("redirect"))
	if s.provider == nil {
		s.failSignIn(w, r, "signin_unavailable", target, errors.New("no identity provider is configured"))
		return
	}
	party, err := s.provider.relyingParty(r.Context())
	if err != nil {
		s.failSignIn(w, r, "signin_unavailable", target, err)
		return
	}
	flow := flowState{Target: target, Explicit: explicit}
	for _, v := range []*string{&flow.State, &flow.Nonce, &flow.Verifier} {
		if *v, err = newToken(); err != nil {
			s.failSignIn(w, r, "signin_failed", target, err)
			return
		}
	}
	sealed, err := json.Marshal(flow)
	if err == nil {
		err = s.flowCookies.SetCookie(w, flowCookie, string(sealed))
	}
	if err != nil {
		s.failSignIn(w, r, "signin_failed", target, fmt.Errorf("auth: flow cookie: %w", err))
		return
	}
	opts := []rp.AuthURLOpt{
		rp.WithCodeChallenge(oidc.NewSHACodeChallenge(flow.Verifier)),
		rp.AuthURLOpt(rp.WithURLParam("nonce", flow.Nonce)),
	}
	if len(s.provider.prompt) > 0 {
		opts = append(opts, rp.WithPrompt(s.provider.prompt...))
	}
	http.Redirect(w, r, rp.AuthURL(flow.State, party, opts...), http.StatusFound)
}

// callback finishes the flow: it checks the state, exchanges the code with
// the PKCE verifier, verifies the ID token (signature, issuer, audience,
// expiry, nonce), signs the person in and sends them on.
func (s *Service) callback(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	raw, err := s.flowCookies.CheckCookie(r, flowCookie)
	s.flowCookies.DeleteCookie(w, flowCookie)
	var flow flowState
	if err == nil {
		err = json.Unmarshal([]byte(raw), &flow)
	}
	if err != nil {
		s.failSignIn(w, r, "signin_failed", "/", fmt.Errorf("auth: no sign-in in progress: %w", err))
		return
	}
	query := r.URL.Query()
	if subtle.ConstantTimeCompare([]byte(query.Get("state")), []byte(flow.State)) != 1 {
		s.failSignIn(w, r, "signin_failed", flow.Target, errors.New("auth: state does not match"))
		return
	}
	if e := query.Get("error"); e != "" {
		s.failSignIn(w, r, "signin_cancelled", flow.Target,
			fmt.Errorf("auth: provider refused: %s: %s", e, query.Get("error_description")))
		return
	}
	party, err := s.provider.relyingParty(ctx)
	if err != nil {
		s.failSignIn(w, r, "signin_unavailable", flow.Target, err)
		return
	}
	tokens, err := rp.CodeExchange[*oidc.IDTokenClaims](withNonce(ctx, flow.Nonce), query.Get("code"), party,
		rp.WithCodeVerifier(flow.Verifier))
	if err != nil {
		s.failSignIn(w, r, "signin_failed", flow.Target, fmt.Errorf("auth: code exchange: %w", err))
		return
	}
	claims := tokens.IDTokenClaims
	if claims.Email == "" || !bool(claims.EmailVerified) {
		s.failSignIn(w, r, "signin_failed", flow.Target, errors.New("auth: the provider has not verified the email"))
		return
	}
	signed, err := s.SignIn(ctx, Identity{
		Issuer:  claims.Issuer,
		Subject: claims.Subject,
		Email:   strings.ToLower(claims.Email),
		Name:    claims.Name,
	})
	if err != nil {
		s.failSignIn(w, r, "signin_failed", flow.Target, err)
		return
	}
	// A session the browser held before signing in is ended, so no token
	// known before authentication survives it (session fixation).
	if old := s.sessionToken(r); old != "" {
		if err := s.deleteSession(ctx, old); err != nil {
			slog.WarnContext(ctx, "cannot end the previous session", "error", err)
		}
	}
	http.SetCookie(w, s.sessionCookieFor(signed.Token, signed.Expires))
	target := flow.Target
	if !flow.Explicit && signed.Principal.Role == RoleAdmin {
		target = "/admin"
	}
	slog.InfoContext(ctx, "signed in", "user_id", signed.Principal.UserID, "role", signed.Principal.Role.String())
	http.Redirect(w, r, target, http.StatusFound)
}

// failSignIn logs why a sign-in failed and sends the person back to the
// sign-in page, which shows the error code and can retry towards target.
func (s *Service) failSignIn(w http.ResponseWriter, r *http.Request, code, target string, err error) {
	slog.WarnContext(r.Context(), "sign-in failed", "reason", code, "error", err)
	// The web app starts sign-in with the sign-in page itself as the
	// target; keep that page's own target rather than nesting it, and its
	// language (Portuguese pages live under /pt).
	page := "/auth"
	if u, perr := url.Parse(target); perr == nil && (u.Path == "/auth" || u.Path == "/pt/auth") {
		page = u.Path
		target, _ = SafeRedirect(u.Query().Get("redirect"))
	}
	q := url.Values{"error": {code}}
	if target != "/" {
		q.Set("redirect", target)
	}
	http.Redirect(w, r, page+"?"+q.Encode(), http.StatusFound)
}

// logout ends the caller's session. Only pages of the shop may ask: another
// site cannot sign visitors out.
func (s *Service) logout(w http.ResponseWriter, r *http.Request) {
	if !s.origins.Allows(r.Header) {
		http.Error(w, "cross-site request refused", http.StatusForbidden)
		return
	}
	if !s.endSession(w, r) {
		http.Error(w, "service temporarily unavailable", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// logoutLink is sign-out from a plain link. A GET carries no Origin, so it
// signs out only when the browser says the link was on this site
// (Sec-Fetch-Site same-origin) or typed by the person (none); from anywhere
// else it just goes home.
func (s *Service) logoutLink(w http.ResponseWriter, r *http.Request) {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		if !s.endSession(w, r) {
			http.Error(w, "service temporarily unavailable", http.StatusServiceUnavailable)
			return
		}
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// endSession deletes the request's session and clears its cookie; false
// when the database could not be told.
func (s *Service) endSession(w http.ResponseWriter, r *http.Request) bool {
	if token := s.sessionToken(r); token != "" {
		if err := s.deleteSession(r.Context(), token); err != nil {
			slog.WarnContext(r.Context(), "sign-out failed", "error", err)
			return false
		}
	}
	http.SetCookie(w, s.clearedSessionCookie())
	return true
}
