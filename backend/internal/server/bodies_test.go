package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/sabores/sabores/backend/internal/connecttest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// TestEveryProcedureHasABody walks the contract's descriptors: a procedure
// without a Body would be refused, and one named in Bodies but gone from
// the contract is a stale row.
func TestEveryProcedureHasABody(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	protoregistry.GlobalFiles.RangeFilesByPackage("sabores.v1", func(f protoreflect.FileDescriptor) bool {
		for i := range f.Services().Len() {
			svc := f.Services().Get(i)
			for j := range svc.Methods().Len() {
				proc := "/" + string(svc.FullName()) + "/" + string(svc.Methods().Get(j).Name())
				seen[proc] = true
				body, ok := Bodies[proc]
				if !ok || body.MaxBytes <= 0 {
					t.Errorf("%s has no body limit: add it to server.Bodies", proc)
				}
			}
		}
		return true
	})
	if len(seen) < 80 {
		t.Fatalf("found %d procedures in the contract, want all of them", len(seen))
	}
	for proc := range Bodies {
		if !seen[proc] {
			t.Errorf("server.Bodies names %s, which is not in the contract", proc)
		}
	}
}

// gzipped compresses b.
func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// codeOf is the Connect unary error code of an answer, "" for success.
func codeOf(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	if rec.Code == http.StatusOK {
		return ""
	}
	var e struct{ Code string }
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Code == "" {
		t.Fatalf("status %d, body %q is no Connect error", rec.Code, rec.Body.Bytes())
	}
	return e.Code
}

// emptyApp is a web app of one empty page.
func emptyApp() fstest.MapFS {
	return fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>x</title>")}}
}

// TestDecompressedSizeIsBounded: a gzip body is judged by what it becomes,
// and decompressing stops past the procedure's limit (a 1 MiB message of
// zeros is 1 KiB compressed: the review's bombs were 1000:1).
func TestDecompressedSizeIsBounded(t *testing.T) {
	t.Parallel()
	h := NewHandler(Options{Logger: slog.New(slog.DiscardHandler), Frontend: emptyApp()})
	// A valid GetProduct request with an unknown bytes field padding it to
	// size: binary protobuf keeps unknown fields, so only the size can
	// fail it.
	message := func(size int) []byte {
		b := protowire.AppendTag(nil, 1, protowire.VarintType)
		b = protowire.AppendVarint(b, 1001)
		b = protowire.AppendTag(b, 1000, protowire.BytesType)
		return protowire.AppendBytes(b, make([]byte, size-len(b)-4))
	}
	for _, tt := range []struct {
		name string
		size int
		want string
	}{
		{"just under the limit", MessageMaxBytes - 64, "unimplemented"},
		{"just over the limit", MessageMaxBytes + 64, "resource_exhausted"},
	} {
		body := gzipped(t, message(tt.size))
		if len(body) > 4<<10 {
			t.Fatalf("%s: %d compressed bytes, want a bomb", tt.name, len(body))
		}
		req := httptest.NewRequest(http.MethodPost, saboresv1connect.CatalogServiceGetProductProcedure, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/proto")
		req.Header.Set("Content-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if got := codeOf(t, rec); got != tt.want {
			t.Errorf("%s (%d bytes decompressed): got %q, want %q", tt.name, tt.size, got, tt.want)
		}
	}
}

// untouched fails the test when read.
type untouched struct{ t *testing.T }

func (u untouched) Read([]byte) (int, error) {
	u.t.Error("a refused upload's body was read")
	return 0, io.EOF
}

// TestCompressedPictureIsRefused: a picture is compressed already, so a
// compressed upload can only be a bomb; it is refused unread.
func TestCompressedPictureIsRefused(t *testing.T) {
	t.Parallel()
	h := NewHandler(Options{Logger: slog.New(slog.DiscardHandler), Frontend: emptyApp()})
	for _, header := range []string{"Content-Encoding", "Grpc-Encoding"} {
		req := httptest.NewRequest(http.MethodPost, saboresv1connect.AdminProductServiceUploadProductImageProcedure, untouched{t})
		req.Header.Set("Content-Type", "application/proto")
		req.Header.Set(header, "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if got := codeOf(t, rec); got != "invalid_argument" {
			t.Errorf("%s: gzip: got %q, want invalid_argument", header, got)
		}
	}
}

// blockingAdmin holds every picture upload until release is closed.
type blockingAdmin struct {
	saboresv1connect.UnimplementedAdminProductServiceHandler
	entered chan struct{}
	release chan struct{}
}

func (b *blockingAdmin) UploadProductImage(ctx context.Context, _ *connect.Request[saboresv1.UploadProductImageRequest]) (*connect.Response[saboresv1.UploadProductImageResponse], error) {
	b.entered <- struct{}{}
	select {
	case <-b.release:
	case <-ctx.Done():
	}
	return connect.NewResponse(&saboresv1.UploadProductImageResponse{}), nil
}

// TestLargeRequestsTakeTurns: two large uploads are handled at a time; a
// third waits its turn and, when none comes within the wait, is answered
// ResourceExhausted (UPLOADS_BUSY), while small calls go on meanwhile.
func TestLargeRequestsTakeTurns(t *testing.T) {
	t.Parallel()
	admin := &blockingAdmin{entered: make(chan struct{}, 3), release: make(chan struct{})}
	h := NewHandler(Options{
		Logger: slog.New(slog.DiscardHandler), Frontend: emptyApp(),
		Services:    Services{AdminProduct: admin},
		LargeBodies: LargeBodies{AtOnce: 2, Wait: 100 * time.Millisecond},
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	client := saboresv1connect.NewAdminProductServiceClient(srv.Client(), srv.URL)
	upload := func() error {
		_, err := client.UploadProductImage(context.Background(), connect.NewRequest(&saboresv1.UploadProductImageRequest{ProductId: 1, Content: []byte("x")}))
		return err
	}
	done := make(chan error, 2)
	for range 2 {
		go func() { done <- upload() }()
	}
	<-admin.entered
	<-admin.entered
	err := upload()
	if code, reason := connecttest.Detail(t, err); code != connect.CodeResourceExhausted || reason != "UPLOADS_BUSY" {
		t.Errorf("a third upload while two are handled: %v (%s), want ResourceExhausted UPLOADS_BUSY", code, reason)
	}
	if _, err := saboresv1connect.NewAdminPromotionServiceClient(srv.Client(), srv.URL).ListPromotions(context.Background(), connect.NewRequest(&saboresv1.ListPromotionsRequest{})); connecttest.Code(err) != connect.CodeUnimplemented {
		t.Errorf("a small call while uploads are handled: %v, want it served (Unimplemented here)", err)
	}
	close(admin.release)
	for range 2 {
		if err := <-done; err != nil {
			t.Errorf("an upload in its turn: %v", err)
		}
	}
	if err := upload(); err != nil {
		t.Errorf("an upload once the others finished: %v", err)
	}
}

// TestRefusalsAreCounted: a call answered before its body is read reaches
// no interceptor, so the server tells Refused of it, under its procedure
// or, for a path that names none, under UnknownProcedure.
func TestRefusalsAreCounted(t *testing.T) {
	t.Parallel()
	var got []string
	h := NewHandler(Options{
		Logger: slog.New(slog.DiscardHandler), Frontend: emptyApp(),
		Admit: func(ctx context.Context, procedure string, _ http.Header) (context.Context, error) {
			if procedure == saboresv1connect.AdminProductServiceUploadProductImageProcedure {
				return ctx, connect.NewError(connect.CodeUnauthenticated, errors.New("sign in"))
			}
			return ctx, nil
		},
		Refused: func(procedure string, err error) {
			got = append(got, procedure+" "+connecttest.Code(err).String())
		},
	})
	for _, path := range []string{saboresv1connect.AdminProductServiceUploadProductImageProcedure, APIPrefix + "Invented/" + strings.Repeat("x", 40)} {
		req := httptest.NewRequest(http.MethodPost, path, untouched{t})
		req.Header.Set("Content-Type", "application/proto")
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	want := []string{saboresv1connect.AdminProductServiceUploadProductImageProcedure + " unauthenticated", UnknownProcedure + " unimplemented"}
	if !slices.Equal(got, want) {
		t.Errorf("refusals told = %q, want %q", got, want)
	}
}
