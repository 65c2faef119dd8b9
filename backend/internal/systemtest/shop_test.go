package systemtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"github.com/sabores/sabores/backend/internal/cli"
	"github.com/sabores/sabores/backend/internal/dbtest"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/server"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// testShop is shopd's full handler (the same wire, handler and front as
// `shopd serve`, from cli.ShopHandler) on an httptest server.
type testShop struct {
	URL  string
	Pool *pgxpool.Pool
	app  *cli.App
}

// newTestShop serves dbURL's database as shopd would, logging to logs.
func newTestShop(t *testing.T, dbURL string, logs io.Writer) *testShop {
	t.Helper()
	cfg := config.Default()
	cfg.SeedOnEmpty = false
	app := &cli.App{
		Config: cfg,
		Log:    slog.New(server.ContextHandler{Handler: slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})}),
		Stdout: io.Discard,
	}
	h, pool, err := cli.ShopHandler(context.Background(), app, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &testShop{URL: srv.URL, Pool: pool, app: app}
}

// guarana stocks the one product the load tests buy: Guaraná Antarctica
// (id 1, 2,50 €), stock units, sold online and in shops in Brasil.
func guarana(t *testing.T, pool *pgxpool.Pool, stock int) {
	t.Helper()
	dbtest.Country(t, pool, dbtest.CountryOpts{Slug: "brasil", Name: "Brasil"})
	dbtest.Product(t, pool, dbtest.ProductOpts{
		ID: 1, Name: "Guaraná Antarctica", Code: "BR-1", SKU: "SKU-1", Category: "bebidas", PriceCents: 250,
		VATBasisPoints: 1000, Stock: int32(stock), ImageURL: "/img/1.svg", SoldIn: map[string]string{"brasil": "both"},
	})
}

// signIn creates a user with a session straight in the database (the
// sign-in flow has its own tests) and returns the session token.
func signIn(t *testing.T, pool *pgxpool.Pool, name string) (userID int64, token string) {
	t.Helper()
	ctx := context.Background()
	userID = dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: name, Name: name})
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	hash := sha256.Sum256([]byte(token))
	if _, err := pool.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)`,
		hash[:], userID, time.Now().Add(time.Hour)); err != nil {
		t.Fatalf("create session: %v", err)
	}
	return userID, token
}

// cookieTransport sends a session cookie with every request, as a browser
// tab of a signed-in shopper does.
type cookieTransport struct {
	token string
}

func (c cookieTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.AddCookie(&http.Cookie{Name: "sabores_session", Value: c.token})
	return http.DefaultTransport.RoundTrip(r)
}

// client is an HTTP client carrying token's session ("" for anonymous).
func client(token string) *http.Client {
	if token == "" {
		return &http.Client{}
	}
	return &http.Client{Transport: cookieTransport{token: token}}
}

func orderClient(base, token string) saboresv1connect.OrderServiceClient {
	return saboresv1connect.NewOrderServiceClient(client(token), base)
}

func catalogClient(base string) saboresv1connect.CatalogServiceClient {
	return saboresv1connect.NewCatalogServiceClient(http.DefaultClient, base)
}

// codeOf is the Connect code of err, "ok" for nil.
func codeOf(err error) string {
	if err == nil {
		return "ok"
	}
	return connecttest.Code(err).String()
}
