package cataloguecache_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/cataloguecache"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// countingHandler answers like a service would and counts the calls that
// reached it.
type countingHandler struct {
	calls     int
	status    int
	setCookie bool
}

func (h *countingHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.calls++
	w.Header().Set("Content-Type", "application/json")
	if h.setCookie {
		w.Header().Set("Set-Cookie", "sabores_session=x")
	}
	w.WriteHeader(h.status)
	_, _ = io.WriteString(w, `{"encoding":"`+r.Header.Get("Accept-Encoding")+`"}`)
}

func TestMiddleware(t *testing.T) {
	t.Parallel()
	list := saboresv1connect.CatalogServiceListProductsProcedure + "?encoding=json&message=%7B%7D"
	tests := []struct {
		name      string
		method    string
		path      string
		status    int
		setCookie bool
		live      bool
		wantCalls int
	}{
		{name: "a public GET read is answered once", method: "GET", path: list, status: 200, live: true, wantCalls: 1},
		{name: "a POST that is not Connect's JSON or binary reaches the service", method: "POST", path: list, status: 200, live: true, wantCalls: 3},
		{name: "other procedures pass through", method: "GET", path: saboresv1connect.AccountServiceGetMyDashboardProcedure + "?message=%7B%7D", status: 200, live: true, wantCalls: 3},
		{name: "errors are not kept", method: "GET", path: list, status: 404, live: true, wantCalls: 3},
		{name: "an answer setting a cookie is not kept", method: "GET", path: list, status: 200, setCookie: true, live: true, wantCalls: 3},
		{name: "nothing is kept while not listening", method: "GET", path: list, status: 200, live: false, wantCalls: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var hits []string
			cache := cataloguecache.New(cataloguecache.Options{OnHit: func(procedure string, _ time.Time) {
				hits = append(hits, procedure)
			}})
			cache.SetLive(tt.live)
			next := &countingHandler{status: tt.status, setCookie: tt.setCookie}
			h := cache.Middleware(next)
			for range 3 {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, strings.NewReader("{}")))
				if rec.Code != tt.status {
					t.Fatalf("status %d, want %d", rec.Code, tt.status)
				}
			}
			if next.calls != tt.wantCalls {
				t.Fatalf("service called %d times, want %d", next.calls, tt.wantCalls)
			}
			// Every call the service did not see is reported as a hit, so
			// metrics count the calls answered from memory too.
			if len(hits) != 3-tt.wantCalls {
				t.Fatalf("OnHit told of %d hits, want %d", len(hits), 3-tt.wantCalls)
			}
			for _, p := range hits {
				if p != saboresv1connect.CatalogServiceListProductsProcedure {
					t.Errorf("OnHit got procedure %q", p)
				}
			}
		})
	}
}

// TestMiddlewareKeysByEncoding: a client that takes gzip and one that does
// not get their own stored answers; an invalidation drops both.
func TestMiddlewareKeysByEncoding(t *testing.T) {
	t.Parallel()
	cache := cataloguecache.New(cataloguecache.Options{})
	cache.SetLive(true)
	next := &countingHandler{status: 200}
	h := cache.Middleware(next)
	path := saboresv1connect.CatalogServiceGetProductProcedure + "?encoding=json&message=%7B%22id%22%3A1%7D"
	get := func(encoding string) string {
		req := httptest.NewRequest("GET", path, nil)
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Body.String()
	}
	if got := get("gzip"); !strings.Contains(got, "gzip") {
		t.Fatalf("gzip client got %s", got)
	}
	if got := get(""); strings.Contains(got, "gzip") {
		t.Fatalf("plain client got the gzip client's answer: %s", got)
	}
	get("gzip")
	get("")
	if next.calls != 2 {
		t.Fatalf("service called %d times, want 2", next.calls)
	}
	cache.Invalidate()
	get("gzip")
	if next.calls != 3 {
		t.Fatalf("service called %d times after Invalidate, want 3", next.calls)
	}
}

// TestMiddlewareCoalescesMisses: when an entry is missing under load, the
// requests for it wait for one computation instead of each running it.
func TestMiddlewareCoalescesMisses(t *testing.T) {
	t.Parallel()
	cache := cataloguecache.New(cataloguecache.Options{})
	cache.SetLive(true)
	var calls atomic.Int32
	release := make(chan struct{})
	h := cache.Middleware(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		calls.Add(1)
		<-release
		_, _ = io.WriteString(w, "{}")
	}))
	path := saboresv1connect.CatalogServiceListCountriesProcedure + "?encoding=json&message=%7B%7D"
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
			if rec.Code != http.StatusOK || rec.Body.String() != "{}" {
				t.Errorf("got %d %q", rec.Code, rec.Body.String())
			}
		})
	}
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("20 concurrent misses ran the service %d times, want 1", n)
	}
}

// TestMiddlewareHitHasTheMissHeaders: a hit answers with the same headers
// as the miss it repeats, those of the layers around the cache (which it
// does not store, as they set them again) and those of the service.
func TestMiddlewareHitHasTheMissHeaders(t *testing.T) {
	t.Parallel()
	cache := cataloguecache.New(cataloguecache.Options{})
	cache.SetLive(true)
	service := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Frame-Options", "SAMEORIGIN") // overrides the outer value
		_, _ = io.WriteString(w, "{}")
	})
	outer := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Security-Policy", "default-src 'self'")
			w.Header().Set("X-Frame-Options", "DENY")
			next.ServeHTTP(w, r)
		})
	}
	h := outer(cache.Middleware(service))
	path := saboresv1connect.CatalogServiceListCountriesProcedure + "?encoding=json&message=%7B%7D"
	var got []http.Header
	for range 2 {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		got = append(got, rec.Header())
	}
	if hits, _ := cache.Stats(); hits != 1 {
		t.Fatalf("hits = %d, want 1", hits)
	}
	want := http.Header{
		"Content-Type":            {"application/json"},
		"Content-Security-Policy": {"default-src 'self'"},
		"X-Frame-Options":         {"SAMEORIGIN"},
	}
	// A hit also states its length, which net/http adds to a short miss
	// itself (the recorder does not) and would otherwise chunk.
	if cl := got[1].Get("Content-Length"); cl != "2" {
		t.Errorf("hit Content-Length = %q, want 2", cl)
	}
	got[1].Del("Content-Length")
	for i, h := range got {
		if !reflect.DeepEqual(h, want) {
			t.Errorf("answer %d headers = %v, want %v", i+1, h, want)
		}
	}
}

// TestMiddlewareServesStaleWhileRevalidating: past its TTL an answer is
// still served at once while one background call computes the new one;
// past twice the TTL, or once a change is announced, it is not.
func TestMiddlewareServesStaleWhileRevalidating(t *testing.T) {
	t.Parallel()
	// Long enough that a loaded machine still asks within the stale window.
	const ttl = time.Second
	cache := cataloguecache.New(cataloguecache.Options{TTL: ttl})
	cache.SetLive(true)
	var version atomic.Int32
	release := make(chan struct{}, 10)
	h := cache.Middleware(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		v := version.Add(1)
		if v > 1 {
			<-release // recomputations wait until the test lets them finish
		}
		_, _ = io.WriteString(w, strconv.Itoa(int(v)))
	}))
	path := saboresv1connect.CatalogServiceListCountriesProcedure + "?encoding=json&message=%7B%7D"
	get := func() string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		return rec.Body.String()
	}
	if got := get(); got != "1" {
		t.Fatalf("first answer %q", got)
	}
	time.Sleep(ttl + 20*time.Millisecond)
	// Expired: served stale at once, however many ask, with one recomputation.
	for range 5 {
		if got := get(); got != "1" {
			t.Fatalf("stale answer %q, want 1", got)
		}
	}
	release <- struct{}{}
	deadline := time.Now().Add(2 * time.Second)
	for get() != "2" {
		if time.Now().After(deadline) {
			t.Fatal("the recomputed answer never came")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if v := version.Load(); v != 2 {
		t.Fatalf("service called %d times, want 2 (one recomputation)", v)
	}

	// Past twice the TTL the caller waits for a fresh answer.
	time.Sleep(2*ttl + 20*time.Millisecond)
	release <- struct{}{}
	if got := get(); got != "3" {
		t.Fatalf("answer long after expiry %q, want the fresh 3", got)
	}
	// An announced change drops it: the next caller waits too.
	cache.Invalidate()
	release <- struct{}{}
	if got := get(); got != "4" {
		t.Fatalf("answer after a change %q, want the fresh 4", got)
	}
}

// TestMiddlewareKeepsConnectPosts: an integrator's Connect POST of a public
// read is answered from memory once its exact bytes were answered with 200;
// anything the handler would judge differently (another body or content
// type, an API key, a compressed body, a bad protocol version or timeout, a
// large body) reaches the service every time, and the service reads the
// body it was sent.
func TestMiddlewareKeepsConnectPosts(t *testing.T) {
	t.Parallel()
	large := `{"query":"` + strings.Repeat("a", 5000) + `"}`
	tests := []struct {
		name      string
		body      string
		header    map[string]string
		chunked   bool // sent without a length
		wantCalls int
	}{
		{name: "the same JSON body is answered once", body: `{"category":"bebidas"}`, wantCalls: 1},
		{name: "a body without a declared length too", body: `{"category":"bebidas"}`, chunked: true, wantCalls: 1},
		{name: "an empty body too", body: ``, wantCalls: 1},
		{name: "binary bodies too", body: "\x0a\x07bebidas", header: map[string]string{"Content-Type": "application/proto"}, wantCalls: 1},
		{name: "an API key is always checked", body: `{}`, header: map[string]string{"Authorization": "Bearer sab_revoked"}, wantCalls: 3},
		{name: "a compressed body reaches the service", body: `{}`, header: map[string]string{"Content-Encoding": "gzip"}, wantCalls: 3},
		{name: "an unknown protocol version reaches the service", body: `{}`, header: map[string]string{"Connect-Protocol-Version": "2"}, wantCalls: 3},
		{name: "a malformed timeout reaches the service", body: `{}`, header: map[string]string{"Connect-Timeout-Ms": "soon"}, wantCalls: 3},
		{name: "a valid timeout does not change the answer", body: `{}`, header: map[string]string{"Connect-Timeout-Ms": "5000"}, wantCalls: 1},
		{name: "gRPC reaches the service", body: `{}`, header: map[string]string{"Content-Type": "application/grpc"}, wantCalls: 3},
		{name: "a large body reaches the service whole", body: large, wantCalls: 3},
		{name: "a large body without a declared length too", body: large, chunked: true, wantCalls: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cache := cataloguecache.New(cataloguecache.Options{})
			cache.SetLive(true)
			var calls int
			h := cache.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				calls++
				b, err := io.ReadAll(r.Body)
				if err != nil || string(b) != tt.body {
					t.Errorf("service read %d bytes (%v), want the %d sent", len(b), err, len(tt.body))
				}
				w.Header().Set("Content-Type", "application/json")
				_, _ = io.WriteString(w, `{"products":[]}`)
			}))
			for range 3 {
				var body io.Reader = strings.NewReader(tt.body)
				if tt.chunked {
					body = io.MultiReader(body)
				}
				req := httptest.NewRequest("POST", saboresv1connect.CatalogServiceSearchProductsProcedure, body)
				req.Header.Set("Content-Type", "application/json")
				for k, v := range tt.header {
					req.Header.Set(k, v)
				}
				sent := req.Body
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != 200 || rec.Body.String() != `{"products":[]}` {
					t.Fatalf("got %d %q", rec.Code, rec.Body.String())
				}
				// net/http looks at its request's body after the handler.
				if req.Body != sent {
					t.Fatal("the request's body was replaced")
				}
			}
			if calls != tt.wantCalls {
				t.Fatalf("service called %d times, want %d", calls, tt.wantCalls)
			}
		})
	}
}

// TestMiddlewareKeysPostsByBody: two bodies get two answers, a GET of the
// same message its own, and an invalidation drops them all.
func TestMiddlewareKeysPostsByBody(t *testing.T) {
	t.Parallel()
	cache := cataloguecache.New(cataloguecache.Options{})
	cache.SetLive(true)
	var calls int
	h := cache.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		b, _ := io.ReadAll(r.Body)
		_, _ = io.WriteString(w, r.Method+string(b))
	}))
	call := func(method, body string) string {
		req := httptest.NewRequest(method, saboresv1connect.CatalogServiceGetProductProcedure, strings.NewReader(body))
		if method == "GET" {
			req = httptest.NewRequest(method, saboresv1connect.CatalogServiceGetProductProcedure+"?encoding=json&message="+body, nil)
		}
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Body.String()
	}
	for range 2 {
		for _, c := range []struct{ method, body, want string }{
			{"POST", `{"id":1}`, `POST{"id":1}`},
			{"POST", `{"id":2}`, `POST{"id":2}`},
			{"GET", `{"id":1}`, `GET`},
		} {
			if got := call(c.method, c.body); got != c.want {
				t.Fatalf("%s %s answered %q, want %q", c.method, c.body, got, c.want)
			}
		}
	}
	if calls != 3 {
		t.Fatalf("service called %d times, want 3", calls)
	}
	cache.Invalidate()
	call("POST", `{"id":1}`)
	if calls != 4 {
		t.Fatalf("service called %d times after Invalidate, want 4", calls)
	}
}

// TestMiddlewareGetWithAPIKeyReachesTheService: a GET carrying an API key
// is never answered from memory, so a revoked key is refused there too.
func TestMiddlewareGetWithAPIKeyReachesTheService(t *testing.T) {
	t.Parallel()
	cache := cataloguecache.New(cataloguecache.Options{})
	cache.SetLive(true)
	next := &countingHandler{status: 200}
	h := cache.Middleware(next)
	path := saboresv1connect.CatalogServiceListCountriesProcedure + "?encoding=json&message=%7B%7D"
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
	for range 2 {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "Bearer sab_revoked")
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	if next.calls != 3 {
		t.Fatalf("service called %d times, want 3", next.calls)
	}
}
