package cli

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"runtime/debug"
	"slices"

	"connectrpc.com/grpchealth"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/guard"
	"github.com/sabores/sabores/backend/internal/ratelimit"
	"github.com/sabores/sabores/backend/internal/server"
)

func init() {
	register(&Command{
		Name:    "serve",
		Summary: "Start the shop: database (embedded when DATABASE_URL is empty), migrations, sample catalogue on an empty database, then the web server.",
		Run:     serve,
	})
}

// serve listens at once and opens for business when the database is ready:
// while it is unreachable shopd keeps retrying and /healthz answers 503, so
// an orchestrator sees a live but not ready process instead of a crash loop.
func serve(ctx context.Context, app *App, _ any, _ []string) error {
	cfg := app.Config
	if err := refusals(app); err != nil {
		return err
	}
	app.Log.Info("starting shopd", "config", cfg)
	setMemoryLimit(cfg.MemoryLimitMiB)
	gate := new(server.Gate)
	srv := server.NewHTTPServer(cfg.Addr, front(app, gate), cfg.HTTPIdleTimeout, app.Log)

	serveCtx, stop := context.WithCancel(ctx)
	defer stop()
	// METRICS_ADDR: /metrics on a listener of its own, also open at once;
	// when it fails (address taken), shopd stops.
	metricsDone := make(chan error, 1)
	var metricsGate *server.Gate
	if cfg.MetricsAddr != "" {
		metricsGate = new(server.Gate)
		metricsSrv := server.NewHTTPServer(cfg.MetricsAddr, front(app, metricsGate), cfg.HTTPIdleTimeout, app.Log)
		go func() {
			err := server.Serve(serveCtx, metricsSrv, connLimits(cfg), cfg.ShutdownTimeout, app.Log.With("listener", "metrics"), nil)
			if err != nil {
				stop()
			}
			metricsDone <- err
		}()
	} else {
		metricsDone <- nil
	}
	listening := make(chan net.Addr, 1)
	var (
		dbs      *Databases
		startErr error
	)
	started := make(chan struct{})
	go func() {
		defer close(started)
		dbs, startErr = start(serveCtx, app, gate, metricsGate)
		if startErr != nil {
			stop()
			return
		}
		select {
		case addr := <-listening:
			fmt.Fprintf(app.Stdout, "Sabores is open at http://%s (public URL %s). Stop with Ctrl-C.\n", hostPort(addr), cfg.PublicURL)
		case <-serveCtx.Done():
		}
	}()
	err := server.Serve(serveCtx, srv, connLimits(cfg), cfg.ShutdownTimeout, app.Log, func(addr net.Addr) { listening <- addr })
	stop()
	<-started
	metricsErr := <-metricsDone
	if dbs != nil {
		stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownTimeout)
		defer cancel()
		dbs.Close(stopCtx, app)
	}
	if metricsErr != nil {
		// It failed first: the rest stopped because of it.
		return fmt.Errorf("metrics listener: %w", metricsErr)
	}
	if startErr != nil && ctx.Err() == nil {
		return startErr
	}
	return err
}

// start opens the databases, migrates and seeds, then opens the gate on the
// full handler and metricsGate, when not nil, on /metrics.
func start(ctx context.Context, app *App, gate, metricsGate *server.Gate) (*Databases, error) {
	dbs, err := openDatabases(ctx, app, true)
	if err != nil {
		return nil, err
	}
	if err := prepare(ctx, app, dbs); err != nil {
		return dbs, err
	}
	h, metrics, err := handler(ctx, app, dbs)
	if err != nil {
		return dbs, err
	}
	if err := startJobs(ctx, dbs); err != nil {
		return dbs, err
	}
	if metricsGate != nil {
		metricsGate.Open(metrics)
	}
	gate.Open(h)
	app.Log.Info("ready")
	return dbs, nil
}

// front is what the listener serves from its first moment: the security
// headers on every response (the API's calls get those of an answer that
// is not a document), the gate's "waiting for the database" 503 included,
// then the client's address for rate limits (believing
// X-Forwarded-For only from TRUSTED_PROXIES), then the gate.
func front(app *App, gate *server.Gate) http.Handler {
	api := append(server.ServiceNames(), grpchealth.HealthV1ServiceName)
	return guard.Headers(app.Config.PublicURL, api, paymentFormOrigins(app.Config)...)(ratelimit.Proxies(app.Config.TrustedProxies).Middleware(gate))
}

// handler is everything shopd serves once the database is ready; front
// puts it behind the security headers. /metrics is part of it unless
// METRICS_ADDR is set: then the shop's port answers 404 there and metrics
// is the handler of that other listener.
func handler(ctx context.Context, app *App, dbs *Databases) (shop, metrics http.Handler, err error) {
	opts, metricsHandler, err := wire(ctx, app, dbs)
	if err != nil {
		return nil, nil, err
	}
	if app.Config.MetricsAddr == "" {
		opts.Routes["GET /metrics"] = metricsHandler
	} else {
		opts.Routes["/metrics"] = http.NotFoundHandler()
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", metricsHandler)
		metrics = mux
	}
	opts.DB = dbs.Primary
	opts.Logger = app.Log
	opts.AllowedOrigins = app.Config.AllowedOrigins
	opts.Reflection = app.Config.Reflection
	// Bodies: twice Connect's message cap, so RPCs still get Connect's own
	// ResourceExhausted and everything else a 413; the procedures with a
	// larger Body have their own.
	larger := map[string]int64{}
	for procedure, body := range server.Bodies {
		if body.MaxBytes != server.MessageMaxBytes {
			larger[procedure] = 2 * int64(body.MaxBytes)
		}
	}
	limits := guard.LimitBodiesBy(2*server.MessageMaxBytes, larger)
	return limits(server.NewHandler(opts)), metrics, nil
}

// hostPort names a listening address so it can be pasted into a browser:
// a wildcard address becomes localhost.
func hostPort(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return addr.String()
	}
	return net.JoinHostPort("localhost", fmt.Sprint(tcp.Port))
}

// setMemoryLimit applies MEMORY_LIMIT_MIB, unless the operator set the
// runtime's own GOMEMLIMIT, which the runtime has applied already.
func setMemoryLimit(mib int64) {
	if mib > 0 && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(mib << 20)
	}
}

// rendererMiB is the room one page renderer needs above MEMORY_LIMIT_MIB.
// A renderer holds its JavaScript runtime and the server bundle (~25 MB)
// and a render makes garbage fast: held at 64 MiB, the collector ran
// through most of each render: ten product pages took 323 collections and
// 16.6 s of CPU, with 96 MiB more 72 collections and 7.2 s
// (bench/README.md, session 30). The limit keeps the heap down while shopd
// serves; while it renders, resident memory passes 100 MB either way.
const rendererMiB = 96

// renderingMemoryLimit is MEMORY_LIMIT_MIB (limitMiB) with room for alive
// page renderers; no limit stays no limit.
func renderingMemoryLimit(limitMiB int64, alive int) int64 {
	if limitMiB <= 0 {
		return limitMiB
	}
	return limitMiB + int64(alive)*rendererMiB
}

// connLimits are the connection bounds of cfg. This machine's own
// addresses are never capped per client: a proxy on the same machine (even
// one not listed in TRUSTED_PROXIES) carries every client through one of
// them, and no stranger comes from loopback.
func connLimits(cfg *config.Config) server.ConnLimits {
	proxies := append(slices.Clone(cfg.TrustedProxies), netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128"))
	return server.ConnLimits{Max: cfg.MaxConnections, PerClient: cfg.MaxConnectionsPerClient, Proxies: proxies}
}
