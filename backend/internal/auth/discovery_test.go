package auth_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestHangingProviderDoesNotQueueSignIns: while Google's discovery hangs,
// sign-ins wait for one shared attempt, each only as long as its own
// deadline, instead of queueing one discovery after another; after the
// failure, sign-ins fail at once for a while instead of asking again.
func TestHangingProviderDoesNotQueueSignIns(t *testing.T) {
	t.Parallel()
	var asked atomic.Int32
	release := make(chan struct{})
	google := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		select {
		case <-release:
		case <-r.Context().Done():
		}
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	t.Cleanup(google.Close)
	t.Cleanup(func() { close(release) })
	svc, err := auth.New(t.Context(), dbtest.New(t), auth.Config{
		PublicURL: "https://sabores.example", GoogleIssuer: google.URL,
		GoogleClientID: "shop-client", GoogleClientSecret: "shop-secret",
	})
	if err != nil {
		t.Fatal(err)
	}
	login := svc.Routes()["GET /auth/login"]
	signIn := func(deadline time.Duration) int {
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		defer cancel()
		rec := httptest.NewRecorder()
		login.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "https://sabores.example/auth/login", nil).WithContext(ctx))
		return rec.Code
	}

	start := time.Now()
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() { signIn(500 * time.Millisecond) })
	}
	wg.Wait()
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("6 sign-ins with a 500 ms deadline took %v together: they queued", took)
	}
	if n := asked.Load(); n != 1 {
		t.Errorf("the provider was asked %d times, want once for everyone", n)
	}
	release <- struct{}{} // the shared attempt fails now
	time.Sleep(100 * time.Millisecond)
	before := asked.Load()
	begin := time.Now()
	if code := signIn(5 * time.Second); code != http.StatusFound {
		t.Errorf("sign-in after a failure answered %d, want the redirect to the error page", code)
	}
	if took := time.Since(begin); took > time.Second || asked.Load() != before {
		t.Errorf("right after a failure the provider was asked again (%d → %d) or the sign-in waited %v", before, asked.Load(), took)
	}
}
