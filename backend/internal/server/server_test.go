package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"
	"connectrpc.com/grpcreflect"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/fault"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// catalog is a stand-in CatalogService that reads from the real database,
// so the test covers the path from a client to PostgreSQL and back.
type catalog struct {
	saboresv1connect.UnimplementedCatalogServiceHandler
	pool *pgxpool.Pool
}

func (c *catalog) GetProduct(ctx context.Context, req *connect.Request[saboresv1.GetProductRequest]) (*connect.Response[saboresv1.GetProductResponse], error) {
	if req.Msg.GetId() == 404 {
		return nil, fmt.Errorf("catalog: get product: %w", fault.ErrNotFound)
	}
	var name string
	if err := c.pool.QueryRow(ctx, "SELECT 'Producto ' || $1::bigint", req.Msg.GetId()).Scan(&name); err != nil {
		return nil, fmt.Errorf("catalog: get product: %w", err)
	}
	return connect.NewResponse(&saboresv1.GetProductResponse{Product: &saboresv1.Product{Id: req.Msg.GetId(), Name: name}}), nil
}

type bundle struct {
	url  string
	h1   *http.Client // HTTP/1.1, as browsers without HTTP/2 and curl
	h2c  *http.Client // HTTP/2 without TLS, as gRPC clients
	logs *bytes.Buffer
}

func setup(t *testing.T, opts Options) *bundle {
	t.Helper()
	logs := &bytes.Buffer{}
	opts.Logger = slog.New(slog.NewTextHandler(logs, nil))
	srv := httptest.NewUnstartedServer(NewHandler(opts))
	srv.Config = NewHTTPServer("", srv.Config.Handler, 15*time.Second, opts.Logger)
	srv.Start()
	t.Cleanup(srv.Close)
	h2c := &http.Transport{Protocols: new(http.Protocols)}
	h2c.Protocols.SetUnencryptedHTTP2(true)
	t.Cleanup(h2c.CloseIdleConnections)
	return &bundle{url: srv.URL, h1: srv.Client(), h2c: &http.Client{Transport: h2c}, logs: logs}
}

// testPool is a fresh, migrated database of its own (dbtest).
func testPool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	return dbtest.New(t)
}

func TestRPCOverConnectAndGRPC(t *testing.T) {
	t.Parallel()
	pool := testPool(t)
	b := setup(t, Options{DB: pool, Services: Services{Catalog: &catalog{pool: pool}}})
	clients := map[string]saboresv1connect.CatalogServiceClient{
		"connect over HTTP/1.1":  saboresv1connect.NewCatalogServiceClient(b.h1, b.url),
		"connect JSON over h2c":  saboresv1connect.NewCatalogServiceClient(b.h2c, b.url, connect.WithProtoJSON()),
		"gRPC over h2c":          saboresv1connect.NewCatalogServiceClient(b.h2c, b.url, connect.WithGRPC()),
		"gRPC-Web over HTTP/1.1": saboresv1connect.NewCatalogServiceClient(b.h1, b.url, connect.WithGRPCWeb()),
	}
	for name, client := range clients {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			res, err := client.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: 1001}))
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Msg.GetProduct().GetName(); got != "Producto 1001" {
				t.Errorf("name = %q", got)
			}
			if res.Header().Get(RequestIDHeader) == "" {
				t.Error("no request id header")
			}

			_, err = client.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: 0}))
			if connecttest.Code(err) != connect.CodeInvalidArgument {
				t.Errorf("id 0: got %v, want InvalidArgument from validation", err)
			}
			_, err = client.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: 404}))
			if connecttest.Code(err) != connect.CodeNotFound {
				t.Errorf("id 404: got %v, want NotFound mapped by apperr", err)
			}
		})
	}
}

func TestUnimplementedServicesAreServed(t *testing.T) {
	t.Parallel()
	b := setup(t, Options{DB: testPool(t)})
	client := saboresv1connect.NewCartServiceClient(b.h2c, b.url, connect.WithGRPC())
	_, err := client.ValidateCart(context.Background(), connect.NewRequest(&saboresv1.ValidateCartRequest{}))
	if connecttest.Code(err) != connect.CodeUnimplemented {
		t.Errorf("got %v, want Unimplemented", err)
	}
}

func TestInterceptorsRunBeforeValidation(t *testing.T) {
	t.Parallel()
	deny := connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if req.Header().Get("X-Stranger") != "" {
				return nil, connect.NewError(connect.CodePermissionDenied, errors.New("denied"))
			}
			return next(ctx, req)
		}
	})
	pool := testPool(t)
	b := setup(t, Options{
		DB: pool, Interceptors: []connect.Interceptor{deny},
		Services: Services{Catalog: &catalog{pool: pool}},
	})
	client := saboresv1connect.NewCatalogServiceClient(b.h1, b.url)
	req := connect.NewRequest(&saboresv1.GetProductRequest{Id: 0})
	req.Header().Set("X-Stranger", "1")
	if _, err := client.GetProduct(context.Background(), req); connecttest.Code(err) != connect.CodePermissionDenied {
		t.Errorf("got %v, want PermissionDenied before validation", err)
	}
	if !strings.Contains(b.logs.String(), "procedure=/sabores.v1.CatalogService/GetProduct code=permission_denied") {
		t.Errorf("request log lacks procedure and code:\n%s", b.logs)
	}
}

func TestGRPCHealth(t *testing.T) {
	t.Parallel()
	pool := testPool(t)
	b := setup(t, Options{DB: pool})

	// gRPC: an empty HealthCheckRequest in one uncompressed frame.
	req, err := http.NewRequest(http.MethodPost, b.url+"/grpc.health.v1.Health/Check", bytes.NewReader([]byte{0, 0, 0, 0, 0}))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/grpc")
	req.Header.Set("Te", "trailers")
	res, err := b.h2c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	// Frame header, then field 1 (status) = 1 (SERVING).
	if want := []byte{0, 0, 0, 0, 2, 0x08, 0x01}; !bytes.Equal(body, want) || res.Trailer.Get("Grpc-Status") != "0" {
		t.Errorf("gRPC health = %x (grpc-status %q), want %x", body, res.Trailer.Get("Grpc-Status"), want)
	}

	// Connect JSON, as curl would send it.
	for service, want := range map[string]string{
		"":                              `{"status":"SERVING_STATUS_SERVING"}`,
		"sabores.v1.CatalogService":     `{"status":"SERVING_STATUS_SERVING"}`,
		"sabores.v1.NoSuchThingService": `"code":"not_found"`,
	} {
		res, err := b.h1.Post(b.url+"/grpc.health.v1.Health/Check", "application/json", strings.NewReader(`{"service":"`+service+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		_ = res.Body.Close()
		if !strings.Contains(string(body), want) {
			t.Errorf("health of %q = %s, want %s", service, body, want)
		}
	}
}

// TestReflectionOnlyWhenAsked: reflection shows the whole API to anyone, so
// it is served only when switched on (REFLECTION, off in production).
func TestReflectionOnlyWhenAsked(t *testing.T) {
	t.Parallel()
	b := setup(t, Options{DB: testPool(t)})
	stream := grpcreflect.NewClient(b.h2c, b.url, connect.WithGRPC()).NewStream(context.Background())
	t.Cleanup(func() { _, _ = stream.Close() })
	if names, err := stream.ListServices(); err == nil {
		t.Errorf("reflection answered without being switched on: %v", names)
	}
}

func TestReflectionListsEveryService(t *testing.T) {
	t.Parallel()
	b := setup(t, Options{DB: testPool(t), Reflection: true})
	stream := grpcreflect.NewClient(b.h2c, b.url, connect.WithGRPC()).NewStream(context.Background())
	t.Cleanup(func() { _, _ = stream.Close() })
	names, err := stream.ListServices()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range append(ServiceNames(), "grpc.health.v1.Health") {
		if !slices.ContainsFunc(names, func(n protoreflect.FullName) bool { return string(n) == want }) {
			t.Errorf("reflection lists %v, missing %s", names, want)
		}
	}
	// Every service the contract declares is served (counted from the
	// registered descriptors, so a new service needs no edit here).
	contract := 0
	protoregistry.GlobalFiles.RangeFilesByPackage("sabores.v1", func(f protoreflect.FileDescriptor) bool {
		contract += f.Services().Len()
		return true
	})
	if len(ServiceNames()) != contract {
		t.Errorf("serving %d services, the contract has %d", len(ServiceNames()), contract)
	}
	files, err := stream.FileContainingSymbol("sabores.v1.CatalogService")
	if err != nil || len(files) == 0 {
		t.Errorf("descriptor of CatalogService: %d files, %v", len(files), err)
	}
}

type downDB struct{}

func (downDB) Ping(context.Context) error { return errors.New("connection refused") }

func TestHealthz(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		db   Pinger
		want int
	}{
		{"database answers", testPool(t), http.StatusOK},
		{"database down", downDB{}, http.StatusServiceUnavailable},
		{"no database", nil, http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := setup(t, Options{DB: tt.db})
			res, err := b.h1.Get(b.url + "/healthz")
			if err != nil {
				t.Fatal(err)
			}
			_ = res.Body.Close()
			if res.StatusCode != tt.want {
				t.Errorf("status = %d, want %d", res.StatusCode, tt.want)
			}
		})
	}
}

func TestFrontend(t *testing.T) {
	t.Parallel()
	built := fstest.MapFS{
		"index.html":           {Data: []byte("<!doctype html><div id=root></div>")},
		"assets/index-abc1.js": {Data: []byte("console.log(1)")},
		"icon.png":             {Data: []byte("png")},
	}
	tests := []struct {
		name, path string
		files      fstest.MapFS
		status     int
		body       string
		cache      string
	}{
		{"index", "/", built, 200, "id=root", "no-cache"},
		{"client route falls back to index", "/producto/1001", built, 200, "id=root", "no-cache"},
		{"hashed asset cached for a year", "/assets/index-abc1.js", built, 200, "console.log", "public, max-age=31536000, immutable"},
		{"other file", "/icon.png", built, 200, "png", "public, max-age=3600"},
		{"missing asset is 404", "/assets/index-old.js", built, 404, "not found", ""},
		{"not built", "/todos", fstest.MapFS{}, 200, "not built", "no-cache"},
		{"extra route", "/auth/ping", built, 200, "pong", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := setup(t, Options{Frontend: tt.files, Routes: map[string]http.Handler{
				"GET /auth/ping": http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("pong")) }),
			}})
			res, err := b.h1.Get(b.url + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			_ = res.Body.Close()
			if res.StatusCode != tt.status || !strings.Contains(string(body), tt.body) || res.Header.Get("Cache-Control") != tt.cache {
				t.Errorf("GET %s = %d %q (Cache-Control %q), want %d containing %q (%q)",
					tt.path, res.StatusCode, body, res.Header.Get("Cache-Control"), tt.status, tt.body, tt.cache)
			}
		})
	}
}

func TestCORSPreflight(t *testing.T) {
	t.Parallel()
	b := setup(t, Options{AllowedOrigins: []string{"http://localhost:5175"}})
	for origin, allowed := range map[string]bool{"http://localhost:5175": true, "http://evil.example": false} {
		req, _ := http.NewRequest(http.MethodOptions, b.url+"/sabores.v1.CatalogService/ListProducts", nil)
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		res, err := b.h1.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if got := res.Header.Get("Access-Control-Allow-Origin") == origin; got != allowed {
			t.Errorf("origin %s allowed = %v, want %v", origin, got, allowed)
		}
	}
}

func TestServeShutsDownWhenContextEnds(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.DiscardHandler)
	srv := NewHTTPServer("127.0.0.1:0", NewHandler(Options{Logger: log}), 15*time.Second, log)
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, srv, ConnLimits{Max: 64}, 5*time.Second, log, func(a net.Addr) { addrs <- a })
	}()
	addr := <-addrs
	res, err := http.Get("http://" + addr.String() + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	_ = res.Body.Close()
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve returned %v after a clean shutdown", err)
	}
	if _, err := http.Get("http://" + addr.String() + "/healthz"); err == nil {
		t.Error("server still answers after shutdown")
	}
}
