package cataloguecache

import (
	"bytes"
	"context"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// DefaultMaxBytes caps the bytes of each kind of answer a Cache keeps.
// (16 MiB held all 20 000 product pages of ./task bench, and shopd's peak RSS
// stayed at 85 MB).
const DefaultMaxBytes = 16 << 20

// cachedProcedures are the public reads whose GET responses Middleware
// keeps: the same reads NewCatalog and NewPromotions cache.
var cachedProcedures = map[string]bool{
	saboresv1connect.CatalogServiceListProductsProcedure:           true,
	saboresv1connect.CatalogServiceGetProductProcedure:             true,
	saboresv1connect.CatalogServiceSearchProductsProcedure:         true,
	saboresv1connect.CatalogServiceListCountriesProcedure:          true,
	saboresv1connect.CatalogServiceListCategoriesProcedure:         true,
	saboresv1connect.PromotionServiceListActivePromotionsProcedure: true,
}

// Procedures are the reads Middleware answers from memory, before any
// interceptor: each must be public and free of side effects (a test in
// systemtest checks them against authz's policies and the contract).
func Procedures() []string { return slices.Sorted(maps.Keys(cachedProcedures)) }

// page is a stored HTTP response.
type page struct {
	header http.Header
	body   []byte
	// length is the Content-Length header's value, shared by every hit
	// (net/http only reads it).
	length  []string
	expires time.Time
}

// Middleware answers repeated requests for the public catalogue reads with
// the bytes of an earlier answer, already encoded (and compressed when the
// client accepts gzip), so a hit costs no decoding, validation, encoding or
// compression: a browser's Connect GET, and an integrator's Connect POST
// (unary, JSON or binary, its body read whole and made part of the key; see
// postKey). Requests differ by URL (procedure and message), accepted
// encoding and Origin (the CORS headers depend on it). Only 200 answers are
// kept, never a Set-Cookie. The same notifications drop these as the
// message cache.
//
// A hit skips the interceptors; why each one's work is not needed:
//   - Authentication (the session or API key lookup): these procedures
//     are Public (authz.Policy, checked by a test) and their answers are
//     the same for every caller: the catalogue services never read the
//     caller, the key holds no cookie, and an answer that set a cookie is
//     never kept. A request with an Authorization header is never answered
//     here, so a revoked or malformed API key is still refused. A session
//     near its renewal is renewed by the caller's next uncached call.
//   - Authorization: Public admits everyone; the origin check applies
//     only to calls with side effects, and these are marked NO_SIDE_EFFECTS.
//   - Validation (protovalidate): only an answer with status 200 is kept,
//     and the key holds the exact request bytes and their content type, so
//     a hit repeats a request that passed validation; a request that fails
//     it is never kept and reaches the validator every time.
//   - Deadlines, rate limits: a hit waits for nothing, and no rate limit
//     governs these reads (guard's limits are for orders and messages).
//   - Metrics: OnHit counts and times the hit; the request log line and the
//     security and CORS headers come from layers outside this one.
//
// An answer past its TTL is still served for one more TTL while a single
// request in the background computes it again (stale-while-revalidate): its
// TTL only bounds the staleness of stock counts, which no notification
// announces, and without this every popular page made its callers wait for
// the database once per TTL, all at the same moment. A change that is
// announced drops every answer at once, stale or not.
func (c *Cache) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !cachedProcedures[r.URL.Path] || r.Header.Get("Authorization") != "" {
			next.ServeHTTP(w, r)
			return
		}
		var body []byte
		// The key is built in a buffer on the stack: looking a hit up
		// allocates nothing (the map index converts it without a copy).
		var buf [512]byte
		k := buf[:0]
		switch r.Method {
		case http.MethodGet:
			k = append(append(append(k, r.URL.Path...), '?'), r.URL.RawQuery...)
		case http.MethodPost:
			var ok bool
			if k, body, ok = appendPostKey(k, r); !ok {
				next.ServeHTTP(w, withBody(r, body, true))
				return
			}
		default:
			next.ServeHTTP(w, r)
			return
		}
		k = append(append(k, 0), r.Header.Get("Origin")...)
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			k = append(k, "\x00gzip"...)
		}
		now := time.Now()
		var key string
		for attempt := 0; ; attempt++ {
			c.mu.RLock()
			p, ok := c.pages[string(k)]
			c.mu.RUnlock()
			if key == "" && (!ok || !now.Before(p.expires)) {
				key = string(k)
			}
			if ok && now.Before(p.expires) {
				c.serve(w, r, p, now)
				return
			}
			if ok && now.Before(p.expires.Add(c.opts.TTL)) && c.feed.Live() {
				c.revalidate(r, body, key, next)
				c.serve(w, r, p, now)
				return
			}
			if attempt > 0 || !c.feed.Live() {
				break
			}
			if done := c.join(r.Context(), "http\x00"+key); done != nil {
				defer done()
				break
			}
		}
		c.compute(w, withBody(r, body, false), key, next)
	})
}

// maxPostKeyBytes caps the body of a POST read that Middleware keeps: the
// catalogue's requests are a few dozen bytes; a larger body passes through.
const maxPostKeyBytes = 4 << 10

// appendPostKey reads the body of a Connect unary POST r and appends the
// key of its answer to k; body is what it read, which r's handler must be
// given (withBody) since r's own body is spent. ok is false for what
// Middleware leaves to the handler: other protocols (gRPC, gRPC-Web),
// compressed bodies, bodies over maxPostKeyBytes, and any header the
// Connect handler would judge that is not a known good value (a malformed
// timeout or protocol version is refused there, every time).
//
// A body of declared length is read into a buffer of that length: net/http
// ends it there (and http2 refuses a longer one), so nothing is left
// unread, and a hit allocates a few dozen bytes where io.ReadAll's first
// buffer is 512.
func appendPostKey(k []byte, r *http.Request) (key, body []byte, ok bool) {
	ct := r.Header.Get("Content-Type")
	if ct != "application/json" && ct != "application/proto" {
		return k, nil, false
	}
	if r.Header.Get("Content-Encoding") != "" {
		return k, nil, false
	}
	if v := r.Header.Get("Connect-Protocol-Version"); v != "" && v != "1" {
		return k, nil, false
	}
	if t := r.Header.Get("Connect-Timeout-Ms"); t != "" && (len(t) > 10 || strings.Trim(t, "0123456789") != "") {
		return k, nil, false
	}
	if r.ContentLength > maxPostKeyBytes {
		return k, nil, false
	}
	var err error
	switch {
	case r.Body == http.NoBody:
	case r.ContentLength >= 0:
		body = make([]byte, r.ContentLength)
		var n int
		n, err = io.ReadFull(r.Body, body)
		body = body[:n]
	default:
		body, err = io.ReadAll(io.LimitReader(r.Body, maxPostKeyBytes+1))
	}
	if err != nil || len(body) > maxPostKeyBytes {
		return k, body, false
	}
	if body != nil {
		_ = r.Body.Close()
	}
	k = append(append(append(append(append(k, "POST\x00"...), r.URL.Path...), 0), ct...), 0)
	return append(k, body...), body, true
}

// withBody is r for the handler once appendPostKey read body from it: a
// copy (net/http's own request must keep the body it made: it looks at it
// after the handler) that reads body again, followed, when rest, by what
// r's body still holds (a body passed through unkept, so the handler
// answers or fails exactly as it would have). Without a body read (a GET,
// an empty POST) it is r.
func withBody(r *http.Request, body []byte, rest bool) *http.Request {
	if body == nil {
		return r
	}
	c := r.WithContext(r.Context())
	if rest {
		c.Body = readCloser{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
	} else {
		c.Body = io.NopCloser(bytes.NewReader(body))
	}
	return c
}

// readCloser reads from one reader and closes another.
type readCloser struct {
	io.Reader
	io.Closer
}

// serve writes the kept answer p.
func (c *Cache) serve(w http.ResponseWriter, r *http.Request, p page, now time.Time) {
	c.hits.Add(1)
	h := w.Header()
	for k, v := range p.header {
		h[k] = v
	}
	// Without a length, net/http would chunk any body over 2 KB.
	h["Content-Length"] = p.length
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(p.body)
	if c.opts.OnHit != nil {
		c.opts.OnHit(r.URL.Path, now)
	}
}

// revalidateTimeout bounds a background recomputation.
const revalidateTimeout = 10 * time.Second

// revalidate computes key's answer again in the background, unless that is
// already under way. The request is cloned onto a context of its own, not
// the caller's: the caller is answered from the stale page and may hang up
// at once, and what its context carries (its log record, which the
// interceptors fill in) belongs to its own request.
//
// body is a POST's request body (nil for GET), read again by the clone.
func (c *Cache) revalidate(r *http.Request, body []byte, key string, next http.Handler) {
	done, _ := c.lead("http\x00" + key)
	if done == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), revalidateTimeout)
	bg := r.Clone(ctx)
	if body != nil {
		bg.Body = io.NopCloser(bytes.NewReader(body))
	}
	go func() {
		defer done()
		defer cancel()
		c.compute(discard{header: http.Header{}}, bg, key, next)
	}()
}

// compute calls next, passing its answer through to w, and keeps it.
func (c *Cache) compute(w http.ResponseWriter, r *http.Request, key string, next http.Handler) {
	now := time.Now()
	gen := c.feed.Generation()
	// The layers around this one (security headers, CORS) set theirs
	// before it runs, on hits too: a page keeps only what next adds.
	outer := w.Header().Clone()
	rec := &recorder{ResponseWriter: w, status: http.StatusOK}
	next.ServeHTTP(rec, r)
	if rec.status != http.StatusOK || rec.overflow || rec.Header().Get("Set-Cookie") != "" {
		return
	}
	added := http.Header{}
	for k, v := range rec.Header() {
		// Connect's Accept-Encoding (the compressions the server takes in
		// requests) is optional in the protocol, and a hit's caller has no
		// use for it: its request went uncompressed (appendPostKey passes the
		// others through) and every uncached answer repeats it. Leaving it
		// out keeps a hit's header map within one group of Go's map (8
		// entries), which net/http then clones and sorts on every hit.
		if k != "Date" && k != "Accept-Encoding" && !slices.Equal(outer[k], v) {
			added[k] = slices.Clone(v)
		}
	}
	// The buffer grew by doubling; keep an exact copy.
	body := bytes.Clone(rec.body.Bytes())
	c.putPage(key, page{header: added, body: body, length: []string{strconv.Itoa(len(body))}, expires: now.Add(c.opts.TTL)}, gen)
}

// discard is the ResponseWriter of a background recomputation: nobody
// waits for its answer but the cache.
type discard struct{ header http.Header }

func (d discard) Header() http.Header       { return d.header }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}

// headerKey is a canonical form of h, to share one copy of each distinct
// set of headers among the pages (thousands of pages, a handful of sets).
func headerKey(h http.Header) string {
	keys := slices.Sorted(maps.Keys(h))
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k)
		for _, v := range h[k] {
			b.WriteByte(0)
			b.WriteString(v)
		}
		b.WriteByte(1)
	}
	return b.String()
}

func (c *Cache) putPage(key string, p page, gen uint64) {
	if !c.feed.Live() {
		return
	}
	size := len(p.body) + len(key)
	hk := headerKey(p.header)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.feed.Generation() != gen {
		return
	}
	if shared, ok := c.headers[hk]; ok {
		p.header = shared
	} else {
		c.headers[hk] = p.header
	}
	for k, old := range c.pages {
		if c.pageBytes+size <= c.opts.MaxBytes {
			break
		}
		c.pageBytes -= len(old.body) + len(k)
		delete(c.pages, k)
	}
	if old, ok := c.pages[key]; ok {
		c.pageBytes -= len(old.body) + len(key)
	}
	c.pages[key] = p
	c.pageBytes += size
}

// maxPageBytes is the largest answer kept; a bigger one is passed through.
const maxPageBytes = 1 << 20

// recorder passes a response through while keeping a copy of its body.
type recorder struct {
	http.ResponseWriter
	status   int
	body     bytes.Buffer
	overflow bool
}

func (r *recorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if !r.overflow {
		if r.body.Len()+len(b) > maxPageBytes {
			r.overflow = true
			r.body = bytes.Buffer{}
		} else {
			r.body.Write(b)
		}
	}
	return r.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController, and server's request log, reach
// the ResponseWriter the recorder passes the response to.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Flush lets streaming handlers flush through the recorder.
func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
