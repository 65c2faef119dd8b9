// Package prerender renders the storefront's public pages to HTML in shopd:
// the web app's server bundle (frontend/src/ssr, built into dist/ssr) runs in
// goja, a JavaScript engine written in Go, so the shop stays one binary. The
// cache (cache.go) keeps rendered pages and renders in the background; a
// render is never on a request's path.
package prerender

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/dop251/goja"

	"github.com/sabores/sabores/backend/internal/shoptime"
)

//go:embed prelude.js
var prelude string

// Page is a rendered page: the markup of the app's root element and the
// answers it was rendered from, as the JSON the browser seeds its cache with.
type Page struct {
	HTML string
	Data string
}

// Caller answers one public API read, in protobuf JSON, the way a browser's
// Connect call would be answered (shopd passes its own handler, caches and
// all).
type Caller func(ctx context.Context, service, method string, input []byte) ([]byte, error)

// publicServices are the services a shared page may read from: the
// catalogue, its promotions, the shop's details and the published reviews
// (ReviewService's other calls need a signed-in shopper, which a render
// never is). A shopper's own data (session, cart, orders) never enters a
// page everyone is served.
var publicServices = []string{
	"sabores.v1.CatalogService",
	"sabores.v1.PromotionService",
	"sabores.v1.ShopSettingsService",
	"sabores.v1.ReviewService",
}

// ErrNotPublic is the answer to a read outside publicServices.
var ErrNotPublic = errors.New("prerender: not a public read")

// Engine holds the server bundle's source; each renderer compiles it into a
// runtime of its own (a goja runtime serves one goroutine). Nothing compiled
// is kept here: a renderer's memory (the compiled bundle is most of it) is
// given back when the cache lets an idle renderer go.
type Engine struct {
	origin  string
	bundle  string
	prelude *goja.Program
	call    Caller
	logger  *slog.Logger
}

// NewEngine takes the server bundle's source; origin is the shop's public
// URL, which pages read as window.location.origin (canonical links). The
// bundle is compiled by NewRenderer, so an error in it is reported there.
func NewEngine(bundle []byte, origin string, call Caller, logger *slog.Logger) (*Engine, error) {
	pre, err := goja.Compile("prelude.js", prelude, true)
	if err != nil {
		return nil, fmt.Errorf("prerender: prelude: %w", err)
	}
	if logger == nil {
		logger = slog.Default()
	}
	return &Engine{origin: strings.TrimSuffix(origin, "/"), bundle: string(bundle), prelude: pre, call: call, logger: logger}, nil
}

// runtime is one goja runtime with the bundle loaded.
type runtime struct {
	vm        *goja.Runtime
	ssr       *goja.Object
	runTimers goja.Callable
	ctx       context.Context
	origin    string
}

// NewRenderer loads the bundle into a runtime of its own: one per worker.
func (e *Engine) NewRenderer() (Renderer, error) { return e.newRuntime() }

func (e *Engine) newRuntime() (*runtime, error) {
	r := &runtime{vm: goja.New(), ctx: context.Background(), origin: e.origin}
	r.vm.SetFieldNameMapper(goja.TagFieldNameMapper("json", true))
	if err := r.vm.Set("__log", func(level, msg string) {
		e.logger.Debug("prerender: console", "level", level, "msg", msg)
	}); err != nil {
		return nil, err
	}
	// The shop's dates are Madrid's (timeZone "Europe/Madrid" in the app),
	// whatever the server's own zone: goja's Date knows only the process's.
	if err := r.vm.Set("__madridOffsetMinutes", func(ms int64) int {
		_, offset := time.UnixMilli(ms).In(shoptime.Madrid).Zone()
		return offset / 60
	}); err != nil {
		return nil, err
	}
	if err := r.vm.Set("saboresCall", func(service, method, input string) (string, error) {
		if !slices.Contains(publicServices, service) {
			return "", ErrNotPublic
		}
		out, err := e.call(r.ctx, service, method, []byte(input))
		return string(out), err
	}); err != nil {
		return nil, err
	}
	if _, err := r.vm.RunProgram(e.prelude); err != nil {
		return nil, fmt.Errorf("prerender: prelude: %w", err)
	}
	prog, err := goja.Compile("render.js", e.bundle, false)
	if err != nil {
		return nil, fmt.Errorf("prerender: server bundle: %w", err)
	}
	if _, err := r.vm.RunProgram(prog); err != nil {
		return nil, fmt.Errorf("prerender: server bundle: %w", err)
	}
	r.ssr = r.vm.Get("SaboresSSR").ToObject(r.vm)
	run, ok := goja.AssertFunction(r.vm.Get("__runTimers"))
	if !ok {
		return nil, errors.New("prerender: prelude has no __runTimers")
	}
	r.runTimers = run
	return r, nil
}

func (r *runtime) fn(name string) (goja.Callable, error) {
	f, ok := goja.AssertFunction(r.ssr.Get(name))
	if !ok {
		return nil, fmt.Errorf("prerender: server bundle exports no %s", name)
	}
	return f, nil
}

// Render renders url (a path) in language, within ctx's deadline.
func (r *runtime) Render(ctx context.Context, url, language string) (Page, error) {
	origin := r.origin
	r.ctx = ctx
	defer func() { r.ctx = context.Background() }()
	stop := context.AfterFunc(ctx, func() { r.vm.Interrupt(ctx.Err()) })
	defer stop()
	defer r.vm.ClearInterrupt()
	loc := r.vm.Get("location").ToObject(r.vm)
	_ = loc.Set("origin", origin)
	_ = loc.Set("href", origin+url)
	start, err := r.fn("start")
	if err != nil {
		return Page{}, err
	}
	if _, err := start(goja.Undefined(), r.vm.ToValue(url), r.vm.ToValue(language)); err != nil {
		return Page{}, fmt.Errorf("prerender: start %s: %w", url, err)
	}
	fetch, err := r.fn("fetchData")
	if err != nil {
		return Page{}, err
	}
	v, err := fetch(goja.Undefined())
	if err != nil {
		return Page{}, fmt.Errorf("prerender: fetch %s: %w", url, err)
	}
	p, ok := v.Export().(*goja.Promise)
	if !ok {
		return Page{}, errors.New("prerender: fetchData returned no promise")
	}
	for i := 0; p.State() == goja.PromiseStatePending; i++ {
		if i == 100 {
			return Page{}, fmt.Errorf("prerender: %s never settled", url)
		}
		if _, err := r.runTimers(goja.Undefined()); err != nil {
			return Page{}, fmt.Errorf("prerender: timers %s: %w", url, err)
		}
	}
	if p.State() == goja.PromiseStateRejected {
		return Page{}, fmt.Errorf("prerender: fetch %s: %v", url, p.Result())
	}
	finish, err := r.fn("finish")
	if err != nil {
		return Page{}, err
	}
	out, err := finish(goja.Undefined())
	if err != nil {
		return Page{}, fmt.Errorf("prerender: finish %s: %w", url, err)
	}
	if _, err := r.runTimers(goja.Undefined()); err != nil {
		return Page{}, fmt.Errorf("prerender: timers %s: %w", url, err)
	}
	o := out.ToObject(r.vm)
	return Page{HTML: withoutHoisted(o.Get("html").String()), Data: o.Get("data").String()}, nil
}

// withoutHoisted drops what React puts ahead of the app's markup (the
// pages' <title> and <meta>, which React moves into the head in the
// browser): shopd writes the head itself (server/meta.go), and the root
// element must hold only what hydration finds there.
func withoutHoisted(html string) string {
	if i := strings.Index(html, "<!--$"); i > 0 {
		return html[i:]
	}
	return html
}
