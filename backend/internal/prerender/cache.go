package prerender

import (
	"context"
	"log/slog"
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

// Options configure a Cache.
type Options struct {
	// NewRenderer makes one worker's renderer.
	NewRenderer func() (Renderer, error)
	// Feed moves on each catalogue change; nil treats every page as current
	// until MaxAge.
	Feed Generations
	// Workers render side by side (1 when 0): each holds a JavaScript runtime.
	Workers int
	// Queue is how many renders may wait (64 when 0); more are dropped.
	Queue int
	// MaxEntries bounds the pages kept (2 000 when 0); the oldest go first.
	MaxEntries int
	// MaxAge re-renders a page this old even without a change (5 minutes
	// when 0): the shop's details in the footer are not in the feed.
	MaxAge time.Duration
	// Timeout bounds one render (30 s when 0): a render takes about half a
	// second of CPU, but seconds on a loaded machine.
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
}

// key is one page in one language.
type key struct{ url, language string }

type entry struct {
	page     Page
	gen      uint64
	rendered time.Time
}

// Stats count what the cache did, for tests and metrics.
type Stats struct {
	Hits, Stale, Misses, Rendered, Failed, Dropped uint64
	// Renderers counts the renderers made, Released those let go when idle.
	Renderers, Released uint64
}

// Cache keeps rendered pages.
type Cache struct {
	opts  Options
	queue chan key

	mu      sync.Mutex
	entries map[key]*entry
	order   []key
	queued  map[key]bool
	stats   Stats
	now     func() time.Time
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
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Cache{
		opts:    opts,
		queue:   make(chan key, opts.Queue),
		entries: map[key]*entry{},
		queued:  map[key]bool{},
		now:     time.Now,
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

func (c *Cache) enqueueLocked(k key) {
	if c.queued[k] {
		return
	}
	select {
	case c.queue <- k:
		c.queued[k] = true
	default:
		c.stats.Dropped++
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
// served as the app's shell.
func (c *Cache) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for range c.opts.Workers {
		wg.Go(func() { c.work(ctx) })
	}
	wg.Wait()
}

func (c *Cache) work(ctx context.Context) {
	var r Renderer
	for {
		var idle <-chan time.Time
		if r != nil {
			idle = time.After(c.opts.IdleAfter)
		}
		select {
		case <-ctx.Done():
			return
		case <-idle:
			// The collector takes the runtime and its compiled bundle.
			r = nil
			c.count(&c.stats.Released)
		case k := <-c.queue:
			if r == nil {
				var err error
				if r, err = c.opts.NewRenderer(); err != nil {
					c.opts.Logger.Error("prerender: no renderer, pages go out without content", "err", err)
					return
				}
				c.count(&c.stats.Renderers)
			}
			began := time.Now()
			if err := c.render(ctx, r, k); err != nil {
				// A render cut off by its deadline leaves its runtime in the
				// middle of the app's code (a render's state, chunks half
				// loaded): every later render in it then never settled, so a
				// loaded machine's one slow page left every page without
				// content. The next render gets a fresh runtime.
				r = nil
				c.count(&c.stats.Released)
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

// count adds one to a counter of stats.
func (c *Cache) count(n *uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	*n++
}

func (c *Cache) render(ctx context.Context, r Renderer, k key) error {
	// The generation is read before the render: a change during it leaves
	// the page out of date, to be rendered again on the next request.
	gen := c.generation()
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	began := c.now()
	page, err := r.Render(ctx, k.url, k.language)
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.queued, k)
	if err != nil {
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
	c.entries[k] = &entry{page: page, gen: gen, rendered: began}
	return nil
}
