package cli

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/apidocs"
	"github.com/sabores/sabores/backend/internal/discount"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/api/accountapi"
	"github.com/sabores/sabores/backend/internal/api/adminapikeyapi"
	"github.com/sabores/sabores/backend/internal/api/adminauditapi"
	"github.com/sabores/sabores/backend/internal/api/admincatalogueimportapi"
	"github.com/sabores/sabores/backend/internal/api/admincustomerapi"
	"github.com/sabores/sabores/backend/internal/api/admindashboardapi"
	"github.com/sabores/sabores/backend/internal/api/admindiscountapi"
	"github.com/sabores/sabores/backend/internal/api/adminemailapi"
	"github.com/sabores/sabores/backend/internal/api/admineventapi"
	"github.com/sabores/sabores/backend/internal/api/admininvoiceapi"
	"github.com/sabores/sabores/backend/internal/api/adminlotapi"
	"github.com/sabores/sabores/backend/internal/api/adminmessageapi"
	"github.com/sabores/sabores/backend/internal/api/adminorderapi"
	"github.com/sabores/sabores/backend/internal/api/adminpackagingapi"
	"github.com/sabores/sabores/backend/internal/api/adminparcelapi"
	"github.com/sabores/sabores/backend/internal/api/adminproductapi"
	"github.com/sabores/sabores/backend/internal/api/adminpromotionapi"
	"github.com/sabores/sabores/backend/internal/api/adminrecallapi"
	"github.com/sabores/sabores/backend/internal/api/adminreviewapi"
	"github.com/sabores/sabores/backend/internal/api/adminsettingsapi"
	"github.com/sabores/sabores/backend/internal/api/adminshippingapi"
	"github.com/sabores/sabores/backend/internal/api/adminstaffapi"
	"github.com/sabores/sabores/backend/internal/api/adminstockapi"
	"github.com/sabores/sabores/backend/internal/api/adminsupplierapi"
	"github.com/sabores/sabores/backend/internal/api/adminvisibilityapi"
	"github.com/sabores/sabores/backend/internal/api/adminwebhookapi"
	"github.com/sabores/sabores/backend/internal/api/adminwithdrawalapi"
	"github.com/sabores/sabores/backend/internal/api/cartapi"
	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/api/contactapi"
	"github.com/sabores/sabores/backend/internal/api/invoiceapi"
	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/api/promotionapi"
	"github.com/sabores/sabores/backend/internal/api/reviewapi"
	"github.com/sabores/sabores/backend/internal/api/shopsettingsapi"
	"github.com/sabores/sabores/backend/internal/api/tillapi"
	"github.com/sabores/sabores/backend/internal/api/withdrawalapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/authz"
	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/cataloguecache"
	"github.com/sabores/sabores/backend/internal/changefeed"
	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/contact"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/devoidc"
	erpfeed "github.com/sabores/sabores/backend/internal/feed"
	"github.com/sabores/sabores/backend/internal/gtin"
	"github.com/sabores/sabores/backend/internal/guard"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/merchantfeed"
	"github.com/sabores/sabores/backend/internal/metrics"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/productimage"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/backend/internal/readroute"
	"github.com/sabores/sabores/backend/internal/review"
	"github.com/sabores/sabores/backend/internal/server"
	"github.com/sabores/sabores/backend/internal/shipping"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	"github.com/sabores/sabores/backend/internal/sitemap"
	"github.com/sabores/sabores/backend/internal/stuck"
	"github.com/sabores/sabores/backend/internal/till"
	"github.com/sabores/sabores/backend/internal/visibility"
	"github.com/sabores/sabores/backend/internal/webhook"
	"github.com/sabores/sabores/backend/internal/withdrawal"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// catalogueFileTimeout is the deadline of the calls that carry a whole
// catalogue CSV file: the dry run of 100 000 rows checks for longer than
// guard.MaxTimeout on a busy machine.
const catalogueFileTimeout = 3 * time.Minute

// wire builds what `shopd serve` serves: the service implementations, the
// gate that decides who is calling and what they may do before a body is
// read, the interceptors that run before validation (deadline and metrics
// first, then the caller's session cookie on the answer, then the order
// rate limit, which needs to know the caller) and extra routes (sign-in, product pictures),
// and returns the /metrics handler for handler to place. Catalogue reads go
// to the read pool once it replayed the last change (readroute), through an
// in-process cache that the primary's catalog_changed notifications
// invalidate (a replica cannot LISTEN); everything that must see its own
// writes uses the primary. The cache's listener runs until ctx ends.
func wire(ctx context.Context, app *App, dbs *Databases) (server.Options, http.Handler, error) {
	cfg := app.Config
	signIn, err := auth.New(ctx, dbs.Primary, auth.Config{
		PublicURL:          cfg.PublicURL,
		DevSignIn:          cfg.DevSignIn,
		GoogleIssuer:       cfg.GoogleIssuer,
		GoogleClientID:     cfg.GoogleClientID,
		GoogleClientSecret: cfg.GoogleClientSecret,
		AdminEmails:        cfg.AdminEmails,
		SessionTTL:         cfg.SessionTTL,
		SessionMaxAge:      cfg.SessionMaxAge,
		AdminSessionMaxAge: cfg.AdminSessionMaxAge,
		AllowedOrigins:     cfg.AllowedOrigins,
		SignInPerMinute:    cfg.SignInPerMinute,
		SignInSecret:       cfg.SignInSecret,
	})
	if err != nil {
		return server.Options{}, nil, fmt.Errorf("sign-in: %w", err)
	}
	m := metrics.New()
	if err := m.Register(metrics.Pool("primary", dbs.Primary)); err != nil {
		return server.Options{}, nil, err
	}
	if dbs.Catalog != nil {
		if err := m.Register(metrics.Pool("catalog", dbs.Catalog)); err != nil {
			return server.Options{}, nil, err
		}
	}
	if dbs.Read != dbs.Primary {
		if err := m.Register(metrics.Pool("read", dbs.Read)); err != nil {
			return server.Options{}, nil, err
		}
	}
	if err := m.Register(metrics.OperationsCollector(operations(dbs.Primary), app.Log)); err != nil {
		return server.Options{}, nil, err
	}
	if err := checkVerifactuCertificate(ctx, app, dbs.Primary, m); err != nil {
		return server.Options{}, nil, err
	}
	// Invoices issued from now on keep this start's VERI*FACTU mode.
	if err := invoice.SetMode(ctx, dbs.Primary, verification(cfg), time.Now()); err != nil {
		return server.Options{}, nil, err
	}
	pages := &metrics.PrerenderCollector{}
	if err := m.Register(pages); err != nil {
		return server.Options{}, nil, err
	}
	gateway := paymentGateway(cfg)
	links, err := withdrawal.NewLinks(ctx, db.New(dbs.Primary), cfg.WithdrawalLinkSecret)
	if err != nil {
		return server.Options{}, nil, err
	}
	parcels := parcelModule(cfg, dbs.Primary, app.Log)
	sender, err := verifactuSender(ctx, app)
	if err != nil {
		return server.Options{}, nil, err
	}
	jobClient, err := newJobs(app, dbs, gateway, links, parcelPoller(parcels), sender)
	if err != nil {
		return server.Options{}, nil, err
	}
	mailQueue := jobs.NewMailQueue(jobClient, cfg.MailFrom)
	// Each VeriFactu record queues its submission job with it.
	invoicer := invoice.Invoicer{Issuer: invoice.SettingsIssuer{RealIdentity: cfg.Env == config.EnvProduction}, Submissions: jobs.NewVerifactuQueue(jobClient)}
	// The till sells with the shop's scales' label layout (prefixes 20–24 weigh,
	// 25–29 price: docs/architecture.md, `till`).
	tills := till.New(dbs.Primary, gtin.SpanishScales, invoicer).WithMailer(mailQueue)
	// Cancelling an order paid by card or Bizum, or refunding a withdrawal
	// of one, queues its refund; without Redsys there are no such orders
	// and no refund worker.
	var refunds order.Refunds
	if gateway != nil {
		refunds = jobs.NewRefundQueue(jobClient)
	}
	// Every move of an order to paid, whatever its path, issues its invoice
	// (with its VeriFactu submission) and e-mail with it.
	orders := order.New(dbs.Primary).WithLimits(orderLimits(cfg)).WithDeliveryAreas(cfg.Delivery).
		WithMailer(mailQueue).WithInvoicer(invoicer).WithRefunds(refunds).
		WithPayments(order.Payments{
			Methods: cfg.OfferedPaymentMethods(), CashSurchargeCents: cfg.CashSurchargeCents,
			Gateway: gateway, PublicURL: cfg.PublicURL, Windows: paymentWindows(cfg),
			RealIdentity: cfg.Env == config.EnvProduction,
		})
	// A delivery the carrier reports pays a cash-on-delivery order: the
	// same invoice and e-mail as every move to paid.
	parcels.WithEffects(order.Effects{Mailer: mailQueue, Invoicer: invoicer})
	routes := signIn.Routes()
	routes[productimage.Prefix] = productimage.Handler()
	routes["GET "+productimage.UploadPrefix] = productimage.Uploads(db.New(dbs.Read))
	maps.Copy(routes, apidocs.Routes())
	if err := paymentRoutes(app, dbs.Primary, gateway, jobClient, orders, m, routes); err != nil {
		return server.Options{}, nil, err
	}
	if err := labelRoutes(app, parcels, m, routes); err != nil {
		return server.Options{}, nil, err
	}
	// On a loopback shop (where DEV_SIGNIN, DEV_REDSYS and DEV_SENDCLOUD
	// come on by themselves) their pages answer this machine's browser
	// only, never a local proxy's strangers.
	if cfg.PublicURLOnLoopback() {
		for pattern, h := range routes {
			if strings.Contains(pattern, devoidc.Prefix) || strings.Contains(pattern, config.DevRedsysPrefix) ||
				strings.Contains(pattern, config.DevSendcloudPrefix) {
				routes[pattern] = guard.ThisMachineOnly(h)
			}
		}
	}
	feed := changefeed.New(app.Log)
	go feed.Listen(ctx, dbs.Primary, nil)
	// Webhook deliveries are queued as their events commit (a NOTIFY),
	// not by a job polling every second.
	go jobs.NewWebhookDispatcher(dbs.Primary, jobClient, app.Log).Run(ctx, nil)
	// Reads from a replica wait until it replayed the feed's last change,
	// or go to the primary (readroute).
	var reads db.DBTX = dbs.catalog()
	if dbs.Read != dbs.Primary {
		router := readroute.New(dbs.catalog(), dbs.Read, feed)
		if err := m.Register(metrics.ReadRoutes(func() (uint64, uint64, uint64) {
			s := router.Stats()
			return s.Replica, s.Primary, s.Waited
		})); err != nil {
			return server.Options{}, nil, err
		}
		reads = router
	}
	maps.Copy(routes, sitemap.Routes(db.New(reads), cfg.PublicURL))
	cache := cataloguecache.New(cataloguecache.Options{Feed: feed, OnHit: m.CachedObserver(cataloguecache.Procedures())})
	promos := cataloguecache.NewPromotionSnapshot(feed, dbs.catalog())
	// The shipping rates in memory, dropped with the catalogue on each
	// change the feed announces: a cart is quoted without a query.
	rates := shipping.NewSnapshot(feed, shipping.Stored{Queries: db.New(dbs.Primary), Dispatch: cfg.Delivery.Dispatch})
	// Google Merchant Center's product feeds, one per language (issue 41).
	maps.Copy(routes, merchantfeed.Routes(db.New(reads), rates, cfg.PublicURL))
	products := catalogue.New(dbs.Primary)
	lotsModule := lots.New(dbs.Primary, nil)
	settings := shopsettings.New(dbs.Primary)
	withdrawals := withdrawal.New(dbs.Primary, links, invoicer).
		WithMailer(mailQueue).
		WithRefunds(refunds)
	// Newsletters go out at the configured pace, one job per recipient;
	// back-in-stock alerts through the e-mail outbox (issue 41).
	newsletters := jobs.NewNewsletterQueue(jobClient)
	messages := contact.New(dbs.Primary, mailQueue).
		WithCampaigns(newsletters, cfg.NewsletterPerMinute, settingsIdentity{q: db.New(dbs.Primary), publicURL: cfg.PublicURL}).
		WithBackInStock(mailQueue, newsletters)
	// The newsletters' one-click unsubscribe address (RFC 8058).
	maps.Copy(routes, messages.OneClickRoutes(cfg.PublicURL))
	reviews := review.New(dbs.Primary)
	return server.Options{
		ReadCache: cache.Middleware,
		Services: server.Services{
			Catalog:              cataloguecache.NewCatalog(cache, catalogueapi.New(reads, promos)),
			Promotion:            cataloguecache.NewPromotions(cache, promotionapi.New(reads, promos)),
			Cart:                 cartapi.New(dbs.Primary, promos).WithDeliveryAreas(cfg.Delivery).WithRates(rates),
			Order:                orderapi.New(orders),
			Account:              accountapi.New(account.New(dbs.Primary)).WithCart(cart.NewSaved(dbs.Primary, nil)),
			Invoice:              invoiceapi.New(dbs.Primary, invoicer),
			Withdrawal:           withdrawalapi.New(withdrawals),
			Contact:              contactapi.New(messages),
			Review:               reviewapi.New(reviews),
			Settings:             shopsettingsapi.New(settings, rates),
			AdminProduct:         adminproductapi.New(products, dbs.Primary),
			AdminPackaging:       adminpackagingapi.New(products),
			AdminStock:           adminstockapi.New(products),
			AdminSupplier:        adminsupplierapi.New(lotsModule),
			AdminLot:             adminlotapi.New(lotsModule),
			AdminRecall:          adminrecallapi.New(lotsModule.Recalls(mailQueue)),
			AdminCatalogueImport: admincatalogueimportapi.New(dbs.Primary, jobs.NewCatalogueImportQueue(jobClient)),
			AdminPromotion:       adminpromotionapi.New(promotion.New(dbs.Primary), dbs.Primary),
			AdminDiscountCode:    admindiscountapi.New(discount.New(dbs.Primary)),
			AdminCustomer:        admincustomerapi.New(dbs.Primary),
			AdminOrder:           adminorderapi.New(orders, dbs.Primary),
			AdminEmail:           adminemailapi.New(dbs.Primary, mailQueue),
			AdminDashboard:       admindashboardapi.New(dbs.Primary),
			AdminApiKey:          adminapikeyapi.New(dbs.Primary, cfg.APIKeyMaxTTL),
			AdminAudit:           adminauditapi.New(dbs.Primary),
			AdminVisibility:      adminvisibilityapi.New(visibility.New(dbs.Primary), products, dbs.Primary),
			AdminSettings:        adminsettingsapi.New(settings).WithSignIn(signIn, dbs.Primary).WithTill(tills),
			AdminMessage:         adminmessageapi.New(messages),
			AdminReview:          adminreviewapi.New(reviews),
			AdminInvoice:         admininvoiceapi.New(dbs.Primary).WithSending(sending(cfg)).WithHoldCheck(invoicer, sender),
			AdminWithdrawal:      adminwithdrawalapi.New(withdrawals),
			AdminParcel:          adminparcelapi.New(parcels),
			AdminShipping:        adminshippingapi.New(shipping.New(dbs.Primary)),
			AdminStaff:           adminstaffapi.New(dbs.Primary),
			AdminEvent:           admineventapi.New(erpfeed.New(dbs.Primary)),
			AdminWebhook:         adminwebhookapi.New(webhook.New(dbs.Primary).WithQueue(jobs.NewWebhookQueue(jobClient))),
			Till:                 tillapi.New(tills),
		},
		Interceptors: append([]connect.Interceptor{
			guard.DeadlineWith(guard.DefaultTimeout, guard.MaxTimeout, map[string]time.Duration{
				saboresv1connect.AdminCatalogueImportServiceDryRunCatalogueImportProcedure: catalogueFileTimeout,
				saboresv1connect.AdminCatalogueImportServiceStartCatalogueImportProcedure:  catalogueFileTimeout,
				// Sendcloud announces the parcel to the carrier while the
				// desk waits; a purchase cut short is found again by its
				// reference when retried.
				saboresv1connect.AdminParcelServiceBuyLabelProcedure: guard.MaxTimeout,
			}),
			m.Interceptor(),
			authz.Answers(),
			guard.OrderLimit(dbs.Primary, guard.OrderInterval, guard.OrderBurst),
			guard.KeyLimit(dbs.Primary, guard.KeyInterval, guard.KeyBurst),
			guard.IdempotencyKeys(dbs.Primary, guard.BackOfficeWrite, time.Now),
		}, guard.ContactLimit(guard.ContactInterval, guard.ContactBurst)...),
		Admit:       authz.New(signIn, signIn.Origins()).Admit,
		Refused:     m.Refused,
		LargeBodies: server.LargeBodies{AtOnce: cfg.LargeRequestsAtOnce, Wait: cfg.LargeRequestWait},
		Routes:      routes,
		PublicURL:   cfg.PublicURL,
		// The public pages' content in their HTML, re-rendered when the
		// catalogue changes (issue 20).
		Prerender: &server.Prerender{Context: ctx, Feed: feed, Started: pages.Watch, Renderers: func(alive int) {
			setMemoryLimit(renderingMemoryLimit(cfg.MemoryLimitMiB, alive))
		}},
		// The product page's structured data ships as the feed does.
		ProductShipping: func(ctx context.Context, productID, goodsCents int64) ([]server.ShippingQuote, error) {
			quotes, err := merchantfeed.ProductQuotes(ctx, db.New(reads), rates, productID, goodsCents, time.Now())
			out := make([]server.ShippingQuote, len(quotes))
			for i, q := range quotes {
				out[i] = server.ShippingQuote{Service: q.Service, PriceCents: q.PriceCents}
			}
			return out, err
		},
	}, m.Handler(), nil
}

// operations reads what the owner watches for failures (metrics.Operations)
// from the primary, which alone has the jobs and their latest state.
func operations(pool db.DBTX) func(context.Context) (metrics.Operations, error) {
	return func(ctx context.Context) (metrics.Operations, error) {
		report, err := stuck.Read(ctx, db.New(pool), time.Now())
		if err != nil {
			return metrics.Operations{}, err
		}
		counts, err := jobs.Counts(ctx, pool)
		if err != nil {
			return metrics.Operations{}, err
		}
		ops := metrics.Operations{Stuck: report}
		for _, c := range counts {
			ops.Jobs = append(ops.Jobs, metrics.JobCount{Kind: c.Kind, State: c.State, Jobs: c.Jobs, Retried: c.Retried})
		}
		return ops, nil
	}
}
