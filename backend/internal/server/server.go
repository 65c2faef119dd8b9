// Package server assembles shopd's single HTTP handler: the Connect
// services (serving Connect, gRPC and gRPC-Web), gRPC health and (when asked)
// reflection,
// /healthz, routes other packages mount (sign-in, product images) and the
// embedded web app, behind request logging and CORS.
package server

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"
	"connectrpc.com/grpcreflect"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/frontend"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Services are the implementations of the contract. A nil field is served
// by the generated Unimplemented handler, so every service is always
// registered (and listed by reflection) even before it is written.
type Services struct {
	Catalog    saboresv1connect.CatalogServiceHandler
	Promotion  saboresv1connect.PromotionServiceHandler
	Cart       saboresv1connect.CartServiceHandler
	Order      saboresv1connect.OrderServiceHandler
	Account    saboresv1connect.AccountServiceHandler
	Visibility saboresv1connect.VisibilityServiceHandler
	Admin      saboresv1connect.AdminServiceHandler
	Settings   saboresv1connect.ShopSettingsServiceHandler
	Invoice    saboresv1connect.InvoiceServiceHandler
	Withdrawal saboresv1connect.WithdrawalServiceHandler
	Contact    saboresv1connect.ContactServiceHandler
}

// Pinger reports whether the database answers; *pgxpool.Pool is one.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Options configure the handler.
type Options struct {
	// Services implement the contract.
	Services Services
	// Admit decides, before any byte of a call's body is read, who is
	// calling and whether they may (authz.Gate.Admit); nil admits all.
	Admit Admit
	// Refused counts the calls answered before their body was read; nil
	// counts none.
	Refused Refused
	// LargeBodies bound the large uploads handled at once; zero uses
	// DefaultLargeBodies.
	LargeBodies LargeBodies
	// Interceptors run on every RPC after logging and before validation
	// (apperr.Validate), in the order given; they return Connect errors
	// themselves.
	Interceptors []connect.Interceptor
	// ReadCache wraps the routes, inside logging and CORS: the place for
	// catalogcache.Middleware, which answers repeated public reads before
	// routing, any interceptor or other work. Nil caches nothing. A
	// ResponseWriter it wraps must Unwrap to the one it was given: the
	// request's log record is found through it (withRequestInfo).
	ReadCache func(http.Handler) http.Handler
	// DB is checked by /healthz and gRPC health.
	DB Pinger
	// Routes are extra routes owned by other packages, by ServeMux pattern:
	// sign-in (auth.Service.Routes) and "GET /images/" for product images.
	Routes map[string]http.Handler
	// AllowedOrigins may call the API from a browser on another origin.
	AllowedOrigins []string
	// PublicURL is the address browsers use: the base of the canonical
	// links and structured data in the pages' HTML (meta.go).
	PublicURL string
	// Frontend is the built web app; nil uses the embedded frontend.Dist().
	Frontend fs.FS
	// Logger logs requests; nil uses slog.Default().
	Logger *slog.Logger
	// Prerender renders the public pages' content into their HTML
	// (prerender.go); nil sends the app's empty shell.
	Prerender *Prerender
	// Reflection serves gRPC server reflection (REFLECTION): handy with
	// grpcurl in development, a map of the whole API for anyone otherwise.
	Reflection bool
}

// serviceNames lists the contract's services, for health and reflection.
var serviceNames = []string{
	saboresv1connect.CatalogServiceName,
	saboresv1connect.PromotionServiceName,
	saboresv1connect.CartServiceName,
	saboresv1connect.OrderServiceName,
	saboresv1connect.AccountServiceName,
	saboresv1connect.VisibilityServiceName,
	saboresv1connect.AdminServiceName,
	saboresv1connect.ShopSettingsServiceName,
	saboresv1connect.InvoiceServiceName,
	saboresv1connect.WithdrawalServiceName,
	saboresv1connect.ContactServiceName,
}

// ServiceNames returns the fully-qualified names of every served service.
func ServiceNames() []string { return append([]string(nil), serviceNames...) }

// NewHandler builds the handler serving everything on one port.
func NewHandler(opts Options) http.Handler {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.LargeBodies == (LargeBodies{}) {
		opts.LargeBodies = DefaultLargeBodies
	}
	if opts.Frontend == nil {
		opts.Frontend = frontend.Dist()
	}
	interceptors := append([]connect.Interceptor{procedureInterceptor()}, opts.Interceptors...)
	interceptors = append(interceptors, apperr.Validate(), apperr.Interceptor())
	handlerOpts := []connect.HandlerOption{
		connect.WithInterceptors(interceptors...),
		connect.WithReadMaxBytes(message.MaxBytes),
		// Small messages cost more to gzip than to send.
		connect.WithCompressMinBytes(1024),
	}

	mux := http.NewServeMux()
	readCache := opts.ReadCache
	if readCache == nil {
		readCache = func(h http.Handler) http.Handler { return h }
	}
	handle := mux.Handle
	s := opts.Services.withDefaults()
	handle(saboresv1connect.NewCatalogServiceHandler(s.Catalog, handlerOpts...))
	handle(saboresv1connect.NewPromotionServiceHandler(s.Promotion, handlerOpts...))
	handle(saboresv1connect.NewCartServiceHandler(s.Cart, handlerOpts...))
	handle(saboresv1connect.NewOrderServiceHandler(s.Order, handlerOpts...))
	handle(saboresv1connect.NewAccountServiceHandler(s.Account, handlerOpts...))
	handle(saboresv1connect.NewVisibilityServiceHandler(s.Visibility, handlerOpts...))
	handle(saboresv1connect.NewAdminServiceHandler(s.Admin, handlerOpts...))
	// The procedures whose Body is larger than a message get a handler of
	// their own with its read limit.
	for procedure, body := range Bodies {
		if body.MaxBytes == message.MaxBytes {
			continue
		}
		if !strings.HasPrefix(procedure, "/"+saboresv1connect.AdminServiceName+"/") {
			panic("server: a larger body outside AdminService needs its service's handler here: " + procedure)
		}
		_, h := saboresv1connect.NewAdminServiceHandler(s.Admin,
			append(slices.Clone(handlerOpts), connect.WithReadMaxBytes(body.MaxBytes))...)
		handle(procedure, h)
	}
	handle(saboresv1connect.NewShopSettingsServiceHandler(s.Settings, handlerOpts...))
	handle(saboresv1connect.NewInvoiceServiceHandler(s.Invoice, handlerOpts...))
	handle(saboresv1connect.NewWithdrawalServiceHandler(s.Withdrawal, handlerOpts...))
	handle(saboresv1connect.NewContactServiceHandler(s.Contact, handlerOpts...))

	infraOpts := connect.WithInterceptors(procedureInterceptor())
	mux.Handle(grpchealth.NewHandler(&healthChecker{db: opts.DB}, infraOpts))
	if opts.Reflection {
		reflector := grpcreflect.NewStaticReflector(append(ServiceNames(), grpchealth.HealthV1ServiceName)...)
		mux.Handle(grpcreflect.NewHandlerV1(reflector, infraOpts))
		mux.Handle(grpcreflect.NewHandlerV1Alpha(reflector, infraOpts))
	}
	mux.Handle("GET /healthz", healthz(opts.DB))

	for pattern, h := range opts.Routes {
		mux.Handle(pattern, h)
	}
	app := newSPA(opts.Frontend, &metaSource{catalog: s.Catalog, publicURL: strings.TrimSuffix(opts.PublicURL, "/")})
	// Renders read through mux itself: the API's caches and rules apply.
	app.pages = startPrerender(opts.Prerender, opts.Frontend, opts.PublicURL, mux, opts.Logger)
	mux.Handle("/", notFoundStatus(app))

	// The read cache goes in front of the mux: it answers only the exact
	// paths of its procedures (an unclean path the mux would redirect is
	// not one of them), and a hit then costs no routing either.
	// The log's record goes into the context behind the cache, so a hit
	// is answered without copying the request.
	return logRequests(opts.Logger, cors(opts.AllowedOrigins, readCache(withRequestInfo(guardBodies(opts.Admit, opts.LargeBodies, opts.Refused, mux)))))
}

// withDefaults fills nil services with the generated Unimplemented
// handlers, which answer every RPC with CodeUnimplemented.
func (s Services) withDefaults() Services {
	if s.Catalog == nil {
		s.Catalog = saboresv1connect.UnimplementedCatalogServiceHandler{}
	}
	if s.Promotion == nil {
		s.Promotion = saboresv1connect.UnimplementedPromotionServiceHandler{}
	}
	if s.Cart == nil {
		s.Cart = saboresv1connect.UnimplementedCartServiceHandler{}
	}
	if s.Order == nil {
		s.Order = saboresv1connect.UnimplementedOrderServiceHandler{}
	}
	if s.Account == nil {
		s.Account = saboresv1connect.UnimplementedAccountServiceHandler{}
	}
	if s.Visibility == nil {
		s.Visibility = saboresv1connect.UnimplementedVisibilityServiceHandler{}
	}
	if s.Admin == nil {
		s.Admin = saboresv1connect.UnimplementedAdminServiceHandler{}
	}
	if s.Settings == nil {
		s.Settings = saboresv1connect.UnimplementedShopSettingsServiceHandler{}
	}
	if s.Invoice == nil {
		s.Invoice = saboresv1connect.UnimplementedInvoiceServiceHandler{}
	}
	if s.Withdrawal == nil {
		s.Withdrawal = saboresv1connect.UnimplementedWithdrawalServiceHandler{}
	}
	if s.Contact == nil {
		s.Contact = saboresv1connect.UnimplementedContactServiceHandler{}
	}
	return s
}
