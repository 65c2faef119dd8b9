package systemtest

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/server"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// bearerTransport sends an API key, as an integrator's script does.
type bearerTransport struct{ key string }

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.key)
	return http.DefaultTransport.RoundTrip(r)
}

// TestSecretsNotLogged signs in an admin and a client, creates an API key
// and uses it, with everything logged at debug level (the process-wide
// default logger included): no session token and no API key secret may
// appear in the log. It is not parallel, so it owns slog's default logger.
func TestSecretsNotLogged(t *testing.T) {
	logs := &logBuffer{}
	previous := slog.Default()
	slog.SetDefault(slog.New(server.ContextHandler{Handler: slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})}))
	defer slog.SetDefault(previous)

	direct := dbtest.NewSeeded(t)
	ctx := context.Background()
	var adminID int64
	if err := direct.QueryRow(ctx, `SELECT id FROM users WHERE email = 'admin@sabores.es'`).Scan(&adminID); err != nil {
		t.Fatal(err)
	}
	adminToken := sessionFor(t, direct, adminID)
	_, clientToken := signIn(t, direct, "secretive")
	shop := newTestShop(t, dbtest.URL(direct), logs)

	admin := saboresv1connect.NewAdminApiKeyServiceClient(client(adminToken), shop.URL)
	created, err := admin.CreateApiKey(ctx, connect.NewRequest(&saboresv1.CreateApiKeyRequest{
		Name: "ci", Scopes: []saboresv1.ApiKeyScope{saboresv1.ApiKeyScope_API_KEY_SCOPE_CATALOG_READ},
		ExpireTime: timestamppb.New(time.Now().Add(24 * time.Hour)),
	}))
	if err != nil {
		t.Fatal(err)
	}
	secret := created.Msg.GetSecret()
	if secret == "" {
		t.Fatal("CreateApiKey returned no secret")
	}
	integrator := saboresv1connect.NewAdminProductServiceClient(&http.Client{Transport: bearerTransport{key: secret}}, shop.URL)
	if _, err := integrator.ListAdminProducts(ctx, connect.NewRequest(&saboresv1.ListAdminProductsRequest{})); err != nil {
		t.Fatalf("ListAdminProducts with the API key: %v", err)
	}
	wrong := saboresv1connect.NewAdminProductServiceClient(&http.Client{Transport: bearerTransport{key: secret + "x"}}, shop.URL)
	if _, err := wrong.ListAdminProducts(ctx, connect.NewRequest(&saboresv1.ListAdminProductsRequest{})); connecttest.Code(err) != connect.CodeUnauthenticated {
		t.Errorf("a wrong API key: %v, want Unauthenticated", err)
	}
	account := saboresv1connect.NewAccountServiceClient(client(clientToken), shop.URL)
	if _, err := account.GetSession(ctx, connect.NewRequest(&saboresv1.GetSessionRequest{})); err != nil {
		t.Fatal(err)
	}

	out := logs.String()
	if !strings.Contains(out, "CreateApiKey") {
		t.Fatalf("the log did not capture the calls:\n%s", out)
	}
	for name, s := range map[string]string{"admin session token": adminToken, "client session token": clientToken, "API key secret": secret} {
		if strings.Contains(out, s) {
			t.Errorf("the log contains the %s", name)
		}
	}
	// Stored as its SHA-256, never in clear (the database holds the hash only).
	var clear, hashed int
	if err := direct.QueryRow(ctx, `SELECT count(*) FILTER (WHERE position(convert_to($1, 'UTF8') in secret_hash) > 0),
		count(*) FILTER (WHERE secret_hash = sha256(convert_to($1, 'UTF8'))) FROM api_keys`, secret).Scan(&clear, &hashed); err != nil {
		t.Fatal(err)
	}
	if clear != 0 || hashed != 1 {
		t.Errorf("API keys holding the secret in clear: %d, as its SHA-256: %d; want 0 and 1", clear, hashed)
	}
}
