package ratelimit

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
)

func TestLimiterBurstThenRate(t *testing.T) {
	t.Parallel()
	now := time.Unix(0, 0)
	l := New(10*time.Second, 3)
	l.now = func() time.Time { return now }
	for i := range 3 {
		if ok, _ := l.Allow("a"); !ok {
			t.Fatalf("call %d of the burst refused", i+1)
		}
	}
	ok, wait := l.Allow("a")
	if ok || wait != 10*time.Second {
		t.Fatalf("4th call: ok=%v wait=%v, want refused for 10s", ok, wait)
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Error("another key shares the bucket")
	}
	now = now.Add(4 * time.Second)
	if ok, wait := l.Allow("a"); ok || wait != 6*time.Second {
		t.Errorf("after 4 s: ok=%v wait=%v, want refused for 6s more", ok, wait)
	}
	now = now.Add(6 * time.Second)
	if ok, _ := l.Allow("a"); !ok {
		t.Error("after the interval the call is still refused")
	}
	// Idle buckets are forgotten once full again.
	now = now.Add(time.Hour)
	l.Allow("c")
	if _, kept := l.buckets["a"]; kept {
		t.Error("an idle, refilled bucket was kept")
	}
}

func TestInterceptorRefusesWithRetryInfo(t *testing.T) {
	t.Parallel()
	const limitedProc, freeProc = "/test.v1.Shop/PlaceOrder", "/test.v1.Shop/Browse"
	l := New(time.Minute, 1)
	opts := connect.WithInterceptors(l.Interceptor(func(context.Context, connect.AnyRequest) string { return "user:1" }, limitedProc))
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
