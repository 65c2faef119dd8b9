package guard

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestKeyLimitAnnouncesAndRefuses plays an integrator's key against a
// burst of 3: every answer says the quota and what is left, the fourth
// call is refused with Retry-After, another key has its own quota, and a
// shopper's call (no key) carries no fields and is never limited.
func TestKeyLimitAnnouncesAndRefuses(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	const proc = "/test.v1.Stock/SetStock"
	// Stands in for the gate, which puts the caller in the context before
	// any interceptor runs: the key's id comes in a test header.
	asCaller := connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			var p auth.Principal
			switch req.Header().Get("Test-Key") {
			case "7":
				p.APIKeyID = 7
			case "8":
				p.APIKeyID = 8
			}
			return next(auth.WithPrincipal(ctx, p), req)
		}
	})
	ok := func(context.Context, *connect.Request[emptypb.Empty]) (*connect.Response[emptypb.Empty], error) {
		return connect.NewResponse(&emptypb.Empty{}), nil
	}
	mux := http.NewServeMux()
	mux.Handle(proc, connect.NewUnaryHandler(proc, ok, connect.WithInterceptors(asCaller, KeyLimit(pool, time.Minute, 3))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	call := func(key string) (http.Header, error) {
		c := connect.NewClient[emptypb.Empty, emptypb.Empty](srv.Client(), srv.URL+proc)
		req := connect.NewRequest(&emptypb.Empty{})
		if key != "" {
			req.Header().Set("Test-Key", key)
		}
		res, err := c.CallUnary(context.Background(), req)
		if err != nil {
			var cerr *connect.Error
			if errors.As(err, &cerr) {
				return cerr.Meta(), err
			}
			return nil, err
		}
		return res.Header(), nil
	}

	for i, wantLeft := range []string{`"api-key";r=2;`, `"api-key";r=1;`, `"api-key";r=0;`} {
		h, err := call("7")
		if err != nil {
			t.Fatalf("call %d: %v", i+1, err)
		}
		if got := h.Get("RateLimit-Policy"); got != `"api-key";q=3;w=180` {
			t.Errorf("call %d: RateLimit-Policy %q", i+1, got)
		}
		if got := h.Get("RateLimit"); len(got) < len(wantLeft) || got[:len(wantLeft)] != wantLeft {
			t.Errorf("call %d: RateLimit %q, want %s…", i+1, got, wantLeft)
		}
	}
	h, err := call("7")
	if connect.CodeOf(err) != connect.CodeResourceExhausted {
		t.Fatalf("fourth call: %v, want ResourceExhausted", err)
	}
	if h.Get("Retry-After") == "" || h.Get("RateLimit") == "" {
		t.Errorf("refusal without Retry-After or RateLimit: %v", h)
	}
	if _, err := call("8"); err != nil {
		t.Errorf("another key was limited by the first's calls: %v", err)
	}
	for range 5 {
		h, err := call("")
		if err != nil {
			t.Fatalf("a call without a key was limited: %v", err)
		}
		if h.Get("RateLimit") != "" {
			t.Errorf("a call without a key announced a key's limit: %q", h.Get("RateLimit"))
		}
	}
}
