package adminapikeyapi_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/adminapikeyapi"
	"github.com/sabores/sabores/backend/internal/api/adminproductapi"
	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/authz"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/server"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// TestAPIKeyLifecycle creates a key, uses it through a real server with the
// auth and authorization interceptors, and revokes it.
func TestAPIKeyLifecycle(t *testing.T) {
	t.Parallel()
	f := admintest.NewShop(t)
	// API_KEY_MAX_TTL's default, 90 days.
	svc := adminapikeyapi.New(f.Pool, 90*24*time.Hour)
	created, err := svc.CreateApiKey(f.Ctx, connect.NewRequest(&saboresv1.CreateApiKeyRequest{
		Name: "ERP", Scopes: []saboresv1.ApiKeyScope{saboresv1.ApiKeyScope_API_KEY_SCOPE_CATALOG_READ},
		ExpireTime: timestamppb.New(time.Now().Add(24 * time.Hour)),
	}))
	if err != nil {
		t.Fatal(err)
	}
	secret, key := created.Msg.Secret, created.Msg.Key
	if len(secret) < 40 || secret[:4] != "sab_" || key.Prefix != secret[:12] || key.CreatedBy != "admin@sabores.es" || key.LastUsedTime != nil {
		t.Fatalf("created key %v with secret %q", key, secret)
	}
	if n := f.Count(t, `SELECT count(*) FROM api_keys WHERE secret_hash = sha256(convert_to($1, 'UTF8'))`, secret); n != 1 {
		t.Error("the stored key is not the SHA-256 of its secret")
	}
	if n := f.Count(t, `SELECT count(*) FROM api_keys WHERE position($1 in encode(secret_hash, 'escape')) > 0`, secret); n != 0 {
		t.Error("the secret is stored in clear")
	}

	// A key works while its creator is an admin of the shop.
	if err := auth.GrantAdmin(t.Context(), f.Pool, "admin@sabores.es"); err != nil {
		t.Fatal(err)
	}
	authSvc, err := auth.New(t.Context(), f.Pool, auth.Config{PublicURL: "https://sabores.example"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(server.NewHandler(server.Options{
		Services:     server.Services{AdminProduct: adminproductapi.New(catalogue.New(f.Pool), f.Pool), AdminApiKey: svc},
		Admit:        authz.New(authSvc, authSvc.Origins()).Admit,
		Interceptors: []connect.Interceptor{authz.Answers()},
		Logger:       slog.New(slog.DiscardHandler),
	}))
	t.Cleanup(srv.Close)
	transport := &http.Transport{}
	t.Cleanup(transport.CloseIdleConnections)
	client := saboresv1connect.NewAdminProductServiceClient(&http.Client{Transport: transport}, srv.URL)
	keyDesk := saboresv1connect.NewAdminApiKeyServiceClient(&http.Client{Transport: transport}, srv.URL)
	list := func() (*saboresv1.ListAdminProductsResponse, error) {
		req := connect.NewRequest(&saboresv1.ListAdminProductsRequest{})
		req.Header().Set("Authorization", "Bearer "+secret)
		res, err := client.ListAdminProducts(context.Background(), req)
		if err != nil {
			return nil, err
		}
		return res.Msg, nil
	}

	if _, err := list(); err != nil {
		t.Fatalf("catalogue-read key on a catalogue read: %v", err)
	}
	keys, err := svc.ListApiKeys(f.Ctx, connect.NewRequest(&saboresv1.ListApiKeysRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(keys.Msg.Keys) != 1 || keys.Msg.Keys[0].LastUsedTime == nil {
		t.Errorf("after use: %v, want last_used set", keys.Msg.Keys)
	}
	// CreateApiKey answers with the key as the list shows it.
	for _, got := range keys.Msg.Keys {
		if got.Id != key.Id || got.Name != key.Name || !slices.Equal(got.Scopes, key.Scopes) || got.Prefix != key.Prefix ||
			!got.CreateTime.AsTime().Equal(key.CreateTime.AsTime()) || got.CreatedBy != key.CreatedBy ||
			got.ExpireTime == nil || !got.ExpireTime.AsTime().Equal(key.ExpireTime.AsTime()) {
			t.Errorf("listed key %v, want the one created: %v", got, key)
		}
	}
	create := connect.NewRequest(&saboresv1.CreateApiKeyRequest{Name: "x", Scopes: []saboresv1.ApiKeyScope{saboresv1.ApiKeyScope_API_KEY_SCOPE_CATALOG_READ}})
	create.Header().Set("Authorization", "Bearer "+secret)
	if _, err := keyDesk.CreateApiKey(context.Background(), create); connecttest.Code(err) != connect.CodePermissionDenied {
		t.Errorf("a key creating a key: %v, want PermissionDenied", err)
	}
	// Past its expiry a key is as unknown as a revoked one.
	if _, err := f.Pool.Exec(context.Background(), `UPDATE api_keys SET created_at = now() - interval '1 day', expires_at = now() - interval '1 second' WHERE id = $1`, key.Id); err != nil {
		t.Fatal(err)
	}
	if _, err := list(); connecttest.Code(err) != connect.CodeUnauthenticated {
		t.Errorf("expired key: %v, want Unauthenticated", err)
	}
	if _, err := f.Pool.Exec(context.Background(), `UPDATE api_keys SET expires_at = NULL WHERE id = $1`, key.Id); err != nil {
		t.Fatal(err)
	}

	revoked, err := svc.RevokeApiKey(f.Ctx, connect.NewRequest(&saboresv1.RevokeApiKeyRequest{Id: key.Id}))
	if err != nil || revoked.Msg.Key.RevokeTime == nil {
		t.Fatalf("revoke: %v, %v", revoked, err)
	}
	if _, err := list(); connecttest.Code(err) != connect.CodeUnauthenticated {
		t.Errorf("revoked key: %v, want Unauthenticated", err)
	}
	// Revoking again keeps the first time and records once.
	again, err := svc.RevokeApiKey(f.Ctx, connect.NewRequest(&saboresv1.RevokeApiKeyRequest{Id: key.Id}))
	if err != nil || !again.Msg.Key.RevokeTime.AsTime().Equal(revoked.Msg.Key.RevokeTime.AsTime()) {
		t.Errorf("second revoke: %v, %v", again, err)
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action IN ('api_key.create', 'api_key.revoke')`); n != 2 {
		t.Errorf("%d API key audit rows, want 2", n)
	}
	_, err = svc.RevokeApiKey(f.Ctx, connect.NewRequest(&saboresv1.RevokeApiKeyRequest{Id: 9999}))
	if code, _ := connecttest.Detail(t, err); code != connect.CodeNotFound {
		t.Errorf("revoking an unknown key: %v, want NotFound", code)
	}
}
