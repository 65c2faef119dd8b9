package cluster_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
)

// emailHeader names the person the fake provider signs in; the test's
// browser sends it and Go's client keeps it on every redirect.
const emailHeader = "X-Test-Email"

const (
	googleClientID     = "shop-client"
	googleClientSecret = "shop-secret"
)

// fakeGoogle is one OpenID provider for every replica, as Google is: its
// authorization endpoint signs the browser in as the email it names at once
// and sends it back with a code; its token endpoint checks the client, the
// PKCE verifier and the redirect URI and answers with a signed ID token.
// (The same shape as auth's replica test, in a process the shopd replicas
// reach over HTTP.)
type fakeGoogle struct {
	srv *httptest.Server
	key *rsa.PrivateKey

	mu     sync.Mutex
	grants map[string]grant
}

type grant struct {
	query url.Values
	email string
}

func newFakeGoogle(t *testing.T) *fakeGoogle {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	g := &fakeGoogle{key: key, grants: make(map[string]grant)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", g.discovery)
	mux.HandleFunc("GET /authorize", g.authorize)
	mux.HandleFunc("POST /token", g.token)
	mux.HandleFunc("GET /certs", g.certs)
	g.srv = httptest.NewServer(mux)
	t.Cleanup(g.srv.Close)
	return g
}

func (g *fakeGoogle) discovery(w http.ResponseWriter, _ *http.Request) {
	_ = json.NewEncoder(w).Encode(map[string]any{
		"issuer":                                g.srv.URL,
		"authorization_endpoint":                g.srv.URL + "/authorize",
		"token_endpoint":                        g.srv.URL + "/token",
		"jwks_uri":                              g.srv.URL + "/certs",
		"id_token_signing_alg_values_supported": []string{"RS256"},
	})
}

func (g *fakeGoogle) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	code := rand.Text()
	g.mu.Lock()
	g.grants[code] = grant{query: q, email: r.Header.Get(emailHeader)}
	g.mu.Unlock()
	back := q.Get("redirect_uri") + "?" + url.Values{"code": {code}, "state": {q.Get("state")}}.Encode()
	http.Redirect(w, r, back, http.StatusFound)
}

func (g *fakeGoogle) token(w http.ResponseWriter, r *http.Request) {
	id, secret, ok := r.BasicAuth()
	if id != "" {
		id, _ = url.QueryUnescape(id)
		secret, _ = url.QueryUnescape(secret)
	}
	if !ok {
		id, secret = r.PostFormValue("client_id"), r.PostFormValue("client_secret")
	}
	g.mu.Lock()
	gr, found := g.grants[r.PostFormValue("code")]
	delete(g.grants, r.PostFormValue("code"))
	g.mu.Unlock()
	sum := sha256.Sum256([]byte(r.PostFormValue("code_verifier")))
	switch {
	case id != googleClientID || secret != googleClientSecret:
		http.Error(w, `{"error":"invalid_client"}`, http.StatusUnauthorized)
		return
	case !found || r.PostFormValue("redirect_uri") != gr.query.Get("redirect_uri") ||
		base64.RawURLEncoding.EncodeToString(sum[:]) != gr.query.Get("code_challenge"):
		http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
		return
	}
	now := time.Now()
	claims, _ := json.Marshal(map[string]any{
		"iss": g.srv.URL, "sub": "google-" + gr.email, "aud": googleClientID,
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(), "nonce": gr.query.Get("nonce"),
		"email": gr.email, "email_verified": true, "name": "Failover Tester",
	})
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: jose.JSONWebKey{Key: g.key, KeyID: "k1"}},
		(&jose.SignerOptions{}).WithType("JWT"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	signed, err := signer.Sign(claims)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	idToken, _ := signed.CompactSerialize()
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"access_token": rand.Text(), "token_type": "Bearer", "expires_in": 3600, "id_token": idToken,
	})
}

func (g *fakeGoogle) certs(w http.ResponseWriter, _ *http.Request) {
	_ = json.NewEncoder(w).Encode(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{
		{Key: &g.key.PublicKey, KeyID: "k1", Algorithm: string(jose.RS256), Use: "sig"},
	}})
}
