package authz_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/authz"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/devoidc"
	"github.com/sabores/sabores/backend/internal/server"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// ghostProcedure is no procedure of the contract: it must be refused.
const ghostProcedure = "/sabores.v1.GhostService/Haunt"

// caller is one kind of client of the matrix.
type caller struct {
	name    string
	headers http.Header
}

// api is a real HTTP server with every service of the contract behind the
// gate and interceptors in the server's order (who is calling and whether
// they may, before the body is read; validation; error mapping). The services are the generated
// Unimplemented handlers: an authorised call reaches them and comes back
// Unimplemented (or InvalidArgument from validation), never an auth error.
type api struct {
	srv     *httptest.Server
	handler http.Handler
	client  *http.Client
	callers []caller
}

func newAPI(t *testing.T) *api {
	t.Helper()
	pool := dbtest.New(t)
	ctx := context.Background()
	var handler http.Handler
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	svc, err := auth.New(ctx, pool, auth.Config{PublicURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	// The server as shopd assembles it, every service Unimplemented.
	handler = server.NewHandler(server.Options{
		Admit:        authz.New(svc, svc.Origins()).Admit,
		Interceptors: []connect.Interceptor{authz.Answers()},
		Logger:       slog.New(slog.DiscardHandler),
	})

	cookie := func(email string) http.Header {
		signed, err := svc.SignIn(ctx, auth.Identity{Issuer: devoidc.Issuer, Subject: "sub-" + email, Email: email, Name: email})
		if err != nil {
			t.Fatalf("sign in %s: %v", email, err)
		}
		return http.Header{"Cookie": {"sabores_session=" + signed.Token}, "Origin": {srv.URL}}
	}
	bearer := func(scopes []string, revoke, expire bool) http.Header {
		// Keys are made by the admin, signed in by then (callers' order).
		var creator int64
		if err := pool.QueryRow(ctx, `SELECT id FROM users WHERE email = 'admin@sabores.es'`).Scan(&creator); err != nil {
			t.Fatal(err)
		}
		key, err := auth.CreateAPIKey(ctx, db.New(pool), "admin@sabores.es", scopes, nil, &creator)
		if err != nil {
			t.Fatal(err)
		}
		if revoke {
			if _, err := db.New(pool).APIKeyRevoke(ctx, key.ID); err != nil {
				t.Fatal(err)
			}
		}
		if expire {
			if _, err := pool.Exec(ctx, `UPDATE api_keys SET created_at = now() - interval '2 days', expires_at = now() - interval '1 day' WHERE id = $1`, key.ID); err != nil {
				t.Fatal(err)
			}
		}
		return http.Header{"Authorization": {"Bearer " + key.Secret}}
	}
	if err := auth.GrantAdmin(ctx, pool, "admin@sabores.es"); err != nil {
		t.Fatal(err)
	}
	if err := auth.GrantRole(ctx, pool, audit.Caller{Name: "admin@sabores.es"}, "till@sabores.es", auth.RoleTill); err != nil {
		t.Fatal(err)
	}
	transport := &http.Transport{}
	t.Cleanup(transport.CloseIdleConnections)
	return &api{
		srv:     srv,
		handler: handler,
		client:  &http.Client{Transport: transport},
		callers: []caller{
			{"anonymous", http.Header{}},
			{"client", cookie("maria@example.com")},
			{"admin", cookie("admin@sabores.es")},
			{"all-scopes API key", bearer(auth.Scopes, false, false)},
			{"catalog_read API key", bearer([]string{auth.ScopeCatalogRead}, false, false)},
			{"catalog_write API key", bearer([]string{auth.ScopeCatalogWrite}, false, false)},
			{"orders_read API key", bearer([]string{auth.ScopeOrdersRead}, false, false)},
			{"revoked API key", bearer(auth.Scopes, true, false)},
			{"expired API key", bearer(auth.Scopes, false, true)},
			{"unknown API key", http.Header{"Authorization": {"Bearer sab_nobody"}}},
			{"till", cookie("till@sabores.es")},
		},
	}
}

// streamingProcedures are the contract's server-streaming procedures,
// which take their request framed (connecttest.StreamingBody).
func streamingProcedures() map[string]bool {
	out := map[string]bool{}
	for _, m := range authz.Methods() {
		if m.IsStreamingServer() {
			out[authz.Procedure(m)] = true
		}
	}
	return out
}

// call makes a Connect JSON call with an empty request and returns the
// error code, or "" for success.
func (a *api) call(t *testing.T, procedure string, headers http.Header) string {
	t.Helper()
	streaming := streamingProcedures()[procedure]
	body, contentType := []byte("{}"), "application/json"
	if streaming {
		body, contentType = connecttest.StreamingBody(body), connecttest.StreamingContentType
	}
	req, err := http.NewRequest(http.MethodPost, a.srv.URL+procedure, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	for k, v := range headers {
		req.Header[k] = v
	}
	res, err := a.client.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", procedure, err)
	}
	body, err = io.ReadAll(res.Body)
	if cerr := res.Body.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatalf("%s: read response: %v", procedure, err)
	}
	if res.StatusCode == http.StatusOK && streaming {
		_, code, _, err := connecttest.StreamingOutcome(body)
		if err != nil {
			t.Fatalf("%s: %v", procedure, err)
		}
		return code
	}
	if res.StatusCode == http.StatusOK {
		return ""
	}
	var e struct{ Code string }
	if err := json.Unmarshal(body, &e); err != nil || e.Code == "" {
		t.Fatalf("%s: status %d, body %q is no Connect error", procedure, res.StatusCode, body)
	}
	return e.Code
}

// expected is the outcome the policy promises: "unauthenticated",
// "permission_denied", or "allowed" (any other result). keyScope is the
// scope an API key needs for the procedure ("" for none may).
func expected(access authz.Access, keyScope, who string) string {
	switch who {
	case "revoked API key", "expired API key", "unknown API key":
		return "unauthenticated"
	}
	switch access {
	case authz.Public:
		return "allowed"
	case authz.SignedIn:
		switch who {
		case "anonymous":
			return "unauthenticated"
		case "client", "admin", "till":
			return "allowed"
		default:
			return "permission_denied"
		}
	case authz.Till:
		switch who {
		case "anonymous":
			return "unauthenticated"
		case "admin", "till":
			return "allowed"
		default:
			return "permission_denied"
		}
	case authz.Admin:
		switch who {
		case "anonymous":
			return "unauthenticated"
		case "client":
			return "permission_denied"
		case "admin":
			return "allowed"
		case "all-scopes API key", keyScope + " API key":
			if keyScope != "" {
				return "allowed"
			}
		}
		return "permission_denied"
	}
	return "permission_denied"
}

// TestAuthorizationMatrix walks every RPC of every service in the contract
// with every kind of caller through a real server.
func TestAuthorizationMatrix(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	methods := authz.Methods()
	if len(methods) < 29 {
		t.Fatalf("found %d methods in the contract, want all of them (29 or more)", len(methods))
	}
	for _, m := range methods {
		proc := authz.Procedure(m)
		access := authz.Policy(proc)
		for _, c := range a.callers {
			got := a.call(t, proc, c.headers)
			want := expected(access, authz.KeyScopes[proc], c.name)
			outcome := got
			if got != "unauthenticated" && got != "permission_denied" {
				outcome = "allowed"
			}
			if outcome != want {
				t.Errorf("%s (%s) as %s: got %q, want %s", proc, access, c.name, got, want)
			}
		}
	}
}

// TestNoKeyManagesKeys: managing API keys, sign-in settings and reading the
// audit trail are for signed-in admins only. With any key, even one holding
// every scope, they are refused, so a leaked key cannot mint keys that
// outlive its revocation.
func TestNoKeyManagesKeys(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	for _, proc := range []string{
		saboresv1connect.AdminApiKeyServiceCreateApiKeyProcedure,
		saboresv1connect.AdminApiKeyServiceListApiKeysProcedure,
		saboresv1connect.AdminApiKeyServiceRevokeApiKeyProcedure,
		saboresv1connect.AdminSettingsServiceGetSignInConfigProcedure,
		saboresv1connect.AdminSettingsServiceUpdateSignInConfigProcedure,
		saboresv1connect.AdminAuditServiceListAuditEventsProcedure,
	} {
		if scope, ok := authz.KeyScopes[proc]; ok {
			t.Errorf("%s opens to API keys with %s", proc, scope)
		}
		if got := a.call(t, proc, a.callers[3].headers); got != "permission_denied" {
			t.Errorf("%s with an all-scopes key: %q, want permission_denied", proc, got)
		}
	}
}

// TestEveryProcedureHasAPolicy fails when an RPC is added to the contract
// without deciding who may call it, or when a policy names no RPC.
func TestEveryProcedureHasAPolicy(t *testing.T) {
	t.Parallel()
	procedures, services := map[string]bool{}, map[string]bool{}
	for _, m := range authz.Methods() {
		proc := authz.Procedure(m)
		procedures[proc], services[string(m.Parent().FullName())] = true, true
		if authz.Policy(proc) == authz.Deny {
			t.Errorf("%s has no access policy: add its service to authz.Services", proc)
		}
	}
	for service := range authz.Services {
		if !services[service] {
			t.Errorf("authz.Services names %s, which is not in the contract", service)
		}
	}
	for proc := range authz.Exceptions {
		if !procedures[proc] {
			t.Errorf("authz.Exceptions names %s, which is not in the contract", proc)
		}
	}
}

// TestServicesByResource: the contract's services are small and each is
// either the shopper's or the back office's, never both, so that an
// integrator can tell what belongs together and a service's access reads
// in one line. A back-office service is named Admin…, is Admin throughout
// (no exception opens one of its calls) and is the only kind whose calls an
// API key may make.
func TestServicesByResource(t *testing.T) {
	t.Parallel()
	const maxRPCs = 15
	rpcs := map[string]int{}
	for _, m := range authz.Methods() {
		service := m.Parent().(protoreflect.ServiceDescriptor)
		rpcs[string(service.FullName())]++
		proc := authz.Procedure(m)
		backOffice := strings.HasPrefix(string(service.Name()), "Admin")
		if got := authz.Policy(proc); backOffice != (got == authz.Admin) {
			t.Errorf("%s is %s: a back-office service's calls are Admin, a shopper's never", proc, got)
		}
		if _, ok := authz.KeyScopes[proc]; ok && !backOffice {
			t.Errorf("%s takes an API key scope outside the back office", proc)
		}
	}
	for service, n := range rpcs {
		if n > maxRPCs {
			t.Errorf("%s has %d RPCs, more than %d: split it by resource", service, n, maxRPCs)
		}
	}
	if len(rpcs) < 24 {
		t.Errorf("found %d services, want the contract's 24 or more", len(rpcs))
	}
}

// TestProcedureWithoutPolicyIsDenied serves a procedure the policy table does
// not know: even an admin is refused.
func TestProcedureWithoutPolicyIsDenied(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	for _, c := range a.callers[:4] {
		if got := a.call(t, ghostProcedure, c.headers); got != "permission_denied" && got != "unauthenticated" {
			t.Errorf("%s calling a procedure without policy: got %q, want it refused", c.name, got)
		}
	}
}

// TestAuthorizationBeforeValidation: an anonymous caller sending an invalid
// request learns it needs to sign in, not what is wrong with the request.
func TestAuthorizationBeforeValidation(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	proc := saboresv1connect.AdminVisibilityServiceSetProductChannelProcedure
	if got := a.call(t, proc, a.callers[0].headers); got != "unauthenticated" {
		t.Errorf("anonymous invalid request: got %q, want unauthenticated", got)
	}
	if got := a.call(t, proc, a.callers[2].headers); got != "invalid_argument" {
		t.Errorf("admin invalid request: got %q, want invalid_argument", got)
	}
}

// TestCrossSiteRequestsRefused: a cookie-authenticated change must come from
// the shop's own pages; reads and API keys are not affected.
func TestCrossSiteRequestsRefused(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	admin := a.callers[2].headers
	withHeaders := func(h http.Header, kv ...string) http.Header {
		out := h.Clone()
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == "" {
				out.Del(kv[i])
			} else {
				out.Set(kv[i], kv[i+1])
			}
		}
		return out
	}
	write := saboresv1connect.AdminVisibilityServiceUpdateCountryConfigProcedure
	read := saboresv1connect.AdminVisibilityServiceListCountryConfigsProcedure
	tests := []struct {
		name      string
		procedure string
		headers   http.Header
		refused   bool
	}{
		{"foreign Origin on a change", write, withHeaders(admin, "Origin", "https://evil.example"), true},
		{"cross-site fetch on a change", write, withHeaders(admin, "Origin", "", "Sec-Fetch-Site", "cross-site"), true},
		{"own Origin on a change", write, admin, false},
		{"foreign Origin on a read", read, withHeaders(admin, "Origin", "https://evil.example"), false},
		{"API key with a foreign Origin", write, withHeaders(a.callers[3].headers, "Origin", "https://evil.example"), false},
	}
	for _, tt := range tests {
		got := a.call(t, tt.procedure, tt.headers)
		if refused := got == "permission_denied"; refused != tt.refused {
			t.Errorf("%s: got %q, refused=%v, want refused=%v", tt.name, got, refused, tt.refused)
		}
	}
}

// untouchable is a request body that fails the test when read: a refusal
// must cost the server nothing of the body.
type untouchable struct {
	t    *testing.T
	what string
}

func (u untouchable) Read([]byte) (int, error) {
	u.t.Errorf("%s: the body was read before the call was refused", u.what)
	return 0, io.EOF
}

func (untouchable) Close() error { return nil }

// refusalCode reads the code of a refusal in any of the three protocols:
// gRPC-Web puts it in a Grpc-Status header, gRPC in that trailer, Connect
// streaming in its end-of-stream message, Connect unary in a JSON body.
func refusalCode(t *testing.T, res *http.Response) string {
	t.Helper()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	status := res.Header.Get("Grpc-Status")
	if status == "" {
		status = res.Trailer.Get("Grpc-Status")
	}
	if status != "" {
		return map[string]string{"16": "unauthenticated", "7": "permission_denied"}[status]
	}
	if res.Header.Get("Content-Type") == connecttest.StreamingContentType {
		_, code, _, err := connecttest.StreamingOutcome(body)
		if err != nil {
			t.Fatal(err)
		}
		return code
	}
	var e struct{ Code string }
	if err := json.Unmarshal(body, &e); err != nil {
		t.Fatalf("status %d, body %q is no Connect error", res.StatusCode, body)
	}
	return e.Code
}

// TestRefusedBeforeTheBodyIsRead: the review's anonymous gzip bodies were
// read, decompressed and decoded before their 401. Every procedure that
// needs a caller refuses the wrong one without reading a byte of the body,
// over Connect, gRPC and gRPC-Web.
func TestRefusedBeforeTheBodyIsRead(t *testing.T) {
	t.Parallel()
	a := newAPI(t)
	protocols := map[string]string{
		"connect": "application/json", "grpc": "application/grpc", "grpc-web": "application/grpc-web+proto",
	}
	streaming := streamingProcedures()
	refused := 0
	for _, m := range authz.Methods() {
		proc := authz.Procedure(m)
		for _, c := range a.callers {
			want := expected(authz.Policy(proc), authz.KeyScopes[proc], c.name)
			if want == "allowed" {
				continue
			}
			for name, contentType := range protocols {
				if name == "connect" && streaming[proc] {
					contentType = connecttest.StreamingContentType
				}
				what := proc + " as " + c.name + " over " + name
				req := httptest.NewRequest(http.MethodPost, proc, untouchable{t, what})
				req.Header = c.headers.Clone()
				req.Header.Set("Content-Type", contentType)
				req.Header.Set("Content-Encoding", "gzip")
				rec := httptest.NewRecorder()
				a.handler.ServeHTTP(rec, req)
				if got := refusalCode(t, rec.Result()); got != want {
					t.Errorf("%s: got %q, want %s", what, got, want)
				}
				refused++
			}
		}
	}
	if refused < 300 {
		t.Errorf("only %d refusals tried: the contract's procedures were not all walked", refused)
	}
}
