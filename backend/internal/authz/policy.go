// Package authz decides, for every RPC, whether the caller may make it. One
// Connect interceptor applies a policy declared below for each procedure; a
// procedure without one is refused, so a new RPC is closed until someone
// decides who may call it.
package authz

import (
	"strings"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Access is who may call a procedure.
type Access int

// The access levels. The zero value denies, so a missing entry is closed.
const (
	// Deny refuses every caller.
	Deny Access = iota
	// Public lets anyone call, signed in or not: the storefront.
	Public
	// SignedIn needs a signed-in person (client or admin); API keys act for
	// no person and are refused.
	SignedIn
	// Admin needs an admin: a signed-in admin, or an API key holding the
	// scope KeyScopes names for the procedure (none named: admins only).
	Admin
	// Till needs signed-in staff of the till or an admin; API keys act for
	// no person at the counter and are refused. Till staff are refused
	// everything Admin.
	Till
)

// String names the access level for logs and test output.
func (a Access) String() string {
	switch a {
	case Public:
		return "public"
	case SignedIn:
		return "signed-in"
	case Admin:
		return "admin"
	case Till:
		return "till"
	default:
		return "deny"
	}
}

// Services is the access of every service of the API: each of its RPCs
// has it, but for the Exceptions. A shopper's calls and the back office's
// never share a service (a test over the contract), so a back-office
// service reads Admin here in one line. A service missing here is closed
// (Deny), and so is a new one until someone decides who may call it.
var Services = map[string]Access{
	// The storefront: anyone may browse, search, price a cart, read the
	// shop's details, subscribe to the newsletter and write to the shop
	// (the contact calls are rate-limited per address).
	saboresv1connect.CatalogServiceName:      Public,
	saboresv1connect.PromotionServiceName:    Public,
	saboresv1connect.CartServiceName:         Public,
	saboresv1connect.ShopSettingsServiceName: Public,
	saboresv1connect.ContactServiceName:      Public,
	// A shopper's own orders, invoices (the service checks the order is
	// theirs), data rights (GDPR) and withdrawals.
	saboresv1connect.OrderServiceName:      SignedIn,
	saboresv1connect.InvoiceServiceName:    SignedIn,
	saboresv1connect.AccountServiceName:    SignedIn,
	saboresv1connect.WithdrawalServiceName: SignedIn,
	saboresv1connect.ReviewServiceName:     SignedIn,
	// The back office.
	saboresv1connect.AdminProductServiceName:         Admin,
	saboresv1connect.AdminPackagingServiceName:       Admin,
	saboresv1connect.AdminStockServiceName:           Admin,
	saboresv1connect.AdminSupplierServiceName:        Admin,
	saboresv1connect.AdminLotServiceName:             Admin,
	saboresv1connect.AdminRecallServiceName:          Admin,
	saboresv1connect.AdminCatalogueImportServiceName: Admin,
	saboresv1connect.AdminPromotionServiceName:       Admin,
	saboresv1connect.AdminDiscountCodeServiceName:    Admin,
	saboresv1connect.AdminCustomerServiceName:        Admin,
	saboresv1connect.AdminOrderServiceName:           Admin,
	saboresv1connect.AdminEmailServiceName:           Admin,
	saboresv1connect.AdminDashboardServiceName:       Admin,
	saboresv1connect.AdminVisibilityServiceName:      Admin,
	saboresv1connect.AdminSettingsServiceName:        Admin,
	saboresv1connect.AdminApiKeyServiceName:          Admin,
	saboresv1connect.AdminAuditServiceName:           Admin,
	saboresv1connect.AdminMessageServiceName:         Admin,
	saboresv1connect.AdminInvoiceServiceName:         Admin,
	saboresv1connect.AdminWithdrawalServiceName:      Admin,
	saboresv1connect.AdminParcelServiceName:          Admin,
	saboresv1connect.AdminShippingServiceName:        Admin,
	saboresv1connect.AdminStaffServiceName:           Admin,
	saboresv1connect.AdminEventServiceName:           Admin,
	saboresv1connect.AdminWebhookServiceName:         Admin,
	saboresv1connect.AdminReviewServiceName:          Admin,
	// The shop's till: its staff and admins, nothing else of the back
	// office for till staff.
	saboresv1connect.TillServiceName: Till,
}

// Exceptions are the shopper's procedures open to anyone although their
// service needs a signed-in shopper: asking who is signed in, the
// withdrawal through the signed link of an order e-mail (the service checks
// the token), and reading a product's published reviews. A back-office procedure is never an exception (a test).
var Exceptions = map[string]Access{
	saboresv1connect.AccountServiceGetSessionProcedure:                    Public,
	saboresv1connect.WithdrawalServiceGetWithdrawalOptionsByLinkProcedure: Public,
	saboresv1connect.WithdrawalServiceWithdrawByLinkProcedure:             Public,
	saboresv1connect.ReviewServiceListProductReviewsProcedure:             Public,
}

// Policy is who may call procedure ("/sabores.v1.Service/Method"): its
// exception, else its service's access, else Deny.
func Policy(procedure string) Access {
	if a, ok := Exceptions[procedure]; ok {
		return a
	}
	service, _, _ := strings.Cut(strings.TrimPrefix(procedure, "/"), "/")
	return Services[service]
}

// KeyScopes is the API key scope each back-office procedure needs. A
// procedure missing here is for signed-in admins only: managing keys (a key
// could otherwise mint keys that outlive it), sign-in settings and the
// audit trail.
var KeyScopes = map[string]string{
	saboresv1connect.AdminVisibilityServiceListCountryProductsProcedure:     auth.ScopeCatalogRead,
	saboresv1connect.AdminVisibilityServiceSearchAddableProductsProcedure:   auth.ScopeCatalogRead,
	saboresv1connect.AdminProductServiceListAdminProductsProcedure:          auth.ScopeCatalogRead,
	saboresv1connect.AdminProductServiceGetAdminProductProcedure:            auth.ScopeCatalogRead,
	saboresv1connect.AdminVisibilityServiceListCountryConfigsProcedure:      auth.ScopeCatalogRead,
	saboresv1connect.AdminVisibilityServiceSetProductChannelProcedure:       auth.ScopeCatalogWrite,
	saboresv1connect.AdminVisibilityServiceBatchSetVisibilityProcedure:      auth.ScopeCatalogWrite,
	saboresv1connect.AdminProductServiceUpdateProductProcedure:              auth.ScopeCatalogWrite,
	saboresv1connect.AdminVisibilityServiceUpdateCountryConfigProcedure:     auth.ScopeCatalogWrite,
	saboresv1connect.AdminOrderServiceListOrdersProcedure:                   auth.ScopeOrdersRead,
	saboresv1connect.AdminOrderServiceGetAdminOrderProcedure:                auth.ScopeOrdersRead,
	saboresv1connect.AdminProductServiceListProductImagesProcedure:          auth.ScopeCatalogRead,
	saboresv1connect.AdminPromotionServiceListPromotionsProcedure:           auth.ScopeCatalogRead,
	saboresv1connect.AdminDiscountCodeServiceListDiscountCodesProcedure:     auth.ScopeCatalogRead,
	saboresv1connect.AdminProductServiceCreateProductProcedure:              auth.ScopeCatalogWrite,
	saboresv1connect.AdminProductServiceUpdateProductDetailsProcedure:       auth.ScopeCatalogWrite,
	saboresv1connect.AdminProductServiceArchiveProductProcedure:             auth.ScopeCatalogWrite,
	saboresv1connect.AdminProductServicePublishProductProcedure:             auth.ScopeCatalogWrite,
	saboresv1connect.AdminProductServiceUploadProductImageProcedure:         auth.ScopeCatalogWrite,
	saboresv1connect.AdminProductServiceReorderProductImagesProcedure:       auth.ScopeCatalogWrite,
	saboresv1connect.AdminProductServiceDeleteProductImageProcedure:         auth.ScopeCatalogWrite,
	saboresv1connect.AdminPromotionServiceCreatePromotionProcedure:          auth.ScopeCatalogWrite,
	saboresv1connect.AdminDiscountCodeServiceCreateDiscountCodeProcedure:    auth.ScopeCatalogWrite,
	saboresv1connect.AdminDiscountCodeServiceSetDiscountCodePausedProcedure: auth.ScopeCatalogWrite,
	saboresv1connect.AdminPromotionServiceUpdatePromotionProcedure:          auth.ScopeCatalogWrite,
	saboresv1connect.AdminPromotionServiceEndPromotionProcedure:             auth.ScopeCatalogWrite,
	saboresv1connect.AdminCustomerServiceListCustomersProcedure:             auth.ScopeOrdersRead,
	saboresv1connect.AdminDashboardServiceGetDashboardStatsProcedure:        auth.ScopeOrdersRead,
	saboresv1connect.AdminStockServiceAdjustStockProcedure:                  auth.ScopeStockWrite,
	saboresv1connect.AdminStockServiceSyncStockProcedure:                    auth.ScopeStockWrite,
	saboresv1connect.AdminOrderServiceListOrderChangesProcedure:             auth.ScopeOrdersRead,
	saboresv1connect.AdminEventServiceListEventsProcedure:                   auth.ScopeEventsRead,
}
