// Package authz decides, for every RPC, whether the caller may make it. One
// Connect interceptor applies a policy declared below for each procedure; a
// procedure without one is refused, so a new RPC is closed until someone
// decides who may call it.
package authz

import (
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
	saboresv1connect.CatalogServiceListProductsProcedure:           Public,
	saboresv1connect.CatalogServiceGetProductProcedure:             Public,
	saboresv1connect.CatalogServiceSearchProductsProcedure:         Public,
	saboresv1connect.CatalogServiceListCountriesProcedure:          Public,
	saboresv1connect.CatalogServiceListCategoriesProcedure:         Public,
	saboresv1connect.PromotionServiceListActivePromotionsProcedure: Public,
	saboresv1connect.CartServiceValidateCartProcedure:              Public,
	saboresv1connect.AccountServiceGetSessionProcedure:             Public,
	saboresv1connect.ShopSettingsServiceGetShopDetailsProcedure:    Public,
	// The newsletter and the contact form (rate-limited per address).
	saboresv1connect.ContactServiceSubscribeNewsletterProcedure:   Public,
	saboresv1connect.ContactServiceConfirmNewsletterProcedure:     Public,
	saboresv1connect.ContactServiceUnsubscribeNewsletterProcedure: Public,
	saboresv1connect.ContactServiceSendContactMessageProcedure:    Public,
	// A shopper's own orders and dashboard.
	saboresv1connect.OrderServicePlaceOrderProcedure:        SignedIn,
	saboresv1connect.OrderServiceListMyOrdersProcedure:      SignedIn,
	saboresv1connect.OrderServiceGetMyOrderProcedure:        SignedIn,
	saboresv1connect.OrderServiceCancelMyOrderProcedure:     SignedIn,
	saboresv1connect.OrderServiceGetPaymentOptionsProcedure: SignedIn,
	saboresv1connect.OrderServiceStartPaymentProcedure:      SignedIn,
	saboresv1connect.AccountServiceGetMyDashboardProcedure:  SignedIn,
	// A shopper's own invoices (the service checks the order is theirs).
	saboresv1connect.InvoiceServiceListMyInvoicesProcedure:         SignedIn,
	saboresv1connect.InvoiceServiceGetMyInvoicePdfProcedure:        SignedIn,
	saboresv1connect.InvoiceServiceRequestCompleteInvoiceProcedure: SignedIn,
	// Invoices in the back office.
	saboresv1connect.InvoiceServiceListOrderInvoicesProcedure:     Admin,
	saboresv1connect.InvoiceServiceGetInvoicePdfProcedure:         Admin,
	saboresv1connect.InvoiceServiceCheckInvoiceChainProcedure:     Admin,
	saboresv1connect.InvoiceServiceExportInvoiceRegisterProcedure: Admin,
	saboresv1connect.InvoiceServiceExportPaymentsProcedure:        Admin,
	// A shopper's data rights (GDPR): export, deletion, consent record.
	saboresv1connect.AccountServiceExportMyDataProcedure:        SignedIn,
	saboresv1connect.AccountServiceDeleteMyAccountProcedure:     SignedIn,
	saboresv1connect.AccountServiceRecordCookieConsentProcedure: SignedIn,
	// The withdrawal function: the shopper's own orders, or anyone holding
	// the signed link of an order e-mail (the service checks the token).
	saboresv1connect.WithdrawalServiceGetMyWithdrawalOptionsProcedure:     SignedIn,
	saboresv1connect.WithdrawalServiceWithdrawMyOrderProcedure:            SignedIn,
	saboresv1connect.WithdrawalServiceGetWithdrawalOptionsByLinkProcedure: Public,
	saboresv1connect.WithdrawalServiceWithdrawByLinkProcedure:             Public,
	// Withdrawals in the back office.
	saboresv1connect.WithdrawalServiceListWithdrawalsProcedure:   Admin,
	saboresv1connect.WithdrawalServiceReceiveWithdrawalProcedure: Admin,
	saboresv1connect.WithdrawalServiceRefundWithdrawalProcedure:  Admin,
	// The back office.
	saboresv1connect.VisibilityServiceListCountryProductsProcedure:      Admin,
	saboresv1connect.VisibilityServiceSearchAddableProductsProcedure:    Admin,
	saboresv1connect.VisibilityServiceSetProductChannelProcedure:        Admin,
	saboresv1connect.VisibilityServiceBatchSetVisibilityProcedure:       Admin,
	saboresv1connect.AdminServiceListAdminProductsProcedure:             Admin,
	saboresv1connect.AdminServiceGetAdminProductProcedure:               Admin,
	saboresv1connect.AdminServiceUpdateProductProcedure:                 Admin,
	saboresv1connect.AdminServiceGetProductContentProcedure:             Admin,
	saboresv1connect.AdminServiceUpdateProductContentProcedure:          Admin,
	saboresv1connect.AdminServiceListCustomersProcedure:                 Admin,
	saboresv1connect.AdminServiceListOrdersProcedure:                    Admin,
	saboresv1connect.AdminServiceGetDashboardStatsProcedure:             Admin,
	saboresv1connect.AdminServiceListCountryConfigsProcedure:            Admin,
	saboresv1connect.AdminServiceUpdateCountryConfigProcedure:           Admin,
	saboresv1connect.AdminServiceGetSignInConfigProcedure:               Admin,
	saboresv1connect.AdminServiceUpdateSignInConfigProcedure:            Admin,
	saboresv1connect.AdminServiceCreateApiKeyProcedure:                  Admin,
	saboresv1connect.AdminServiceListApiKeysProcedure:                   Admin,
	saboresv1connect.AdminServiceRevokeApiKeyProcedure:                  Admin,
	saboresv1connect.AdminServiceListAuditEventsProcedure:               Admin,
	saboresv1connect.ShopSettingsServiceGetShopSettingsProcedure:        Admin,
	saboresv1connect.ShopSettingsServiceUpdateShopSettingsProcedure:     Admin,
	saboresv1connect.AdminServiceAdjustStockProcedure:                   Admin,
	saboresv1connect.AdminServiceAdvanceOrderProcedure:                  Admin,
	saboresv1connect.AdminServiceRetryRefundProcedure:                   Admin,
	saboresv1connect.AdminServiceRecordBankRefundProcedure:              Admin,
	saboresv1connect.AdminServiceGetAdminOrderProcedure:                 Admin,
	saboresv1connect.AdminServiceListFailedEmailsProcedure:              Admin,
	saboresv1connect.AdminServiceRetryEmailProcedure:                    Admin,
	saboresv1connect.AdminServiceCreateProductProcedure:                 Admin,
	saboresv1connect.AdminServiceExportCatalogueProcedure:               Admin,
	saboresv1connect.AdminServiceUploadCatalogueChunkProcedure:          Admin,
	saboresv1connect.AdminServiceDryRunCatalogueImportProcedure:         Admin,
	saboresv1connect.AdminServiceStartCatalogueImportProcedure:          Admin,
	saboresv1connect.AdminServiceGetCatalogueImportProcedure:            Admin,
	saboresv1connect.AdminServiceUpdateProductDetailsProcedure:          Admin,
	saboresv1connect.AdminServiceArchiveProductProcedure:                Admin,
	saboresv1connect.AdminServiceListProductImagesProcedure:             Admin,
	saboresv1connect.AdminServiceUploadProductImageProcedure:            Admin,
	saboresv1connect.AdminServiceReorderProductImagesProcedure:          Admin,
	saboresv1connect.AdminServiceDeleteProductImageProcedure:            Admin,
	saboresv1connect.AdminServiceListPromotionsProcedure:                Admin,
	saboresv1connect.AdminServiceCreatePromotionProcedure:               Admin,
	saboresv1connect.AdminServiceUpdatePromotionProcedure:               Admin,
	saboresv1connect.AdminServiceEndPromotionProcedure:                  Admin,
	saboresv1connect.ContactServiceListNewsletterSubscriptionsProcedure: Admin,
	saboresv1connect.ContactServiceListContactMessagesProcedure:         Admin,
}

// KeyScopes is the API key scope each back-office procedure needs. A
// procedure missing here is for signed-in admins only: managing keys (a key
// could otherwise mint keys that outlive it), sign-in settings and the
// audit trail.
var KeyScopes = map[string]string{
	saboresv1connect.VisibilityServiceListCountryProductsProcedure:   auth.ScopeCatalogRead,
	saboresv1connect.VisibilityServiceSearchAddableProductsProcedure: auth.ScopeCatalogRead,
	saboresv1connect.AdminServiceListAdminProductsProcedure:          auth.ScopeCatalogRead,
	saboresv1connect.AdminServiceGetAdminProductProcedure:            auth.ScopeCatalogRead,
	saboresv1connect.AdminServiceListCountryConfigsProcedure:         auth.ScopeCatalogRead,
	saboresv1connect.VisibilityServiceSetProductChannelProcedure:     auth.ScopeCatalogWrite,
	saboresv1connect.VisibilityServiceBatchSetVisibilityProcedure:    auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceUpdateProductProcedure:              auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceUpdateCountryConfigProcedure:        auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceListOrdersProcedure:                 auth.ScopeOrdersRead,
	saboresv1connect.AdminServiceGetAdminOrderProcedure:              auth.ScopeOrdersRead,
	saboresv1connect.AdminServiceListProductImagesProcedure:          auth.ScopeCatalogRead,
	saboresv1connect.AdminServiceListPromotionsProcedure:             auth.ScopeCatalogRead,
	saboresv1connect.AdminServiceCreateProductProcedure:              auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceUpdateProductDetailsProcedure:       auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceArchiveProductProcedure:             auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceUploadProductImageProcedure:         auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceReorderProductImagesProcedure:       auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceDeleteProductImageProcedure:         auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceCreatePromotionProcedure:            auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceUpdatePromotionProcedure:            auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceEndPromotionProcedure:               auth.ScopeCatalogWrite,
	saboresv1connect.AdminServiceListCustomersProcedure:              auth.ScopeOrdersRead,
	saboresv1connect.AdminServiceGetDashboardStatsProcedure:          auth.ScopeOrdersRead,
}
