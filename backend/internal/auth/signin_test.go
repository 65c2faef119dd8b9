package auth_test

// This file is long on purpose: it drives the whole sign-in flow through a
// browser-like client (provider, callback, session, logout, limits), and
// its cases share that harness.

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/authz"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/devoidc"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// shop is a real HTTP server with the sign-in routes, the built-in provider,
// an AccountService.GetSession behind the auth interceptor that says who
// the caller is, and a page for every other path.
type shop struct {
	srv  *httptest.Server
	auth *auth.Service
	pool *pgxpool.Pool
}

func newShop(t *testing.T, cfg auth.Config) *shop {
	t.Helper()
	pool := dbtest.New(t)
	var handler http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	cfg.PublicURL = srv.URL
	cfg.DevSignIn = true
	svc, err := auth.New(t.Context(), pool, cfg)
	if err != nil {
		t.Fatalf("auth.New: %v", err)
	}
	mux := http.NewServeMux()
	for pattern, h := range svc.Routes() {
		mux.Handle(pattern, h)
	}
	mux.Handle(saboresv1connect.NewAccountServiceHandler(whoamiService{}, connect.WithInterceptors(authz.Answers())))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "page %s?%s", r.URL.Path, r.URL.RawQuery)
	})
	// Who is calling is resolved before the handlers, as the server's gate does.
	handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, err := svc.Resolve(r.Context(), r.Header)
		if err != nil {
			t.Errorf("resolve the caller: %v", err)
		}
		mux.ServeHTTP(w, r.WithContext(ctx))
	})
	return &shop{srv: srv, auth: svc, pool: pool}
}

// browser is an HTTP client with a cookie jar that follows redirects. It
// has its own transport: httptest.Server.Close closes the idle connections
// of http.DefaultTransport, which would break parallel tests' requests.
func (s *shop) browser(t *testing.T) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	transport := &http.Transport{}
	t.Cleanup(transport.CloseIdleConnections)
	return &http.Client{Jar: jar, Transport: transport}
}

var authRequestIDRe = regexp.MustCompile(`name="authRequestID" value="([^"]+)"`)

// signIn runs the whole flow: /auth/login, the provider's authorize
// endpoint, its login page, the form, the provider's callback and the shop's
// callback. It returns the URL the browser ends on.
func (s *shop) signIn(t *testing.T, browser *http.Client, redirect string, form url.Values) *url.URL {
	t.Helper()
	login := s.srv.URL + "/auth/login"
	if redirect != "" {
		login += "?redirect=" + url.QueryEscape(redirect)
	}
	res, err := browser.Get(login)
	if err != nil {
		t.Fatalf("GET /auth/login: %v", err)
	}
	page := readBody(t, res)
	if res.Request.URL.Path != "/dev-oidc/login" {
		t.Fatalf("login ended on %s, want the dev sign-in page", res.Request.URL)
	}
	m := authRequestIDRe.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no authRequestID on the sign-in page:\n%s", page)
	}
	for _, u := range devoidc.Users {
		if !strings.Contains(page, u.Email) {
			t.Errorf("sign-in page does not offer %s", u.Email)
		}
	}
	form.Set("authRequestID", m[1])
	res, err = browser.PostForm(s.srv.URL+"/dev-oidc/login", form)
	if err != nil {
		t.Fatalf("POST /dev-oidc/login: %v", err)
	}
	body := readBody(t, res)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("sign-in ended with %d at %s: %s", res.StatusCode, res.Request.URL, body)
	}
	return res.Request.URL
}

// whoamiService answers GetSession with the principal the interceptor found.
type whoamiService struct {
	saboresv1connect.UnimplementedAccountServiceHandler
}

func (whoamiService) GetSession(ctx context.Context, _ *connect.Request[saboresv1.GetSessionRequest]) (*connect.Response[saboresv1.GetSessionResponse], error) {
	p := auth.FromContext(ctx)
	return connect.NewResponse(&saboresv1.GetSessionResponse{
		SignedIn: p.UserID != 0,
		User:     &saboresv1.User{Id: p.UserID, Email: p.Email, Name: p.Name, Role: saboresv1.Role(p.Role)},
	}), nil
}

// whoami is the principal the shop sees for the browser's cookies.
func (s *shop) whoami(t *testing.T, browser *http.Client) auth.Principal {
	t.Helper()
	res, err := saboresv1connect.NewAccountServiceClient(browser, s.srv.URL).GetSession(context.Background(),
		connect.NewRequest(&saboresv1.GetSessionRequest{}))
	if err != nil {
		t.Fatalf("GetSession: %v", err)
	}
	u := res.Msg.User
	return auth.Principal{UserID: u.Id, Email: u.Email, Name: u.Name, Role: auth.Role(u.Role)}
}

func readBody(t *testing.T, res *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if cerr := res.Body.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func email(e string) url.Values { return url.Values{"email": {e}} }

func TestSignInClient(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	b := s.browser(t)

	end := s.signIn(t, b, "/checkout", email("maria@example.com"))
	if end.Path != "/checkout" {
		t.Errorf("client landed on %s, want /checkout", end.Path)
	}
	p := s.whoami(t, b)
	if p.Role != auth.RoleClient || p.Email != "maria@example.com" || p.Name != "María Silva" || p.UserID == 0 {
		t.Errorf("principal = %+v, want client maria", p)
	}

	var issuer, subject, regType, role string
	var active bool
	err := s.pool.QueryRow(context.Background(), `
		SELECT u.issuer, u.subject, u.registration_type, cu.role, cu.active
		FROM users u JOIN company_users cu ON cu.user_id = u.id
		JOIN companies c ON c.id = cu.company_id AND c.name = 'Sabores'
		WHERE u.id = $1`, p.UserID).Scan(&issuer, &subject, &regType, &role, &active)
	if err != nil {
		t.Fatalf("user row: %v", err)
	}
	if issuer != devoidc.Issuer || subject != "dev-maria" || regType != "client_direct" || role != "user" || !active {
		t.Errorf("user = %s %s %s, member %s active=%v", issuer, subject, regType, role, active)
	}

	// Signing in again is the same user, still one membership.
	s.signIn(t, s.browser(t), "", email("maria@example.com"))
	var users, members int
	if err := s.pool.QueryRow(context.Background(),
		`SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM company_users)`).Scan(&users, &members); err != nil {
		t.Fatal(err)
	}
	if users != 1 || members != 1 {
		t.Errorf("after two sign-ins: %d users, %d memberships; want 1 and 1", users, members)
	}
}

func TestSignInAdmin(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	if err := auth.GrantAdmin(context.Background(), s.pool, "Admin@Sabores.es"); err != nil {
		t.Fatalf("GrantAdmin before the first sign-in: %v", err)
	}
	b := s.browser(t)
	if end := s.signIn(t, b, "", email("admin@sabores.es")); end.Path != "/admin" {
		t.Errorf("admin without a target landed on %s, want /admin", end.Path)
	}
	if p := s.whoami(t, b); p.Role != auth.RoleAdmin || p.Email != "admin@sabores.es" {
		t.Errorf("principal = %+v, want admin", p)
	}
	// An explicit target wins over /admin.
	if end := s.signIn(t, s.browser(t), "/producto/1001", email("admin@sabores.es")); end.Path != "/producto/1001" {
		t.Errorf("admin with a target landed on %s, want /producto/1001", end.Path)
	}
}

func TestSignInNewEmail(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	b := s.browser(t)
	if end := s.signIn(t, b, "", url.Values{"email": {"Ana@Example.org"}, "name": {"Ana Pérez"}}); end.Path != "/" {
		t.Errorf("landed on %s, want /", end.Path)
	}
	if p := s.whoami(t, b); p.Role != auth.RoleClient || p.Email != "ana@example.org" || p.Name != "Ana Pérez" {
		t.Errorf("principal = %+v, want client ana", p)
	}
}

func TestAdminEmailsConfig(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{AdminEmails: []string{" Boss@Example.com "}})
	b := s.browser(t)
	s.signIn(t, b, "", email("boss@example.com"))
	if p := s.whoami(t, b); p.Role != auth.RoleAdmin {
		t.Errorf("ADMIN_EMAILS member has role %v, want admin", p.Role)
	}
}

func TestGrantAdminPromotesExistingUser(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	b := s.browser(t)
	s.signIn(t, b, "", email("joao@example.com"))
	if p := s.whoami(t, b); p.Role != auth.RoleClient {
		t.Fatalf("before the grant: role %v, want client", p.Role)
	}
	if err := auth.GrantAdmin(context.Background(), s.pool, "joao@example.com"); err != nil {
		t.Fatal(err)
	}
	if p := s.whoami(t, b); p.Role != auth.RoleAdmin {
		t.Errorf("after the grant the same session has role %v, want admin", p.Role)
	}
	if err := auth.GrantAdmin(context.Background(), s.pool, "not an email"); err == nil {
		t.Error("GrantAdmin accepted a malformed email")
	}
}

func TestOpenRedirectRejected(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	for _, target := range []string{
		"https://evil.example/",
		"//evil.example/path",
		"/\\evil.example",
		"http:/evil.example",
		"javascript:alert(1)",
		"checkout",
		"/%0d%0aSet-Cookie:x=y",
	} {
		end := s.signIn(t, s.browser(t), target, email("maria@example.com"))
		if end.Host != strings.TrimPrefix(s.srv.URL, "http://") {
			t.Errorf("redirect %q left the site for %s", target, end)
		}
		if target != "/%0d%0aSet-Cookie:x=y" && end.Path != "/" {
			t.Errorf("redirect %q landed on %s, want /", target, end.Path)
		}
	}
}

func TestSignOutRevokesSession(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	b := s.browser(t)
	s.signIn(t, b, "", email("maria@example.com"))
	srvURL, _ := url.Parse(s.srv.URL)
	cookies := b.Jar.Cookies(srvURL)
	if len(cookies) != 1 || cookies[0].Name != "sabores_session" {
		t.Fatalf("cookies after sign-in = %v, want one session cookie", cookies)
	}
	stolen := cookies[0].Value

	// Another site cannot sign the visitor out.
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/auth/logout", nil)
	req.Header.Set("Origin", "https://evil.example")
	res, err := b.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readBody(t, res)
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site sign-out: status %d, want 403", res.StatusCode)
	}
	if p := s.whoami(t, b); p.UserID == 0 {
		t.Fatal("cross-site sign-out ended the session")
	}

	req, _ = http.NewRequest(http.MethodPost, s.srv.URL+"/auth/logout", nil)
	req.Header.Set("Origin", s.srv.URL)
	res, err = b.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	readBody(t, res)
	if res.StatusCode != http.StatusNoContent {
		t.Errorf("sign-out: status %d, want 204", res.StatusCode)
	}
	if p := s.whoami(t, b); p.UserID != 0 {
		t.Errorf("after sign-out the browser is still %+v", p)
	}
	// The old token is dead on the server, not just forgotten by the browser.
	replay := s.browser(t)
	replay.Jar.SetCookies(srvURL, []*http.Cookie{{Name: "sabores_session", Value: stolen}})
	if p := s.whoami(t, replay); p.UserID != 0 {
		t.Errorf("a copy of the signed-out cookie still works: %+v", p)
	}
	var sessions int
	if err := s.pool.QueryRow(context.Background(), `SELECT count(*) FROM sessions`).Scan(&sessions); err != nil {
		t.Fatal(err)
	}
	if sessions != 0 {
		t.Errorf("%d sessions left after sign-out, want 0", sessions)
	}
}

func TestSessionCookieAttributes(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	b := s.browser(t)
	b.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if req.URL.Path == "/" {
			return http.ErrUseLastResponse
		}
		return nil
	}
	res, err := b.Get(s.srv.URL + "/auth/login")
	if err != nil {
		t.Fatal(err)
	}
	m := authRequestIDRe.FindStringSubmatch(readBody(t, res))
	if m == nil {
		t.Fatal("no sign-in page")
	}
	res, err = b.PostForm(s.srv.URL+"/dev-oidc/login", url.Values{"authRequestID": {m[1]}, "email": {"maria@example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	readBody(t, res)
	var session *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == "sabores_session" {
			session = c
		}
	}
	if session == nil {
		t.Fatalf("the callback set no session cookie: %v", res.Header["Set-Cookie"])
	}
	if !session.HttpOnly || session.SameSite != http.SameSiteLaxMode || session.Path != "/" || session.MaxAge <= 0 {
		t.Errorf("session cookie = %+v, want HttpOnly, SameSite=Lax, Path=/ and a Max-Age", session)
	}
	if len(session.Value) < 43 {
		t.Errorf("session token %q is shorter than 32 random bytes", session.Value)
	}
	var stored []byte
	if err := s.pool.QueryRow(context.Background(), `SELECT token_hash FROM sessions`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(stored), session.Value) || len(stored) != 32 {
		t.Errorf("the database keeps %d bytes, want only a SHA-256 of the token", len(stored))
	}
}

// TestFailedSignInKeepsTarget: the web app signs in with its own /auth page
// as the target; a failure comes back there with the original target.
func TestFailedSignInKeepsTarget(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	b := s.browser(t)
	res, err := b.Get(s.srv.URL + "/auth/login?redirect=" + url.QueryEscape("/auth?redirect=/checkout"))
	if err != nil {
		t.Fatal(err)
	}
	readBody(t, res)
	// The provider sends the person back with an error instead of a code.
	res, err = b.Get(s.srv.URL + "/auth/callback?error=access_denied&state=whatever")
	if err != nil {
		t.Fatal(err)
	}
	readBody(t, res)
	q := res.Request.URL.Query()
	if res.Request.URL.Path != "/auth" || q.Get("error") != "signin_failed" || q.Get("redirect") != "/checkout" {
		t.Errorf("failure ended on %s, want /auth?error=signin_failed&redirect=/checkout", res.Request.URL)
	}
}

func TestCallbackWithoutFlowFails(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	res, err := s.browser(t).Get(s.srv.URL + "/auth/callback?code=forged&state=forged")
	if err != nil {
		t.Fatal(err)
	}
	body := readBody(t, res)
	if res.Request.URL.Path != "/auth" || res.Request.URL.Query().Get("error") != "signin_failed" {
		t.Errorf("forged callback ended on %s (%s), want /auth?error=signin_failed", res.Request.URL, body)
	}
}

func TestSessionSlidingRenewalAndExpiry(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{SessionTTL: time.Hour})
	b := s.browser(t)
	s.signIn(t, b, "", email("maria@example.com"))
	ctx := context.Background()
	expiresIn := func() time.Duration {
		t.Helper()
		var secs float64
		if err := s.pool.QueryRow(ctx, `SELECT extract(epoch FROM expires_at - now())::float8 FROM sessions`).Scan(&secs); err != nil {
			t.Fatal(err)
		}
		return time.Duration(secs * float64(time.Second))
	}

	// In the first half of its life a session is left alone.
	s.whoami(t, b)
	if left := expiresIn(); left < 50*time.Minute {
		t.Fatalf("fresh session expires in %v, want about an hour", left)
	}
	// In the second half, a use extends it by a full TTL.
	if _, err := s.pool.Exec(ctx, `UPDATE sessions SET created_at = now() - interval '2 hours', expires_at = now() + interval '10 minutes'`); err != nil {
		t.Fatal(err)
	}
	if p := s.whoami(t, b); p.UserID == 0 {
		t.Fatal("a live session was not recognised")
	}
	if left := expiresIn(); left < 55*time.Minute {
		t.Errorf("used session expires in %v, want it extended to about an hour", left)
	}
	// Past its expiry it is anonymous, and the browser is told to drop it.
	if _, err := s.pool.Exec(ctx, `UPDATE sessions SET expires_at = now() - interval '1 second'`); err != nil {
		t.Fatal(err)
	}
	if p := s.whoami(t, b); p.UserID != 0 {
		t.Errorf("an expired session still works: %+v", p)
	}
	srvURL, _ := url.Parse(s.srv.URL)
	if c := b.Jar.Cookies(srvURL); len(c) != 0 {
		t.Errorf("the expired session's cookie was not cleared: %v", c)
	}
}

func TestLogoutLink(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	b := s.browser(t)
	s.signIn(t, b, "", email("maria@example.com"))
	get := func(site string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, s.srv.URL+"/auth/logout", nil)
		req.Header.Set("Sec-Fetch-Site", site)
		res, err := b.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		readBody(t, res)
		if res.Request.URL.Path != "/" {
			t.Errorf("GET /auth/logout from %s ended on %s, want /", site, res.Request.URL.Path)
		}
	}
	get("cross-site")
	if p := s.whoami(t, b); p.UserID == 0 {
		t.Fatal("a link on another site signed the visitor out")
	}
	get("same-origin")
	if p := s.whoami(t, b); p.UserID != 0 {
		t.Errorf("a link on the shop did not sign out: %+v", p)
	}
}

// TestSignInRateLimited: one address gets SignInPerMinute sign-in
// requests a minute (30 unless configured), then 429 with Retry-After.
func TestSignInRateLimited(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		perMin  int
		allowed int
	}{
		{"default", 0, 30},
		{"configured", 5, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := newShop(t, auth.Config{SignInPerMinute: tc.perMin})
			b := s.browser(t)
			b.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
			for i := range tc.allowed + 1 {
				res, err := b.Get(s.srv.URL + "/auth/login")
				if err != nil {
					t.Fatal(err)
				}
				readBody(t, res)
				limited := res.StatusCode == http.StatusTooManyRequests
				if want := i == tc.allowed; limited != want {
					t.Fatalf("sign-in attempt %d in a row: %d; want 429: %v", i+1, res.StatusCode, want)
				}
				if limited && res.Header.Get("Retry-After") == "" {
					t.Errorf("429 without Retry-After")
				}
			}
		})
	}
}

// TestSeededAdminSignsIn: the seed records its admin with the development
// provider's issuer and subject and an admin membership; signing in as that
// person through the built-in provider finds that very user.
func TestSeededAdminSignsIn(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	ctx := context.Background()
	var seededID int64
	err := s.pool.QueryRow(ctx, `
		WITH c AS (INSERT INTO companies (name) VALUES ('Sabores') RETURNING id),
		     u AS (INSERT INTO users (issuer, subject, email, full_name, registration_type)
		           VALUES ('https://dev.sabores.local', 'dev-admin', 'admin@sabores.es', 'Admin Sabores', 'admin_company')
		           RETURNING id),
		     m AS (INSERT INTO company_users (user_id, company_id, role) SELECT u.id, c.id, 'admin' FROM u, c)
		SELECT id FROM u`).Scan(&seededID)
	if err != nil {
		t.Fatal(err)
	}
	b := s.browser(t)
	if end := s.signIn(t, b, "", email("admin@sabores.es")); end.Path != "/admin" {
		t.Errorf("seeded admin landed on %s, want /admin", end.Path)
	}
	p := s.whoami(t, b)
	if p.UserID != seededID || p.Role != auth.RoleAdmin {
		t.Errorf("principal = %+v, want the seeded admin %d", p, seededID)
	}
	var users int
	var regType string
	if err := s.pool.QueryRow(ctx, `SELECT count(*), max(registration_type) FROM users`).Scan(&users, &regType); err != nil {
		t.Fatal(err)
	}
	if users != 1 || regType != "admin_company" {
		t.Errorf("%d users, registration %q; want the one seeded user, its registration type kept", users, regType)
	}
}

var (
	inlineScript   = regexp.MustCompile(`(?is)<script\b[^>]*>\s*[^<\s]`)
	styleElement   = regexp.MustCompile(`(?is)<style\b`)
	styleAttr      = regexp.MustCompile(`(?is)<[a-z][^>]*\sstyle\s*=`)
	eventAttr      = regexp.MustCompile(`(?is)<[a-z][^>]*\son[a-z]+\s*=`)
	stylesheetLink = regexp.MustCompile(`<link rel="stylesheet" href="(/dev-oidc/[^"]+)">`)
	visibleInput   = regexp.MustCompile(`<input\b[^>]*>`)
	inputID        = regexp.MustCompile(`\sid="([^"]+)"`)
)

// TestDevSignInPageStyledUnderCSP: the development sign-in page has no
// inline style or script, which the Content-Security-Policy would refuse
// (it showed unstyled), but a stylesheet of shopd's own; every field has
// a label.
func TestDevSignInPageStyledUnderCSP(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	b := s.browser(t)
	res, err := b.Get(s.srv.URL + "/auth/login")
	if err != nil {
		t.Fatal(err)
	}
	page := readBody(t, res)
	if res.Request.URL.Path != "/dev-oidc/login" {
		t.Fatalf("login ended on %s, want the dev sign-in page", res.Request.URL)
	}
	for name, re := range map[string]*regexp.Regexp{
		"inline script": inlineScript, "style element": styleElement,
		"style attribute": styleAttr, "event handler attribute": eventAttr,
	} {
		if m := re.FindString(page); m != "" {
			t.Errorf("the sign-in page has an %s: %s", name, m)
		}
	}
	m := stylesheetLink.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the sign-in page links no stylesheet of its own:\n%s", page)
	}
	res, err = b.Get(s.srv.URL + m[1])
	if err != nil {
		t.Fatal(err)
	}
	css := readBody(t, res)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/css") || !strings.Contains(css, "focus-visible") {
		t.Errorf("GET %s: %d %s, %d bytes; want a stylesheet with focus styles", m[1], res.StatusCode, res.Header.Get("Content-Type"), len(css))
	}
	for _, input := range visibleInput.FindAllString(page, -1) {
		if strings.Contains(input, `type="hidden"`) {
			continue
		}
		id := inputID.FindStringSubmatch(input)
		if id == nil || !strings.Contains(page, `<label for="`+id[1]+`">`) {
			t.Errorf("field without a label: %s", input)
		}
	}
}
