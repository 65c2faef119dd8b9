package catalogcache

import (
	"bytes"
	"context"
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

// page is a stored HTTP response.
type page struct {
	header  http.Header
	body    []byte
	expires time.Time
}

// Middleware answers repeated GET requests for the public catalogue reads
// with the bytes of an earlier answer, already encoded (and compressed when
// the client accepts gzip), so a hit costs no decoding, validation, encoding
// or compression. Requests differ by URL (procedure and message), accepted
// encoding and Origin (the CORS headers depend on it). Only 200 answers are
// kept, never a Set-Cookie. The same notifications drop these as the
// message cache.
//
// An answer past its TTL is still served for one more TTL while a single
// request in the background computes it again (stale-while-revalidate): its
// TTL only bounds the staleness of stock counts, which no notification
// announces, and without this every popular page made its callers wait for
// the database once per TTL, all at the same moment. A change that is
// announced drops every answer at once, stale or not.
func (c *Cache) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || !cachedProcedures[r.URL.Path] {
			next.ServeHTTP(w, r)
			return
		}
		gzip := strings.Contains(r.Header.Get("Accept-Encoding"), "gzip")
		key := r.URL.Path + "?" + r.URL.RawQuery + "\x00" + r.Header.Get("Origin")
		if gzip {
			key += "\x00gzip"
		}
		now := time.Now()
		for attempt := 0; ; attempt++ {
			c.mu.RLock()
			p, ok := c.pages[key]
			c.mu.RUnlock()
			if ok && now.Before(p.expires) {
				c.serve(w, r, p, now)
				return
			}
			if ok && now.Before(p.expires.Add(c.opts.TTL)) && c.feed.Live() {
				c.revalidate(r, key, next)
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
		c.compute(w, r, key, next)
	})
}

// serve writes the kept answer p.
func (c *Cache) serve(w http.ResponseWriter, r *http.Request, p page, now time.Time) {
	c.hits.Add(1)
	h := w.Header()
	for k, v := range p.header {
		h[k] = v
	}
	// Without a length, net/http would chunk any body over 2 KB.
	h["Content-Length"] = []string{strconv.Itoa(len(p.body))}
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
func (c *Cache) revalidate(r *http.Request, key string, next http.Handler) {
	done, _ := c.lead("http\x00" + key)
	if done == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), revalidateTimeout)
	bg := r.Clone(ctx)
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
		if k != "Date" && !slices.Equal(outer[k], v) {
			added[k] = slices.Clone(v)
		}
	}
	// The buffer grew by doubling; keep an exact copy.
	c.putPage(key, page{header: added, body: bytes.Clone(rec.body.Bytes()), expires: now.Add(c.opts.TTL)}, gen)
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

// Flush lets streaming handlers flush through the recorder.
func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
