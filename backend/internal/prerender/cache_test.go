package prerender

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/testwait"
)

// fakeRenderer renders "url@version" and counts its renders; while gate is
// set, each render waits for it.
type fakeRenderer struct {
	mu      sync.Mutex
	version string
	renders map[string]int
	gate    chan struct{}
	fail    bool
}

func (f *fakeRenderer) Render(ctx context.Context, url, language string) (Page, error) {
	f.mu.Lock()
	gate := f.gate
	f.mu.Unlock()
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return Page{}, ctx.Err()
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.renders[url]++
	if f.fail {
		return Page{}, errors.New("render failed")
	}
	return Page{HTML: url + "@" + f.version + "/" + language}, nil
}

func (f *fakeRenderer) count(url string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.renders[url]
}

// fakeFeed is a changefeed generation.
type fakeFeed struct{ gen atomic.Uint64 }

func (f *fakeFeed) Generation() uint64 { return f.gen.Load() }
func (f *fakeFeed) Live() bool         { return true }

type cacheBundle struct {
	cache    *Cache
	renderer *fakeRenderer
	feed     *fakeFeed
}

func setupCache(t *testing.T, opts Options) *cacheBundle {
	t.Helper()
	b := &cacheBundle{renderer: &fakeRenderer{version: "v1", renders: map[string]int{}}, feed: &fakeFeed{}}
	opts.NewRenderer = func() (Renderer, error) { return b.renderer, nil }
	opts.Feed = b.feed
	opts.Logger = slog.New(slog.DiscardHandler)
	b.cache = NewCache(opts)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.cache.Run(ctx); close(done) }()
	t.Cleanup(func() {
		cancel()
		b.renderer.mu.Lock()
		if b.renderer.gate != nil {
			close(b.renderer.gate)
			b.renderer.gate = nil
		}
		b.renderer.mu.Unlock()
		<-done
	})
	return b
}

// waitPage waits until Get answers want for url.
func (b *cacheBundle) waitPage(t *testing.T, url, want string) {
	t.Helper()
	testwait.Until(t, 5*time.Second, "page "+want, func() bool {
		p, current, ok := b.cache.Get(url, "es")
		return ok && current && p.HTML == want
	})
}

func TestCacheRendersInTheBackgroundOncePerPage(t *testing.T) {
	t.Parallel()
	b := setupCache(t, Options{})
	b.renderer.gate = make(chan struct{})
	for range 20 {
		if _, _, ok := b.cache.Get("/todos", "es"); ok {
			t.Fatal("a page was served before any render")
		}
	}
	close(b.renderer.gate)
	b.renderer.mu.Lock()
	b.renderer.gate = nil
	b.renderer.mu.Unlock()
	b.waitPage(t, "/todos", "/todos@v1/es")
	if n := b.renderer.count("/todos"); n != 1 {
		t.Errorf("20 requests rendered /todos %d times, want once", n)
	}
	if s := b.cache.Stats(); s.Misses < 20 || s.Rendered != 1 {
		t.Errorf("stats = %+v, want 20 misses or more and 1 render", s)
	}
}

func TestCacheServesTheStalePageWhileRenderingAChange(t *testing.T) {
	t.Parallel()
	b := setupCache(t, Options{})
	b.cache.Get("/producto/7", "es")
	b.waitPage(t, "/producto/7", "/producto/7@v1/es")

	// A price changes: the feed moves. The old page is served at once,
	// and the new one replaces it once rendered.
	b.renderer.mu.Lock()
	b.renderer.version = "v2"
	b.renderer.gate = make(chan struct{})
	b.renderer.mu.Unlock()
	b.feed.gen.Add(1)
	p, current, ok := b.cache.Get("/producto/7", "es")
	if !ok || current || p.HTML != "/producto/7@v1/es" {
		t.Fatalf("during the re-render Get = %q, current %v, %v; want the stale page, not current", p.HTML, current, ok)
	}
	b.renderer.mu.Lock()
	close(b.renderer.gate)
	b.renderer.gate = nil
	b.renderer.mu.Unlock()
	b.waitPage(t, "/producto/7", "/producto/7@v2/es")
	if n := b.renderer.count("/producto/7"); n != 2 {
		t.Errorf("renders = %d, want 2", n)
	}
	before := b.cache.Stats().Rendered
	for range 5 {
		b.cache.Get("/producto/7", "es")
	}
	if s := b.cache.Stats(); s.Rendered != before {
		t.Errorf("an unchanged page was rendered again: %+v", s)
	}
}

func TestCacheQueueIsBounded(t *testing.T) {
	t.Parallel()
	b := setupCache(t, Options{Queue: 2})
	b.renderer.gate = make(chan struct{})
	// The worker takes one page and waits; two more fit in the queue;
	// the rest are dropped (their requests get the shell).
	for i := range 10 {
		b.cache.Get(fmt.Sprintf("/producto/%d", i+1), "es")
		if i == 0 {
			testwait.Until(t, 5*time.Second, "the worker to take the first page", func() bool {
				return len(b.cache.queue) == 0
			})
		}
	}
	if s := b.cache.Stats(); s.Dropped != 7 {
		t.Errorf("dropped %d renders, want 7 (stats %+v)", s.Dropped, s)
	}
	if len(b.cache.queue) != 2 {
		t.Errorf("queue holds %d, want 2", len(b.cache.queue))
	}
}

func TestCacheKeepsAtMostMaxEntries(t *testing.T) {
	t.Parallel()
	b := setupCache(t, Options{MaxEntries: 2})
	for _, url := range []string{"/a", "/b", "/c"} {
		b.cache.Get(url, "es")
		b.waitPage(t, url, url+"@v1/es")
	}
	if _, _, ok := b.cache.Get("/a", "es"); ok {
		t.Error("the oldest page was kept beyond MaxEntries")
	}
	if p, _, ok := b.cache.Get("/c", "es"); !ok || p.HTML != "/c@v1/es" {
		t.Errorf("the newest page = %q, %v", p.HTML, ok)
	}
}

func TestCacheFailedRenderServesNothing(t *testing.T) {
	t.Parallel()
	b := setupCache(t, Options{})
	b.renderer.fail = true
	b.cache.Get("/", "es")
	testwait.Until(t, 5*time.Second, "the failed render", func() bool { return b.cache.Stats().Failed == 1 })
	if _, _, ok := b.cache.Get("/", "es"); ok {
		t.Error("a failed render was served")
	}
}

// A renderer holds ~25 MB of live heap: the worker makes one only for a
// page to render and lets it go when there is nothing more to render.
// TestCacheReplacesARendererThatFailed: a render cut off mid-way leaves its
// runtime unusable, so the page after a failure gets a new renderer.
func TestCacheReplacesARendererThatFailed(t *testing.T) {
	t.Parallel()
	b := setupCache(t, Options{})
	b.renderer.mu.Lock()
	b.renderer.fail = true
	b.renderer.mu.Unlock()
	b.cache.Get("/todos", "pt")
	testwait.Until(t, 5*time.Second, "the failed render", func() bool { return b.cache.Stats().Failed == 1 })
	b.renderer.mu.Lock()
	b.renderer.fail = false
	b.renderer.mu.Unlock()
	b.cache.Get("/bebidas", "pt")
	testwait.Until(t, 5*time.Second, "the next render", func() bool { return b.cache.Stats().Rendered == 1 })
	if s := b.cache.Stats(); s.Renderers != 2 || s.Released != 1 {
		t.Errorf("stats %+v: want the failed renderer let go and a second one made", s)
	}
}

func TestCacheHoldsARendererOnlyWhileRendering(t *testing.T) {
	t.Parallel()
	b := setupCache(t, Options{IdleAfter: 10 * time.Millisecond})
	if s := b.cache.Stats(); s.Renderers != 0 {
		t.Fatalf("a renderer was made before any page was asked for (stats %+v)", s)
	}
	b.cache.Get("/a", "es")
	b.waitPage(t, "/a", "/a@v1/es")
	testwait.Until(t, 5*time.Second, "the idle renderer to be let go", func() bool {
		return b.cache.Stats().Released == 1
	})
	b.cache.Get("/b", "es")
	b.waitPage(t, "/b", "/b@v1/es")
	if s := b.cache.Stats(); s.Renderers != 2 {
		t.Errorf("made %d renderers, want a second one for the page after the release (stats %+v)", s.Renderers, s)
	}
}
