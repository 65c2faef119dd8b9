package auth_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// fakeGoogle is an OpenID provider shared by every replica, as Google is:
// its authorization endpoint signs the browser in as email at once and
// sends it back with a code; its token endpoint checks the client, the
// PKCE verifier and the redirect URI, and answers with a signed ID token.
type fakeGoogle struct {
	srv   *httptest.Server
	key   *rsa.PrivateKey
	email string

	mu     sync.Mutex
	grants map[string]url.Values // by code: the authorization request
}

const (
	fakeClientID     = "shop-client"
	fakeClientSecret = "shop-secret"
)

func newFakeGoogle(t *testing.T, email string) *fakeGoogle {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	g := &fakeGoogle{key: key, email: email, grants: make(map[string]url.Values)}
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
	g.grants[code] = q
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
	grant, found := g.grants[r.PostFormValue("code")]
	delete(g.grants, r.PostFormValue("code"))
	g.mu.Unlock()
	sum := sha256.Sum256([]byte(r.PostFormValue("code_verifier")))
	switch {
	case id != fakeClientID || secret != fakeClientSecret:
		http.Error(w, `{"error":"invalid_client"}`, http.StatusUnauthorized)
		return
	case !found || r.PostFormValue("redirect_uri") != grant.Get("redirect_uri") ||
		base64.RawURLEncoding.EncodeToString(sum[:]) != grant.Get("code_challenge"):
		http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
		return
	}
	now := time.Now()
	claims, _ := json.Marshal(map[string]any{
		"iss": g.srv.URL, "sub": "google-" + g.email, "aud": fakeClientID,
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(), "nonce": grant.Get("nonce"),
		"email": g.email, "email_verified": true, "name": "Replica Tester",
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

// TestSignInAcrossReplicas: two shopd replicas (two auth services with
// their own pools on one database) behind one public URL, as behind a load
// balancer. A Google sign-in started on the first finishes on the second,
// then on a replica built after the first one's sign-in began (a deploy in
// the middle of a sign-in).
func TestSignInAcrossReplicas(t *testing.T) {
	t.Parallel()
	dbURL := dbtest.NewURL(t)
	google := newFakeGoogle(t, "ana@example.org")

	var mu sync.Mutex
	replicas := map[string]*auth.Service{}
	route := map[string]string{} // request path → replica name
	lb := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		svc := replicas[route[r.URL.Path]]
		mu.Unlock()
		if svc == nil {
			http.Error(w, "no replica for "+r.URL.Path, http.StatusBadGateway)
			return
		}
		mux := http.NewServeMux()
		for pattern, h := range svc.Routes() {
			mux.Handle(pattern, h)
		}
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("page " + r.URL.Path)) })
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(lb.Close)
	newReplica := func(name string) {
		t.Helper()
		pool, err := pgxpool.New(t.Context(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		svc, err := auth.New(t.Context(), pool, auth.Config{
			PublicURL:          lb.URL,
			GoogleIssuer:       google.srv.URL,
			GoogleClientID:     fakeClientID,
			GoogleClientSecret: fakeClientSecret,
		})
		if err != nil {
			t.Fatalf("replica %s: %v", name, err)
		}
		mu.Lock()
		replicas[name] = svc
		mu.Unlock()
	}
	send := func(login, callback string) {
		mu.Lock()
		route["/auth/login"], route["/auth/callback"], route["/checkout"] = login, callback, callback
		mu.Unlock()
	}
	newReplica("a")
	newReplica("b")

	for _, tc := range []struct {
		login, callback string
		// deploy starts the callback's replica while the browser is at Google.
		deploy bool
	}{{"a", "b", false}, {"b", "a", false}, {"a", "c", true}} {
		jar, err := cookiejar.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		transport := &http.Transport{}
		t.Cleanup(transport.CloseIdleConnections)
		b := &http.Client{Jar: jar, Transport: transport}
		b.CheckRedirect = func(req *http.Request, _ []*http.Request) error {
			if tc.deploy && req.URL.Host == strings.TrimPrefix(google.srv.URL, "http://") {
				newReplica(tc.callback)
			}
			return nil
		}
		send(tc.login, tc.callback)
		res, err := b.Get(lb.URL + "/auth/login?redirect=/checkout")
		if err != nil {
			t.Fatal(err)
		}
		body := readBody(t, res)
		if res.Request.URL.Path != "/checkout" {
			t.Errorf("sign-in started on %s and returning to %s ended on %s (%s), want /checkout",
				tc.login, tc.callback, res.Request.URL, body)
			continue
		}
		var session bool
		for _, c := range jar.Cookies(res.Request.URL) {
			session = session || c.Name == "sabores_session"
		}
		if !session {
			t.Errorf("sign-in %s → %s set no session cookie", tc.login, tc.callback)
		}
	}
}
