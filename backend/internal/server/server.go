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
	"sync"

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
	Catalog              saboresv1connect.CatalogServiceHandler
	Promotion            saboresv1connect.PromotionServiceHandler
	Cart                 saboresv1connect.CartServiceHandler
	Order                saboresv1connect.OrderServiceHandler
	Account              saboresv1connect.AccountServiceHandler
	Settings             saboresv1connect.ShopSettingsServiceHandler
	Invoice              saboresv1connect.InvoiceServiceHandler
	Withdrawal           saboresv1connect.WithdrawalServiceHandler
	Contact              saboresv1connect.ContactServiceHandler
	Review               saboresv1connect.ReviewServiceHandler
	AdminProduct         saboresv1connect.AdminProductServiceHandler
	AdminPackaging       saboresv1connect.AdminPackagingServiceHandler
	AdminStock           saboresv1connect.AdminStockServiceHandler
	AdminSupplier        saboresv1connect.AdminSupplierServiceHandler
	AdminRecall          saboresv1connect.AdminRecallServiceHandler
	AdminLot             saboresv1connect.AdminLotServiceHandler
	AdminCatalogueImport saboresv1connect.AdminCatalogueImportServiceHandler
	AdminPromotion       saboresv1connect.AdminPromotionServiceHandler
	AdminDiscountCode    saboresv1connect.AdminDiscountCodeServiceHandler
	AdminCustomer        saboresv1connect.AdminCustomerServiceHandler
	AdminOrder           saboresv1connect.AdminOrderServiceHandler
	AdminEmail           saboresv1connect.AdminEmailServiceHandler
	AdminDashboard       saboresv1connect.AdminDashboardServiceHandler
	AdminVisibility      saboresv1connect.AdminVisibilityServiceHandler
	AdminSettings        saboresv1connect.AdminSettingsServiceHandler
	AdminApiKey          saboresv1connect.AdminApiKeyServiceHandler
	AdminAudit           saboresv1connect.AdminAuditServiceHandler
	AdminMessage         saboresv1connect.AdminMessageServiceHandler
	AdminReview          saboresv1connect.AdminReviewServiceHandler
	AdminInvoice         saboresv1connect.AdminInvoiceServiceHandler
	AdminWithdrawal      saboresv1connect.AdminWithdrawalServiceHandler
	AdminParcel          saboresv1connect.AdminParcelServiceHandler
	AdminShipping        saboresv1connect.AdminShippingServiceHandler
	AdminStaff           saboresv1connect.AdminStaffServiceHandler
	AdminEvent           saboresv1connect.AdminEventServiceHandler
	AdminWebhook         saboresv1connect.AdminWebhookServiceHandler
	Till                 saboresv1connect.TillServiceHandler
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
	// cataloguecache.Middleware, which answers repeated public reads before
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
	// ProductShipping says how a product ships in Spain, for its page's
	// structured data (merchantfeed.Quotes); nil leaves shipping out.
	ProductShipping ProductShipping
	// Logger logs requests; nil uses slog.Default().
	Logger *slog.Logger
	// Prerender renders the public pages' content into their HTML
	// (prerender.go); nil sends the app's empty shell.
	Prerender *Prerender
	// Reflection serves gRPC server reflection (REFLECTION): handy with
	// grpcurl in development, a map of the whole API for anyone otherwise.
	Reflection bool
}

// ServiceNames returns the fully-qualified names of every served service.
func ServiceNames() []string { return slices.Clone(serviceNames()) }

// serviceNames are read from the mounted services once: every gRPC health
// check asks, and naming them builds each service's handler.
var serviceNames = sync.OnceValue(func() []string {
	var names []string
	for _, m := range (Services{}).mounts() {
		path, _ := m()
		names = append(names, strings.Trim(path, "/"))
	}
	return names
})

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
	for _, m := range opts.Services.mounts() {
		path, h := m(handlerOpts...)
		handle(path, h)
		// The procedures whose Body is larger than a message get a handler
		// of their own with its read limit.
		for procedure, body := range Bodies {
			if body.MaxBytes != message.MaxBytes && strings.HasPrefix(procedure, path) {
				_, big := m(append(slices.Clone(handlerOpts), connect.WithReadMaxBytes(body.MaxBytes))...)
				handle(procedure, big)
			}
		}
	}

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
	catalog := opts.Services.Catalog
	if catalog == nil {
		catalog = saboresv1connect.UnimplementedCatalogServiceHandler{}
	}
	app := newSPA(opts.Frontend, &metaSource{catalog: catalog, publicURL: strings.TrimSuffix(opts.PublicURL, "/"), shipping: opts.ProductShipping})
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

// mounter builds one service's handler with the options given.
type mounter func(opts ...connect.HandlerOption) (string, http.Handler)

// mount serves impl, or the generated Unimplemented handler (every RPC
// answered CodeUnimplemented) when impl is nil, so every service is always
// registered and listed by reflection.
func mount[H any](impl, unimplemented H, newHandler func(H, ...connect.HandlerOption) (string, http.Handler)) mounter {
	if any(impl) == nil {
		impl = unimplemented
	}
	return func(opts ...connect.HandlerOption) (string, http.Handler) { return newHandler(impl, opts...) }
}

// mounts lists the contract's services with their implementations.
func (s Services) mounts() []mounter {
	return []mounter{
		mount[saboresv1connect.CatalogServiceHandler](s.Catalog, saboresv1connect.UnimplementedCatalogServiceHandler{}, saboresv1connect.NewCatalogServiceHandler),
		mount[saboresv1connect.PromotionServiceHandler](s.Promotion, saboresv1connect.UnimplementedPromotionServiceHandler{}, saboresv1connect.NewPromotionServiceHandler),
		mount[saboresv1connect.CartServiceHandler](s.Cart, saboresv1connect.UnimplementedCartServiceHandler{}, saboresv1connect.NewCartServiceHandler),
		mount[saboresv1connect.OrderServiceHandler](s.Order, saboresv1connect.UnimplementedOrderServiceHandler{}, saboresv1connect.NewOrderServiceHandler),
		mount[saboresv1connect.AccountServiceHandler](s.Account, saboresv1connect.UnimplementedAccountServiceHandler{}, saboresv1connect.NewAccountServiceHandler),
		mount[saboresv1connect.ShopSettingsServiceHandler](s.Settings, saboresv1connect.UnimplementedShopSettingsServiceHandler{}, saboresv1connect.NewShopSettingsServiceHandler),
		mount[saboresv1connect.InvoiceServiceHandler](s.Invoice, saboresv1connect.UnimplementedInvoiceServiceHandler{}, saboresv1connect.NewInvoiceServiceHandler),
		mount[saboresv1connect.WithdrawalServiceHandler](s.Withdrawal, saboresv1connect.UnimplementedWithdrawalServiceHandler{}, saboresv1connect.NewWithdrawalServiceHandler),
		mount[saboresv1connect.ContactServiceHandler](s.Contact, saboresv1connect.UnimplementedContactServiceHandler{}, saboresv1connect.NewContactServiceHandler),
		mount[saboresv1connect.ReviewServiceHandler](s.Review, saboresv1connect.UnimplementedReviewServiceHandler{}, saboresv1connect.NewReviewServiceHandler),
		mount[saboresv1connect.AdminProductServiceHandler](s.AdminProduct, saboresv1connect.UnimplementedAdminProductServiceHandler{}, saboresv1connect.NewAdminProductServiceHandler),
		mount[saboresv1connect.AdminPackagingServiceHandler](s.AdminPackaging, saboresv1connect.UnimplementedAdminPackagingServiceHandler{}, saboresv1connect.NewAdminPackagingServiceHandler),
		mount[saboresv1connect.AdminStockServiceHandler](s.AdminStock, saboresv1connect.UnimplementedAdminStockServiceHandler{}, saboresv1connect.NewAdminStockServiceHandler),
		mount[saboresv1connect.AdminSupplierServiceHandler](s.AdminSupplier, saboresv1connect.UnimplementedAdminSupplierServiceHandler{}, saboresv1connect.NewAdminSupplierServiceHandler),
		mount[saboresv1connect.AdminRecallServiceHandler](s.AdminRecall, saboresv1connect.UnimplementedAdminRecallServiceHandler{}, saboresv1connect.NewAdminRecallServiceHandler),
		mount[saboresv1connect.AdminLotServiceHandler](s.AdminLot, saboresv1connect.UnimplementedAdminLotServiceHandler{}, saboresv1connect.NewAdminLotServiceHandler),
		mount[saboresv1connect.AdminCatalogueImportServiceHandler](s.AdminCatalogueImport, saboresv1connect.UnimplementedAdminCatalogueImportServiceHandler{}, saboresv1connect.NewAdminCatalogueImportServiceHandler),
		mount[saboresv1connect.AdminPromotionServiceHandler](s.AdminPromotion, saboresv1connect.UnimplementedAdminPromotionServiceHandler{}, saboresv1connect.NewAdminPromotionServiceHandler),
		mount[saboresv1connect.AdminDiscountCodeServiceHandler](s.AdminDiscountCode, saboresv1connect.UnimplementedAdminDiscountCodeServiceHandler{}, saboresv1connect.NewAdminDiscountCodeServiceHandler),
		mount[saboresv1connect.AdminCustomerServiceHandler](s.AdminCustomer, saboresv1connect.UnimplementedAdminCustomerServiceHandler{}, saboresv1connect.NewAdminCustomerServiceHandler),
		mount[saboresv1connect.AdminOrderServiceHandler](s.AdminOrder, saboresv1connect.UnimplementedAdminOrderServiceHandler{}, saboresv1connect.NewAdminOrderServiceHandler),
		mount[saboresv1connect.AdminEmailServiceHandler](s.AdminEmail, saboresv1connect.UnimplementedAdminEmailServiceHandler{}, saboresv1connect.NewAdminEmailServiceHandler),
		mount[saboresv1connect.AdminDashboardServiceHandler](s.AdminDashboard, saboresv1connect.UnimplementedAdminDashboardServiceHandler{}, saboresv1connect.NewAdminDashboardServiceHandler),
		mount[saboresv1connect.AdminVisibilityServiceHandler](s.AdminVisibility, saboresv1connect.UnimplementedAdminVisibilityServiceHandler{}, saboresv1connect.NewAdminVisibilityServiceHandler),
		mount[saboresv1connect.AdminSettingsServiceHandler](s.AdminSettings, saboresv1connect.UnimplementedAdminSettingsServiceHandler{}, saboresv1connect.NewAdminSettingsServiceHandler),
		mount[saboresv1connect.AdminApiKeyServiceHandler](s.AdminApiKey, saboresv1connect.UnimplementedAdminApiKeyServiceHandler{}, saboresv1connect.NewAdminApiKeyServiceHandler),
		mount[saboresv1connect.AdminAuditServiceHandler](s.AdminAudit, saboresv1connect.UnimplementedAdminAuditServiceHandler{}, saboresv1connect.NewAdminAuditServiceHandler),
		mount[saboresv1connect.AdminMessageServiceHandler](s.AdminMessage, saboresv1connect.UnimplementedAdminMessageServiceHandler{}, saboresv1connect.NewAdminMessageServiceHandler),
		mount[saboresv1connect.AdminReviewServiceHandler](s.AdminReview, saboresv1connect.UnimplementedAdminReviewServiceHandler{}, saboresv1connect.NewAdminReviewServiceHandler),
		mount[saboresv1connect.AdminInvoiceServiceHandler](s.AdminInvoice, saboresv1connect.UnimplementedAdminInvoiceServiceHandler{}, saboresv1connect.NewAdminInvoiceServiceHandler),
		mount[saboresv1connect.AdminWithdrawalServiceHandler](s.AdminWithdrawal, saboresv1connect.UnimplementedAdminWithdrawalServiceHandler{}, saboresv1connect.NewAdminWithdrawalServiceHandler),
		mount[saboresv1connect.AdminParcelServiceHandler](s.AdminParcel, saboresv1connect.UnimplementedAdminParcelServiceHandler{}, saboresv1connect.NewAdminParcelServiceHandler),
		mount[saboresv1connect.AdminShippingServiceHandler](s.AdminShipping, saboresv1connect.UnimplementedAdminShippingServiceHandler{}, saboresv1connect.NewAdminShippingServiceHandler),
		mount[saboresv1connect.AdminStaffServiceHandler](s.AdminStaff, saboresv1connect.UnimplementedAdminStaffServiceHandler{}, saboresv1connect.NewAdminStaffServiceHandler),
		mount[saboresv1connect.AdminEventServiceHandler](s.AdminEvent, saboresv1connect.UnimplementedAdminEventServiceHandler{}, saboresv1connect.NewAdminEventServiceHandler),
		mount[saboresv1connect.AdminWebhookServiceHandler](s.AdminWebhook, saboresv1connect.UnimplementedAdminWebhookServiceHandler{}, saboresv1connect.NewAdminWebhookServiceHandler),
		mount[saboresv1connect.TillServiceHandler](s.Till, saboresv1connect.UnimplementedTillServiceHandler{}, saboresv1connect.NewTillServiceHandler),
	}
}
