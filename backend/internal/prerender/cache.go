package prerender

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"
)

// A render takes from tens of milliseconds to seconds on a loaded machine,
// so no request waits for one. Get answers from the cache at once: a page
// rendered since the catalogue's last change; else the last page rendered,
// however old (a price changed a moment ago shows in the app as soon as it
// hydrates and asks); else nothing, and the caller serves the app's empty
// shell. Either of the last two queues a render, once per page however many
// requests ask, on a bounded queue that drops what it cannot hold.
//
// A change does not wait for a visitor either (issue 38: a price, a stock
// badge or the shop's details stayed old in the HTML for minutes under
// churn, a page re-rendered only once asked for and then behind every other
// page asked for). When the feed announces a change, the pages asked for
// lately are queued again at once, most recently asked first, so the HTML
// follows the change within seconds on every replica (each hears the
// NOTIFY); a page asked for while it waits there goes ahead of them.

// Renderer renders pages one at a time; the cache's workers own one each.
type Renderer interface {
	Render(ctx context.Context, url, language string) (Page, error)
}

// Generations tells the cache when the catalogue changed:
// *changefeed.Feed is one.
type Generations interface {
	Generation() uint64
	Live() bool
}

// Subscriber is a feed that calls fn after every change, the generation
// already moved (*changefeed.Feed is one): a cache whose Feed is one
// renders its recent pages again as soon as a change is heard.
type Subscriber interface {
	Subscribe(fn func())
}

// Options configure a Cache.
type Options struct {
	// NewRenderer makes one worker's renderer.
	NewRenderer func() (Renderer, error)
	// Feed moves on each catalogue change; nil treats every page as current
	// until MaxAge.
	Feed Generations
	// Workers render side by side (1 when 0): each holds a JavaScript runtime.
	Workers int
	// Queue is how many renders may wait (64 when 0), asked for and
	// refreshed after a change each; more are dropped.
	Queue int
	// Recent is how long after it was last asked for a page is rendered
	// again on a change without waiting to be asked (a minute when 0: with
	// ten, every page a visitor walked in that time was rendered again on
	// each change, which under a stream of changes kept the renderers busy
	// and left the pages asked for now waiting).
	Recent time.Duration
	// MaxEntries bounds the pages kept (2 000 when 0); the oldest go first.
	MaxEntries int
	// MaxAge re-renders a page this old even without a change (5 minutes
	// when 0): the shop's details in the footer are not in the feed.
	MaxAge time.Duration
	// KeepFresh is how long after it was last asked for a page is rendered
	// again before it reaches MaxAge (30 minutes when 0). Past MaxAge a page
	// goes out marked stale, and the browser then asks for all its data
	// again and hydrates all of it at once, the slowest way a page loads
	// (issue 36): in a shop of few visitors that was most visits, each the
	// first in five minutes.
	KeepFresh time.Duration
	// Timeout bounds one render (30 s when 0): a render takes about half a
	// second of CPU, but seconds on a loaded machine. A page that runs out
	// of it gets twice as long the next time, up to slowest × Timeout: on
	// a machine loaded enough that the heaviest page (/todos) took longer
	// than Timeout in a fresh runtime, every attempt was cut off and began
	// again in a fresh runtime, so that page never had content again.
	Timeout time.Duration
	// IdleAfter is how long a worker keeps its renderer with nothing to
	// render (a minute when 0). A renderer holds the compiled server bundle
	// and a JavaScript runtime, about 25 MB of live heap: kept for good, it
	// made every garbage collection of shopd's mark that much more and,
	// under MEMORY_LIMIT_MIB, run several times as often, which tripled the
	// CPU of a cached API read (bench/README.md, issue 19).
	IdleAfter time.Duration
	// Logger logs failed renders; nil uses slog.Default().
	Logger *slog.Logger
	// Renderers, when not nil, is told how many renderers are alive each
	// time that changes (shopd makes room for them under its memory limit).
	Renderers func(alive int)
}

// key is one page in one language.
type key struct{ url, language string }

type entry struct {
	page     Page
	gen      uint64
	rendered time.Time
	// asked is when the page was last asked for.
	asked time.Time
}

// Stats count what the cache did, for tests and metrics.
type Stats struct {
	Hits, Stale, Misses, Rendered, Failed, Dropped uint64
	// Refreshed counts the renders queued by a change, not a request;
	// Renewed those queued because a page asked for lately was growing old.
	Refreshed, Renewed uint64
	// Renderers counts the renderers made, Released those let go when idle.
	Renderers, Released uint64
}

// Cache keeps rendered pages.
type Cache struct {
	opts Options
	// queue holds the renders requests asked for, refresh those a change
	// queued; a worker takes from queue first.
	queue, refresh chan key

	mu      sync.Mutex
	entries map[key]*entry
	order   []key
	// queued are the pages waiting on either queue, asked those on queue,
	// rendering those a worker took.
	queued, asked, rendering map[key]bool
	// deadline is how long the next render of a page that ran out of
	// time gets: twice what it had, up to slowest.
	deadline map[key]time.Duration
	stats    Stats
	now      func() time.Time
}

// NewCache returns a cache; Run starts its workers.
func NewCache(opts Options) *Cache {
	if opts.Workers <= 0 {
		opts.Workers = 1
	}
	if opts.Queue <= 0 {
		opts.Queue = 64
	}
	if opts.MaxEntries <= 0 {
		opts.MaxEntries = 2000
	}
	if opts.MaxAge <= 0 {
		opts.MaxAge = 5 * time.Minute
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 30 * time.Second
	}
	if opts.IdleAfter <= 0 {
		opts.IdleAfter = time.Minute
	}
	if opts.Recent <= 0 {
		opts.Recent = time.Minute
	}
	if opts.KeepFresh <= 0 {
		opts.KeepFresh = 30 * time.Minute
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	c := &Cache{
		opts:      opts,
		queue:     make(chan key, opts.Queue),
		refresh:   make(chan key, opts.Queue),
		entries:   map[key]*entry{},
		queued:    map[key]bool{},
		asked:     map[key]bool{},
		rendering: map[key]bool{},
		deadline:  map[key]time.Duration{},
		now:       time.Now,
	}
	if sub, ok := opts.Feed.(Subscriber); ok {
		sub.Subscribe(c.Refresh)
	}
	return c
}

// Refresh queues a render of every page asked for within Recent whose
// render is out of date, the most recently asked first, behind the pages
// requests asked for. The feed calls it on each change.
func (c *Cache) Refresh() {
	gen := c.generation()
	c.mu.Lock()
	defer c.mu.Unlock()
	since := c.now().Add(-c.opts.Recent)
	c.refreshLocked(&c.stats.Refreshed, func(e *entry) bool { return e.gen != gen && e.asked.After(since) })
}

// Renew queues a render of every page asked for within KeepFresh that is
// three quarters of MaxAge old or older, as Refresh does; Run calls it every
// quarter of MaxAge, so such a page is rendered again before it goes out
// stale.
func (c *Cache) Renew() {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	c.refreshLocked(&c.stats.Renewed, func(e *entry) bool {
		return now.Sub(e.rendered) >= c.opts.MaxAge*3/4 && now.Sub(e.asked) < c.opts.KeepFresh
	})
}

// refreshLocked queues on the refresh queue the pages not queued yet that
// due says are due, the most recently asked first, counting each in
// counter, until the queue is full.
func (c *Cache) refreshLocked(counter *uint64, due func(e *entry) bool) {
	var keys []key
	for k, e := range c.entries {
		if !c.queued[k] && due(e) {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b key) int { return c.entries[b].asked.Compare(c.entries[a].asked) })
	for _, k := range keys {
		select {
		case c.refresh <- k:
			c.queued[k] = true
			*counter++
		default:
			c.stats.Dropped++
			return
		}
	}
}

func (c *Cache) generation() uint64 {
	if c.opts.Feed == nil {
		return 0
	}
	return c.opts.Feed.Generation()
}

// Get returns the page at url (a path, canonical) in language, if one was
// rendered, and queues a render when there is none or it is out of date;
// current is false for a page out of date (whose data the browser must ask
// for again).
func (c *Cache) Get(url, language string) (page Page, current, ok bool) {
	k := key{url, language}
	gen := c.generation()
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[k]
	if ok {
		e.asked = c.now()
	}
	switch {
	case !ok:
		c.stats.Misses++
		c.enqueueLocked(k)
		return Page{}, false, false
	case e.gen != gen || c.now().Sub(e.rendered) > c.opts.MaxAge ||
		(c.opts.Feed != nil && !c.opts.Feed.Live()):
		c.stats.Stale++
		c.enqueueLocked(k)
		return e.page, false, true
	default:
		c.stats.Hits++
		return e.page, true, true
	}
}

// enqueueLocked queues a render a request asked for: one waiting on the
// refresh queue is queued here too, to go ahead of the rest there.
func (c *Cache) enqueueLocked(k key) {
	if c.asked[k] {
		return
	}
	select {
	case c.queue <- k:
		c.queued[k] = true
		c.asked[k] = true
	default:
		c.stats.Dropped++
	}
}

// next waits for a page to render, a requested one first, and reports
// whether one came before ctx ended or idle fired; a page already rendered
// or being rendered from the other queue is passed over.
func (c *Cache) next(ctx context.Context, idle <-chan time.Time) (k key, ok, timedOut bool) {
	for {
		select {
		case k = <-c.queue:
		default:
			select {
			case <-ctx.Done():
				return key{}, false, false
			case <-idle:
				return key{}, false, true
			case k = <-c.queue:
			case k = <-c.refresh:
			}
		}
		c.mu.Lock()
		take := c.queued[k] && !c.rendering[k]
		if take {
			c.rendering[k] = true
		}
		c.mu.Unlock()
		if take {
			return k, true, false
		}
	}
}

// Stats returns the counts so far.
func (c *Cache) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// Run renders queued pages until ctx ends. A worker makes its renderer
// when a page is first queued and lets it go after IdleAfter without one;
// a worker whose renderer cannot be made logs why and stops: pages are then
// served as the app's shell. Every quarter of MaxAge it renews the pages
// asked for lately (Renew).
func (c *Cache) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for range c.opts.Workers {
		wg.Go(func() { c.work(ctx) })
	}
	wg.Go(func() {
		tick := time.NewTicker(c.opts.MaxAge / 4)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				c.Renew()
			}
		}
	})
	wg.Wait()
}

func (c *Cache) work(ctx context.Context) {
	var r Renderer
	for {
		var idle <-chan time.Time
		if r != nil {
			idle = time.After(c.opts.IdleAfter)
		}
		k, ok, timedOut := c.next(ctx, idle)
		switch {
		case timedOut:
			// The collector takes the runtime and its compiled bundle.
			r = nil
			c.released()
		case !ok:
			return
		default:
			if r == nil {
				var err error
				if r, err = c.opts.NewRenderer(); err != nil {
					c.opts.Logger.Error("prerender: no renderer, pages go out without content", "err", err)
					return
				}
				c.made()
			}
			began := time.Now()
			if err := c.render(ctx, r, k); err != nil {
				// A render cut off by its deadline leaves its runtime in the
				// middle of the app's code (a render's state, chunks half
				// loaded): every later render in it then never settled, so a
				// loaded machine's one slow page left every page without
				// content. The next render gets a fresh runtime.
				r = nil
				c.released()
			}
			// Rest as long as the render took (up to a second): a worker
			// takes at most half a core, and the requests shopd serves,
			// which never wait for a render, keep the rest.
			select {
			case <-ctx.Done():
				return
			case <-time.After(min(time.Since(began), time.Second)):
			}
		}
	}
}

// made counts a renderer made, released one let go.
func (c *Cache) made()     { c.countRenderer(&c.stats.Renderers) }
func (c *Cache) released() { c.countRenderer(&c.stats.Released) }

// countRenderer adds one to counter and tells Options.Renderers how many
// renderers are alive (made less released), under the lock so that two
// workers' news arrive in the order they happened.
func (c *Cache) countRenderer(counter *uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	*counter++
	if c.opts.Renderers != nil {
		c.opts.Renderers(int(c.stats.Renderers - c.stats.Released))
	}
}

// slowest bounds the deadline of a page that keeps running out of time, in
// Timeouts: a render that never settles holds its worker at most this long.
const slowest = 8

func (c *Cache) render(ctx context.Context, r Renderer, k key) error {
	// The generation is read before the render: a change during it leaves
	// the page out of date, to be rendered again on the next request.
	gen := c.generation()
	c.mu.Lock()
	timeout, slow := c.deadline[k]
	c.mu.Unlock()
	if !slow {
		timeout = c.opts.Timeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	began := c.now()
	page, err := r.Render(ctx, k.url, k.language)
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.queued, k)
	delete(c.asked, k)
	delete(c.rendering, k)
	delete(c.deadline, k)
	if err != nil {
		// The render's error says it ran out of time before the context
		// may (its timer's callback runs late on a loaded machine).
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
			c.deadline[k] = min(2*timeout, slowest*c.opts.Timeout)
		}
		c.stats.Failed++
		c.opts.Logger.Warn("prerender: render failed", "url", k.url, "language", k.language, "err", err)
		return err
	}
	c.stats.Rendered++
	if _, ok := c.entries[k]; !ok {
		c.order = append(c.order, k)
		for len(c.order) > c.opts.MaxEntries {
			delete(c.entries, c.order[0])
			c.order = c.order[1:]
		}
	}
	asked := began
	if old, ok := c.entries[k]; ok {
		asked = old.asked
	}
	c.entries[k] = &entry{page: page, gen: gen, rendered: began, asked: asked}
	return nil
}
