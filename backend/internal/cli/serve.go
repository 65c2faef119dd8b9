package cli

import (
	"context"
	"fmt"
	"net"

	"github.com/sabores/sabores/backend/internal/server"
)

func init() {
	register(&Command{
		Name:    "serve",
		Summary: "Start the shop: database (embedded when DATABASE_URL is empty), migrations, sample catalogue on an empty database, then the web server.",
		Run:     serve,
	})
}

func serve(ctx context.Context, app *App, _ any, _ []string) error {
	cfg := app.Config
	app.Log.Info("starting shopd", "config", cfg)
	dbs, err := openDatabases(ctx, app, true)
	if err != nil {
		return err
	}
	defer func() {
		stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownTimeout)
		defer cancel()
		dbs.Close(stopCtx, app)
	}()
	if err := prepare(ctx, app, dbs); err != nil {
		return err
	}
	opts, err := wire(ctx, app, dbs)
	if err != nil {
		return err
	}
	opts.DB = dbs.Primary
	opts.Logger = app.Log
	opts.AllowedOrigins = cfg.AllowedOrigins
	srv := server.NewHTTPServer(cfg.Addr, server.NewHandler(opts), app.Log)
	return server.Serve(ctx, srv, cfg.ShutdownTimeout, app.Log, func(addr net.Addr) {
		fmt.Fprintf(app.Stdout, "Sabores is open at http://%s (public URL %s). Stop with Ctrl-C.\n", hostPort(addr), cfg.PublicURL)
	})
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
