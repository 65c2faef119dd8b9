// Package cataloguecache keeps the storefront's public catalogue reads
// (listings, product pages, search, country tiles, promotions) in memory, so
// a popular page costs one map lookup instead of three queries.
//
// shopd stays stateless: every replica has its own cache, and PostgreSQL
// tells all of them when something a shopper sees changes (the triggers of
// migration 00030 NOTIFY the channel catalog_changed), whereupon each drops
// everything it holds (the changefeed package listens and tells it). While
// the listener is not connected nothing is cached,
// so a replica never serves a change it may have missed. Entries also expire
// after a short time, which bounds what no trigger announces: promotions
// starting or ending as the clock moves, and exact stock counts.
package cataloguecache

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sabores/sabores/backend/internal/changefeed"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
)

// Defaults of Options.
const (
	DefaultTTL    = 15 * time.Second
	DefaultMaxAge = 5 * time.Second
)

// Options tune a Cache.
type Options struct {
	// TTL is how long an entry is served; 0 uses DefaultTTL.
	TTL time.Duration
	// MaxBytes caps the bytes kept of each kind of answer: the encoded GET
	// answers of Middleware, and the messages kept for other calls (POST,
	// gRPC), counted by their encoded size; 0 uses DefaultMaxBytes.
	MaxBytes int
	// MaxAge is the Cache-Control max-age of public reads sent over GET, so
	// browsers and CDNs reuse them; 0 uses DefaultMaxAge, negative sends none.
	MaxAge time.Duration
	// Feed tells the cache when the catalogue changed and whether changes
	// are heard; nil uses a feed that is never live (nothing is cached).
	Feed *changefeed.Feed
	// OnHit, when set, is told of every answer Middleware serves from memory,
	// which no interceptor sees, so metrics still count and time those calls.
	OnHit func(procedure string, start time.Time)
}

// Cache holds responses of catalogue reads until the catalogue changes.
type Cache struct {
	opts Options

	mu         sync.RWMutex
	entries    map[string]entry
	entryBytes int
	pages      map[string]page
	pageBytes  int
	// headers holds one copy of each distinct set of page headers.
	headers map[string]http.Header
	// feed's generation moves on every change: a response computed while
	// the catalogue changed is not stored, as it may predate the change.
	feed *changefeed.Feed

	hits, misses atomic.Uint64

	// flights are the misses being computed, by key: concurrent requests
	// for the same key wait for the first instead of all running the same
	// queries (when an entry expires under load, hundreds would).
	fmu     sync.Mutex
	flights map[string]chan struct{}
}

// lead makes the caller the one computing key and returns the function to
// call when done; when another caller already is, it returns nil and that
// computation's channel, closed once it is done.
func (c *Cache) lead(key string) (done func(), wait <-chan struct{}) {
	c.fmu.Lock()
	defer c.fmu.Unlock()
	if ch, busy := c.flights[key]; busy {
		return nil, ch
	}
	ch := make(chan struct{})
	c.flights[key] = ch
	return func() {
		c.fmu.Lock()
		delete(c.flights, key)
		c.fmu.Unlock()
		close(ch)
	}, nil
}

// join makes the caller the one computing key, returning a function to call
// when done; or, when another caller already is, waits for it (or for ctx)
// and returns nil, so the caller looks the key up again.
func (c *Cache) join(ctx context.Context, key string) (done func()) {
	done, wait := c.lead(key)
	if done != nil {
		return done
	}
	select {
	case <-wait:
	case <-ctx.Done():
	}
	return nil
}

type entry struct {
	msg proto.Message
	// size is what it counts against MaxBytes: its key and encoded message.
	size    int
	expires time.Time
}

// New returns a cache that stores nothing until its feed is live.
func New(opts Options) *Cache {
	if opts.TTL == 0 {
		opts.TTL = DefaultTTL
	}
	if opts.MaxBytes == 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	if opts.MaxAge == 0 {
		opts.MaxAge = DefaultMaxAge
	}
	if opts.Feed == nil {
		opts.Feed = changefeed.New(nil)
	}
	c := &Cache{opts: opts, feed: opts.Feed, entries: map[string]entry{}, pages: map[string]page{}, headers: map[string]http.Header{}, flights: map[string]chan struct{}{}}
	c.feed.Subscribe(c.drop)
	return c
}

// Invalidate announces a change on the cache's feed, which drops every
// entry (and tells the feed's other subscribers).
func (c *Cache) Invalidate() { c.feed.Changed() }

// drop forgets every entry; the feed calls it on every change.
func (c *Cache) drop() {
	c.mu.Lock()
	clear(c.entries)
	c.entryBytes = 0
	clear(c.pages)
	clear(c.headers)
	c.pageBytes = 0
	c.mu.Unlock()
}

// Stats reports the hits and misses so far.
func (c *Cache) Stats() (hits, misses uint64) { return c.hits.Load(), c.misses.Load() }

func (c *Cache) get(key string, now time.Time) (proto.Message, bool) {
	c.mu.RLock()
	e, ok := c.entries[key]
	c.mu.RUnlock()
	if !ok || now.After(e.expires) {
		return nil, false
	}
	return e.msg, true
}

func (c *Cache) put(key string, msg proto.Message, gen uint64, now time.Time) {
	if !c.feed.Live() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	// Checked under the lock drop takes, so a change announced after
	// this response was computed can never leave it behind.
	if c.feed.Generation() != gen {
		return
	}
	size := proto.Size(msg) + len(key)
	if old, ok := c.entries[key]; ok {
		c.entryBytes -= old.size
		delete(c.entries, key)
	}
	// Map order is random enough to drop a fair sample of old keys.
	for k, old := range c.entries {
		if c.entryBytes+size <= c.opts.MaxBytes {
			break
		}
		c.entryBytes -= old.size
		delete(c.entries, k)
	}
	c.entries[key] = entry{msg: msg, size: size, expires: now.Add(c.opts.TTL)}
	c.entryBytes += size
}

// cached answers req from the cache, or calls next and keeps its answer.
// Errors are never kept. The key is the procedure and the request message in
// deterministic binary form, so JSON, binary, GET and POST share entries.
func cached[Req, Res any](c *Cache, ctx context.Context, req *connect.Request[Req],
	next func(context.Context, *connect.Request[Req]) (*connect.Response[Res], error),
) (*connect.Response[Res], error) {
	msg, ok := any(req.Msg).(proto.Message)
	if !ok {
		return next(ctx, req)
	}
	body, err := proto.MarshalOptions{Deterministic: true}.Marshal(msg)
	if err != nil {
		return next(ctx, req)
	}
	key := req.Spec().Procedure + "\x00" + string(body)
	now := time.Now()
	for attempt := 0; ; attempt++ {
		if hit, ok := c.get(key, now); ok {
			c.hits.Add(1)
			res := connect.NewResponse(any(hit).(*Res))
			c.setHeaders(req, res.Header())
			return res, nil
		}
		if attempt > 0 || !c.feed.Live() {
			break
		}
		if done := c.join(ctx, key); done != nil {
			defer done()
			break
		}
	}
	c.misses.Add(1)
	gen := c.feed.Generation()
	res, err := next(ctx, req)
	if err != nil {
		return nil, err
	}
	// A GET answer is kept encoded by Middleware; keeping its message as
	// well would double the memory for nothing.
	if m, ok := any(res.Msg).(proto.Message); ok && req.HTTPMethod() != "GET" {
		c.put(key, m, gen, now)
	}
	c.setHeaders(req, res.Header())
	return res, nil
}

// setHeaders lets browsers and shared caches keep a public read fetched over
// GET (Connect's cacheable form of NO_SIDE_EFFECTS calls) for MaxAge.
func (c *Cache) setHeaders(req interface{ HTTPMethod() string }, h map[string][]string) {
	if c.opts.MaxAge < 0 || req.HTTPMethod() != "GET" {
		return
	}
	secs := int(c.opts.MaxAge / time.Second)
	h["Cache-Control"] = []string{"public, max-age=" + strconv.Itoa(secs)}
}
