// Package authz decides, for every RPC, whether the caller may make it. One
// Connect interceptor applies a policy declared below for each procedure; a
// procedure without one is refused, so a new RPC is closed until someone
// decides who may call it.
package authz

import (
	"github.com/sabores/sabores/backend/internal/auth"
	v1connect "github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
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
	default:
		return "deny"
	}
}

// Policies is the access of every procedure of the API. Adding an RPC to the
// contract without adding it here makes it unreachable and fails the
// authorization matrix test.
var Policies = map[string]Access{
	// The storefront: anyone may browse, search, price a cart and ask who
	// they are.
	v1connect.CatalogServiceListProductsProcedure:           Public,
	v1connect.CatalogServiceGetProductProcedure:             Public,
	v1connect.CatalogServiceSearchProductsProcedure:         Public,
	v1connect.CatalogServiceListCountriesProcedure:          Public,
	v1connect.CatalogServiceListCategoriesProcedure:         Public,
	v1connect.PromotionServiceListActivePromotionsProcedure: Public,
	v1connect.CartServiceValidateCartProcedure:              Public,
	v1connect.AccountServiceGetSessionProcedure:             Public,
	v1connect.ShopSettingsServiceGetShopDetailsProcedure:    Public,
	// The newsletter and the contact form (rate-limited per address).
	v1connect.ContactServiceSubscribeNewsletterProcedure:   Public,
	v1connect.ContactServiceConfirmNewsletterProcedure:     Public,
	v1connect.ContactServiceUnsubscribeNewsletterProcedure: Public,
	v1connect.ContactServiceSendContactMessageProcedure:    Public,
	// A shopper's own orders and dashboard.
	v1connect.OrderServicePlaceOrderProcedure:        SignedIn,
	v1connect.OrderServiceListMyOrdersProcedure:      SignedIn,
	v1connect.OrderServiceGetMyOrderProcedure:        SignedIn,
	v1connect.OrderServiceCancelMyOrderProcedure:     SignedIn,
	v1connect.OrderServiceGetPaymentOptionsProcedure: SignedIn,
	v1connect.OrderServiceStartPaymentProcedure:      SignedIn,
	v1connect.AccountServiceGetMyDashboardProcedure:  SignedIn,
	// A shopper's own invoices (the service checks the order is theirs).
	v1connect.InvoiceServiceListMyInvoicesProcedure:         SignedIn,
	v1connect.InvoiceServiceGetMyInvoicePdfProcedure:        SignedIn,
	v1connect.InvoiceServiceRequestCompleteInvoiceProcedure: SignedIn,
	// Invoices in the back office.
	v1connect.InvoiceServiceListOrderInvoicesProcedure:     Admin,
	v1connect.InvoiceServiceGetInvoicePdfProcedure:         Admin,
	v1connect.InvoiceServiceCheckInvoiceChainProcedure:     Admin,
	v1connect.InvoiceServiceExportInvoiceRegisterProcedure: Admin,
	v1connect.InvoiceServiceExportPaymentsProcedure:        Admin,
	// A shopper's data rights (GDPR): export, deletion, consent record.
	v1connect.AccountServiceExportMyDataProcedure:        SignedIn,
	v1connect.AccountServiceDeleteMyAccountProcedure:     SignedIn,
	v1connect.AccountServiceRecordCookieConsentProcedure: SignedIn,
	// The withdrawal function: the shopper's own orders, or anyone holding
	// the signed link of an order e-mail (the service checks the token).
	v1connect.WithdrawalServiceGetMyWithdrawalOptionsProcedure:     SignedIn,
	v1connect.WithdrawalServiceWithdrawMyOrderProcedure:            SignedIn,
	v1connect.WithdrawalServiceGetWithdrawalOptionsByLinkProcedure: Public,
	v1connect.WithdrawalServiceWithdrawByLinkProcedure:             Public,
	// Withdrawals in the back office.
	v1connect.WithdrawalServiceListWithdrawalsProcedure:   Admin,
	v1connect.WithdrawalServiceReceiveWithdrawalProcedure: Admin,
	v1connect.WithdrawalServiceRefundWithdrawalProcedure:  Admin,
	// The back office.
	v1connect.VisibilityServiceListCountryProductsProcedure:      Admin,
	v1connect.VisibilityServiceSearchAddableProductsProcedure:    Admin,
	v1connect.VisibilityServiceSetProductChannelProcedure:        Admin,
	v1connect.VisibilityServiceBatchSetVisibilityProcedure:       Admin,
	v1connect.AdminServiceListAdminProductsProcedure:             Admin,
	v1connect.AdminServiceGetAdminProductProcedure:               Admin,
	v1connect.AdminServiceUpdateProductProcedure:                 Admin,
	v1connect.AdminServiceGetProductContentProcedure:             Admin,
	v1connect.AdminServiceUpdateProductContentProcedure:          Admin,
	v1connect.AdminServiceListCustomersProcedure:                 Admin,
	v1connect.AdminServiceListOrdersProcedure:                    Admin,
	v1connect.AdminServiceGetDashboardStatsProcedure:             Admin,
	v1connect.AdminServiceListCountryConfigsProcedure:            Admin,
	v1connect.AdminServiceUpdateCountryConfigProcedure:           Admin,
	v1connect.AdminServiceGetSignInConfigProcedure:               Admin,
	v1connect.AdminServiceUpdateSignInConfigProcedure:            Admin,
	v1connect.AdminServiceCreateApiKeyProcedure:                  Admin,
	v1connect.AdminServiceListApiKeysProcedure:                   Admin,
	v1connect.AdminServiceRevokeApiKeyProcedure:                  Admin,
	v1connect.AdminServiceListAuditEventsProcedure:               Admin,
	v1connect.ShopSettingsServiceGetShopSettingsProcedure:        Admin,
	v1connect.ShopSettingsServiceUpdateShopSettingsProcedure:     Admin,
	v1connect.AdminServiceAdjustStockProcedure:                   Admin,
	v1connect.AdminServiceAdvanceOrderProcedure:                  Admin,
	v1connect.AdminServiceRetryRefundProcedure:                   Admin,
	v1connect.AdminServiceRecordBankRefundProcedure:              Admin,
	v1connect.AdminServiceGetAdminOrderProcedure:                 Admin,
	v1connect.AdminServiceListFailedEmailsProcedure:              Admin,
	v1connect.AdminServiceRetryEmailProcedure:                    Admin,
	v1connect.AdminServiceCreateProductProcedure:                 Admin,
	v1connect.AdminServiceExportCatalogueProcedure:               Admin,
	v1connect.AdminServiceUploadCatalogueChunkProcedure:          Admin,
	v1connect.AdminServiceDryRunCatalogueImportProcedure:         Admin,
	v1connect.AdminServiceStartCatalogueImportProcedure:          Admin,
	v1connect.AdminServiceGetCatalogueImportProcedure:            Admin,
	v1connect.AdminServiceUpdateProductDetailsProcedure:          Admin,
	v1connect.AdminServiceArchiveProductProcedure:                Admin,
	v1connect.AdminServiceListProductImagesProcedure:             Admin,
	v1connect.AdminServiceUploadProductImageProcedure:            Admin,
	v1connect.AdminServiceReorderProductImagesProcedure:          Admin,
	v1connect.AdminServiceDeleteProductImageProcedure:            Admin,
	v1connect.AdminServiceListPromotionsProcedure:                Admin,
	v1connect.AdminServiceCreatePromotionProcedure:               Admin,
	v1connect.AdminServiceUpdatePromotionProcedure:               Admin,
	v1connect.AdminServiceEndPromotionProcedure:                  Admin,
	v1connect.ContactServiceListNewsletterSubscriptionsProcedure: Admin,
	v1connect.ContactServiceListContactMessagesProcedure:         Admin,
}

// KeyScopes is the API key scope each back-office procedure needs. A
// procedure missing here is for signed-in admins only: managing keys (a key
// could otherwise mint keys that outlive it), sign-in settings and the
// audit trail.
var KeyScopes = map[string]string{
	v1connect.VisibilityServiceListCountryProductsProcedure:   auth.ScopeCatalogRead,
	v1connect.VisibilityServiceSearchAddableProductsProcedure: auth.ScopeCatalogRead,
	v1connect.AdminServiceListAdminProductsProcedure:          auth.ScopeCatalogRead,
	v1connect.AdminServiceGetAdminProductProcedure:            auth.ScopeCatalogRead,
	v1connect.AdminServiceListCountryConfigsProcedure:         auth.ScopeCatalogRead,
	v1connect.VisibilityServiceSetProductChannelProcedure:     auth.ScopeCatalogWrite,
	v1connect.VisibilityServiceBatchSetVisibilityProcedure:    auth.ScopeCatalogWrite,
	v1connect.AdminServiceUpdateProductProcedure:              auth.ScopeCatalogWrite,
	v1connect.AdminServiceUpdateCountryConfigProcedure:        auth.ScopeCatalogWrite,
	v1connect.AdminServiceListOrdersProcedure:                 auth.ScopeOrdersRead,
	v1connect.AdminServiceGetAdminOrderProcedure:              auth.ScopeOrdersRead,
	v1connect.AdminServiceListProductImagesProcedure:          auth.ScopeCatalogRead,
	v1connect.AdminServiceListPromotionsProcedure:             auth.ScopeCatalogRead,
	v1connect.AdminServiceCreateProductProcedure:              auth.ScopeCatalogWrite,
	v1connect.AdminServiceUpdateProductDetailsProcedure:       auth.ScopeCatalogWrite,
	v1connect.AdminServiceArchiveProductProcedure:             auth.ScopeCatalogWrite,
	v1connect.AdminServiceUploadProductImageProcedure:         auth.ScopeCatalogWrite,
	v1connect.AdminServiceReorderProductImagesProcedure:       auth.ScopeCatalogWrite,
	v1connect.AdminServiceDeleteProductImageProcedure:         auth.ScopeCatalogWrite,
	v1connect.AdminServiceCreatePromotionProcedure:            auth.ScopeCatalogWrite,
	v1connect.AdminServiceUpdatePromotionProcedure:            auth.ScopeCatalogWrite,
	v1connect.AdminServiceEndPromotionProcedure:               auth.ScopeCatalogWrite,
	v1connect.AdminServiceListCustomersProcedure:              auth.ScopeOrdersRead,
	v1connect.AdminServiceGetDashboardStatsProcedure:          auth.ScopeOrdersRead,
}
