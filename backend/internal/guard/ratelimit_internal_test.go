package guard

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/sabores/sabores/backend/internal/ratelimit"
)

func TestInterceptorRefusesWithRetryInfo(t *testing.T) {
	t.Parallel()
	const limitedProc, freeProc = "/test.v1.Shop/PlaceOrder", "/test.v1.Shop/Browse"
	l := ratelimit.New(time.Minute, 1)
	opts := connect.WithInterceptors(limit(inMemory(l), func(context.Context, connect.AnyRequest) string { return "user:1" }, limitedProc))
	ok := func(context.Context, *connect.Request[emptypb.Empty]) (*connect.Response[emptypb.Empty], error) {
		return connect.NewResponse(&emptypb.Empty{}), nil
	}
	mux := http.NewServeMux()
	mux.Handle(limitedProc, connect.NewUnaryHandler(limitedProc, ok, opts))
	mux.Handle(freeProc, connect.NewUnaryHandler(freeProc, ok, opts))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	transport := &http.Transport{}
	t.Cleanup(transport.CloseIdleConnections)
	call := func(proc string) error {
		c := connect.NewClient[emptypb.Empty, emptypb.Empty](&http.Client{Transport: transport}, srv.URL+proc)
		_, err := c.CallUnary(context.Background(), connect.NewRequest(&emptypb.Empty{}))
		return err
	}
	if err := call(limitedProc); err != nil {
		t.Fatalf("first call: %v", err)
	}
	err := call(limitedProc)
	var cerr *connect.Error
	if !errors.As(err, &cerr) || cerr.Code() != connect.CodeResourceExhausted {
		t.Fatalf("second call: %v, want ResourceExhausted", err)
	}
	var retry *errdetails.RetryInfo
	for _, d := range cerr.Details() {
		if v, derr := d.Value(); derr == nil {
			retry, _ = v.(*errdetails.RetryInfo)
		}
	}
	if retry == nil || retry.RetryDelay.AsDuration() <= 0 {
		t.Errorf("no retry hint in %v", cerr.Details())
	}
	for range 3 {
		if err := call(freeProc); err != nil {
			t.Errorf("a procedure without a limit was limited: %v", err)
		}
	}
}
