package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// APIPrefix starts the path of every procedure of the contract.
const APIPrefix = "/sabores.v1."

// Body is what a procedure's request may be: its size once decompressed
// (connect-go stops decompressing past it and answers ResourceExhausted),
// whether it may come compressed, and whether it is large enough that only
// a few may be decoded at a time.
type Body struct {
	MaxBytes   int
	Compressed bool
	Large      bool
}

// MessageMaxBytes caps an ordinary request: nothing in them comes close
// to 1 MiB, and the cap keeps a hostile client from using memory.
const MessageMaxBytes = 1 << 20

// The bodies of the contract's requests.
var (
	// message is any ordinary request.
	message = Body{MaxBytes: MessageMaxBytes, Compressed: true}
	// picture is UploadProductImage's: a picture of up to 5 MB travels
	// base64-encoded in JSON from the back office. Pictures are compressed
	// already, so a compressed request can only be a bomb.
	picture = Body{MaxBytes: 7 << 20, Large: true}
	// cataloguePiece is a piece of a catalogue CSV file: at most 1 MiB,
	// about 1.34 MiB base64-encoded in JSON from the back office.
	cataloguePiece = Body{MaxBytes: 3 << 19, Compressed: true, Large: true}
	// catalogueCheck is a dry run or an import of an uploaded file: a
	// small message, but checking 100 000 rows holds them all in memory.
	catalogueCheck = Body{MaxBytes: MessageMaxBytes, Compressed: true, Large: true}
)

// Bodies is the body of every procedure of the contract; a test fails when
// one is missing, and a procedure missing here is refused.
var Bodies = map[string]Body{
	saboresv1connect.CatalogServiceListProductsProcedure:                       message,
	saboresv1connect.CatalogServiceGetProductProcedure:                         message,
	saboresv1connect.CatalogServiceSearchProductsProcedure:                     message,
	saboresv1connect.CatalogServiceListCountriesProcedure:                      message,
	saboresv1connect.CatalogServiceListCategoriesProcedure:                     message,
	saboresv1connect.PromotionServiceListActivePromotionsProcedure:             message,
	saboresv1connect.CartServiceValidateCartProcedure:                          message,
	saboresv1connect.AccountServiceGetSessionProcedure:                         message,
	saboresv1connect.AccountServiceSyncMyCartProcedure:                         message,
	saboresv1connect.ShopSettingsServiceGetShopDetailsProcedure:                message,
	saboresv1connect.ContactServiceSubscribeNewsletterProcedure:                message,
	saboresv1connect.ContactServiceConfirmNewsletterProcedure:                  message,
	saboresv1connect.ContactServiceUnsubscribeNewsletterProcedure:              message,
	saboresv1connect.ContactServiceSendContactMessageProcedure:                 message,
	saboresv1connect.ContactServiceRequestBackInStockAlertProcedure:            message,
	saboresv1connect.ContactServiceConfirmBackInStockAlertProcedure:            message,
	saboresv1connect.ReviewServiceCreateReviewProcedure:                        message,
	saboresv1connect.ReviewServiceListOrderReviewsProcedure:                    message,
	saboresv1connect.ReviewServiceListProductReviewsProcedure:                  message,
	saboresv1connect.OrderServicePlaceOrderProcedure:                           message,
	saboresv1connect.OrderServiceListMyOrdersProcedure:                         message,
	saboresv1connect.OrderServiceGetMyOrderProcedure:                           message,
	saboresv1connect.OrderServiceCancelMyOrderProcedure:                        message,
	saboresv1connect.OrderServiceGetPaymentOptionsProcedure:                    message,
	saboresv1connect.OrderServiceStartPaymentProcedure:                         message,
	saboresv1connect.AccountServiceGetMyDashboardProcedure:                     message,
	saboresv1connect.InvoiceServiceListMyInvoicesProcedure:                     message,
	saboresv1connect.InvoiceServiceGetMyInvoicePdfProcedure:                    message,
	saboresv1connect.InvoiceServiceRequestCompleteInvoiceProcedure:             message,
	saboresv1connect.AdminInvoiceServiceListOrderInvoicesProcedure:             message,
	saboresv1connect.AdminInvoiceServiceGetInvoicePdfProcedure:                 message,
	saboresv1connect.AdminInvoiceServiceCheckInvoiceChainProcedure:             message,
	saboresv1connect.AdminInvoiceServiceExportInvoiceRegisterProcedure:         message,
	saboresv1connect.AdminInvoiceServiceExportPaymentsProcedure:                message,
	saboresv1connect.AdminInvoiceServiceRecheckInvoicingHoldProcedure:          message,
	saboresv1connect.AccountServiceExportMyDataProcedure:                       message,
	saboresv1connect.AccountServiceDeleteMyAccountProcedure:                    message,
	saboresv1connect.AccountServiceRecordCookieConsentProcedure:                message,
	saboresv1connect.WithdrawalServiceGetMyWithdrawalOptionsProcedure:          message,
	saboresv1connect.WithdrawalServiceWithdrawMyOrderProcedure:                 message,
	saboresv1connect.WithdrawalServiceGetWithdrawalOptionsByLinkProcedure:      message,
	saboresv1connect.WithdrawalServiceWithdrawByLinkProcedure:                  message,
	saboresv1connect.AdminWithdrawalServiceListWithdrawalsProcedure:            message,
	saboresv1connect.AdminWithdrawalServiceReceiveWithdrawalProcedure:          message,
	saboresv1connect.AdminWithdrawalServiceRefundWithdrawalProcedure:           message,
	saboresv1connect.AdminParcelServiceGetOrderParcelProcedure:                 message,
	saboresv1connect.AdminParcelServiceBuyLabelProcedure:                       message,
	saboresv1connect.AdminParcelServiceGetLabelPdfProcedure:                    message,
	saboresv1connect.AdminParcelServiceGetPackingSlipPdfProcedure:              message,
	saboresv1connect.AdminParcelServiceGetPackingSlipsPdfProcedure:             message,
	saboresv1connect.AdminParcelServiceListParcelsProcedure:                    message,
	saboresv1connect.AdminParcelServiceMarkParcelDeliveredProcedure:            message,
	saboresv1connect.AdminParcelServiceRecordRemittanceProcedure:               message,
	saboresv1connect.AdminParcelServiceListRemittancesProcedure:                message,
	saboresv1connect.AdminParcelServiceGetRemittanceProcedure:                  message,
	saboresv1connect.AdminShippingServiceListShippingMethodsProcedure:          message,
	saboresv1connect.AdminShippingServiceCreateShippingMethodProcedure:         message,
	saboresv1connect.AdminShippingServiceUpdateShippingMethodProcedure:         message,
	saboresv1connect.AdminShippingServiceDeleteShippingMethodProcedure:         message,
	saboresv1connect.AdminShippingServiceCreateShippingZoneProcedure:           message,
	saboresv1connect.AdminShippingServiceUpdateShippingZoneProcedure:           message,
	saboresv1connect.AdminShippingServiceDeleteShippingZoneProcedure:           message,
	saboresv1connect.AdminShippingServiceCreateShippingBandProcedure:           message,
	saboresv1connect.AdminShippingServiceUpdateShippingBandProcedure:           message,
	saboresv1connect.AdminShippingServiceDeleteShippingBandProcedure:           message,
	saboresv1connect.AdminShippingServiceUpdateShippingSettingsProcedure:       message,
	saboresv1connect.AdminStaffServiceGrantStaffRoleProcedure:                  message,
	saboresv1connect.AdminStaffServiceRevokeStaffRoleProcedure:                 message,
	saboresv1connect.AdminSettingsServiceGetTillRulesProcedure:                 message,
	saboresv1connect.AdminSettingsServiceUpdateTillRulesProcedure:              message,
	saboresv1connect.TillServiceLookupProductProcedure:                         message,
	saboresv1connect.TillServiceSearchTillProductsProcedure:                    message,
	saboresv1connect.TillServiceSellProcedure:                                  message,
	saboresv1connect.TillServiceGetSaleProcedure:                               message,
	saboresv1connect.TillServiceReturnSaleProcedure:                            message,
	saboresv1connect.TillServiceOpenDayProcedure:                               message,
	saboresv1connect.TillServiceMoveCashProcedure:                              message,
	saboresv1connect.TillServiceCloseDayProcedure:                              message,
	saboresv1connect.TillServiceGetZReportProcedure:                            message,
	saboresv1connect.TillServiceGetTicketPdfProcedure:                          message,
	saboresv1connect.TillServiceEmailTicketProcedure:                           message,
	saboresv1connect.AdminVisibilityServiceListCountryProductsProcedure:        message,
	saboresv1connect.AdminVisibilityServiceSearchAddableProductsProcedure:      message,
	saboresv1connect.AdminVisibilityServiceSetProductChannelProcedure:          message,
	saboresv1connect.AdminVisibilityServiceBatchSetVisibilityProcedure:         message,
	saboresv1connect.AdminProductServiceListAdminProductsProcedure:             message,
	saboresv1connect.AdminProductServiceGetAdminProductProcedure:               message,
	saboresv1connect.AdminProductServiceUpdateProductProcedure:                 message,
	saboresv1connect.AdminProductServiceGetProductContentProcedure:             message,
	saboresv1connect.AdminProductServiceUpdateProductContentProcedure:          message,
	saboresv1connect.AdminCustomerServiceListCustomersProcedure:                message,
	saboresv1connect.AdminOrderServiceListOrdersProcedure:                      message,
	saboresv1connect.AdminDashboardServiceGetDashboardStatsProcedure:           message,
	saboresv1connect.AdminVisibilityServiceListCountryConfigsProcedure:         message,
	saboresv1connect.AdminVisibilityServiceUpdateCountryConfigProcedure:        message,
	saboresv1connect.AdminSettingsServiceGetSignInConfigProcedure:              message,
	saboresv1connect.AdminSettingsServiceUpdateSignInConfigProcedure:           message,
	saboresv1connect.AdminApiKeyServiceCreateApiKeyProcedure:                   message,
	saboresv1connect.AdminApiKeyServiceListApiKeysProcedure:                    message,
	saboresv1connect.AdminApiKeyServiceRevokeApiKeyProcedure:                   message,
	saboresv1connect.AdminAuditServiceListAuditEventsProcedure:                 message,
	saboresv1connect.AdminSettingsServiceGetShopSettingsProcedure:              message,
	saboresv1connect.AdminSettingsServiceUpdateShopSettingsProcedure:           message,
	saboresv1connect.AdminStockServiceAdjustStockProcedure:                     message,
	saboresv1connect.AdminStockServiceSyncStockProcedure:                       message,
	saboresv1connect.AdminOrderServiceListOrderChangesProcedure:                message,
	saboresv1connect.AdminEventServiceListEventsProcedure:                      message,
	saboresv1connect.AdminWebhookServiceCreateWebhookEndpointProcedure:         message,
	saboresv1connect.AdminWebhookServiceListWebhookEndpointsProcedure:          message,
	saboresv1connect.AdminWebhookServiceDeleteWebhookEndpointProcedure:         message,
	saboresv1connect.AdminWebhookServiceRotateWebhookSecretProcedure:           message,
	saboresv1connect.AdminWebhookServiceSetWebhookEndpointEnabledProcedure:     message,
	saboresv1connect.AdminWebhookServiceListWebhookDeliveriesProcedure:         message,
	saboresv1connect.AdminWebhookServiceRedeliverWebhookProcedure:              message,
	saboresv1connect.AdminOrderServiceAdvanceOrderProcedure:                    message,
	saboresv1connect.AdminOrderServiceRetryRefundProcedure:                     message,
	saboresv1connect.AdminOrderServiceRecordBankRefundProcedure:                message,
	saboresv1connect.AdminOrderServiceGetAdminOrderProcedure:                   message,
	saboresv1connect.AdminEmailServiceListFailedEmailsProcedure:                message,
	saboresv1connect.AdminEmailServiceRetryEmailProcedure:                      message,
	saboresv1connect.AdminProductServiceCreateProductProcedure:                 message,
	saboresv1connect.AdminCatalogueImportServiceExportCatalogueProcedure:       message,
	saboresv1connect.AdminCatalogueImportServiceDryRunCatalogueImportProcedure: catalogueCheck,
	saboresv1connect.AdminCatalogueImportServiceStartCatalogueImportProcedure:  catalogueCheck,
	saboresv1connect.AdminCatalogueImportServiceUploadCatalogueChunkProcedure:  cataloguePiece,
	saboresv1connect.AdminCatalogueImportServiceGetCatalogueImportProcedure:    message,
	saboresv1connect.AdminProductServiceUpdateProductDetailsProcedure:          message,
	saboresv1connect.AdminProductServiceArchiveProductProcedure:                message,
	saboresv1connect.AdminProductServicePublishProductProcedure:                message,
	saboresv1connect.AdminStockServiceListStockMovementsProcedure:              message,
	saboresv1connect.AdminSupplierServiceListSuppliersProcedure:                message,
	saboresv1connect.AdminSupplierServiceSaveSupplierProcedure:                 message,
	saboresv1connect.AdminLotServiceFindProductByEanProcedure:                  message,
	saboresv1connect.AdminLotServiceReceiveDeliveryProcedure:                   message,
	saboresv1connect.AdminLotServiceListExpiringLotsProcedure:                  message,
	saboresv1connect.AdminLotServiceOverrideLineLotProcedure:                   message,
	saboresv1connect.AdminLotServiceGetLotRulesProcedure:                       message,
	saboresv1connect.AdminLotServiceUpdateLotRulesProcedure:                    message,
	saboresv1connect.AdminLotServiceSetSellPastBestBeforeProcedure:             message,
	saboresv1connect.AdminLotServiceGetOrderLotsProcedure:                      message,
	saboresv1connect.AdminRecallServiceListProductLotsProcedure:                message,
	saboresv1connect.AdminRecallServiceTraceLotProcedure:                       message,
	saboresv1connect.AdminRecallServiceStartRecallProcedure:                    message,
	saboresv1connect.AdminRecallServiceListRecallsProcedure:                    message,
	saboresv1connect.AdminRecallServiceGetRecallProcedure:                      message,
	saboresv1connect.AdminRecallServiceExportRecallProcedure:                   message,
	saboresv1connect.AdminProductServiceListProductImagesProcedure:             message,
	saboresv1connect.AdminProductServiceUploadProductImageProcedure:            picture,
	saboresv1connect.AdminProductServiceReorderProductImagesProcedure:          message,
	saboresv1connect.AdminProductServiceDeleteProductImageProcedure:            message,
	saboresv1connect.AdminPackagingServiceGetProductPackagingProcedure:         message,
	saboresv1connect.AdminPackagingServiceSetProductPackagingProcedure:         message,
	saboresv1connect.AdminPackagingServiceExportPackagingReportProcedure:       message,
	saboresv1connect.AdminDiscountCodeServiceListDiscountCodesProcedure:        message,
	saboresv1connect.AdminDiscountCodeServiceCreateDiscountCodeProcedure:       message,
	saboresv1connect.AdminDiscountCodeServiceSetDiscountCodePausedProcedure:    message,
	saboresv1connect.AdminPromotionServiceListPromotionsProcedure:              message,
	saboresv1connect.AdminPromotionServiceCreatePromotionProcedure:             message,
	saboresv1connect.AdminPromotionServiceUpdatePromotionProcedure:             message,
	saboresv1connect.AdminPromotionServiceEndPromotionProcedure:                message,
	saboresv1connect.AdminMessageServiceListNewsletterSubscriptionsProcedure:   message,
	saboresv1connect.AdminMessageServiceListContactMessagesProcedure:           message,
	saboresv1connect.AdminMessageServiceListNewsletterCampaignsProcedure:       message,
	saboresv1connect.AdminMessageServiceSaveNewsletterCampaignProcedure:        message,
	saboresv1connect.AdminMessageServicePreviewNewsletterCampaignProcedure:     message,
	saboresv1connect.AdminMessageServiceSendNewsletterCampaignTestProcedure:    message,
	saboresv1connect.AdminMessageServiceSendNewsletterCampaignProcedure:        message,
	saboresv1connect.AdminReviewServiceListReviewsProcedure:                    message,
	saboresv1connect.AdminReviewServicePublishReviewProcedure:                  message,
	saboresv1connect.AdminReviewServiceRejectReviewProcedure:                   message,
}

// Admit decides from a call's procedure and headers alone whether it may
// proceed, and returns the context to serve it with, or the Connect error
// to answer (authz.Gate.Admit).
type Admit func(ctx context.Context, procedure string, header http.Header) (context.Context, error)

// Refused is told of every call answered before its body was read, which
// no interceptor sees (metrics.Metrics.Refused): a flood of anonymous
// calls to admin procedures shows on the dashboard as 401s.
type Refused func(procedure string, err error)

// UnknownProcedure stands for every path under APIPrefix that names no
// procedure, so a caller inventing paths cannot grow the metrics.
const UnknownProcedure = "unknown"

// LargeBodies bound the Large requests decoded at once: each can hold tens
// of megabytes while it is decoded and handled.
type LargeBodies struct {
	// AtOnce is how many are handled at a time.
	AtOnce int
	// Wait is how long another waits for its turn before it is answered
	// ResourceExhausted (reason UPLOADS_BUSY).
	Wait time.Duration
}

// DefaultLargeBodies are LARGE_REQUESTS_AT_ONCE's and LARGE_REQUEST_WAIT's defaults.
var DefaultLargeBodies = LargeBodies{AtOnce: 2, Wait: 5 * time.Second}

// guardBodies runs before any byte of an API call's body is read: admit
// decides who may make the call, then the procedure's Body refuses
// compression where it makes no sense and makes a Large request wait for
// its turn. Refusals are written in the caller's protocol (Connect, gRPC or
// gRPC-Web) and logged with their code.
func guardBodies(admit Admit, large LargeBodies, refused Refused, next http.Handler) http.Handler {
	errs := connect.NewErrorWriter()
	slots := make(chan struct{}, max(large.AtOnce, 1))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		procedure := r.URL.Path
		if !strings.HasPrefix(procedure, APIPrefix) {
			next.ServeHTTP(w, r)
			return
		}
		ctx := r.Context()
		refuse := func(err error) {
			begin(ctx, procedure)
			record(ctx, err)
			if refused != nil {
				if _, known := Bodies[procedure]; !known {
					procedure = UnknownProcedure
				}
				refused(procedure, err)
			}
			_ = errs.Write(w, r, err)
		}
		if admit != nil {
			var err error
			if ctx, err = admit(ctx, procedure, r.Header); err != nil {
				refuse(err)
				return
			}
		}
		body, ok := Bodies[procedure]
		if !ok {
			refuse(connect.NewError(connect.CodeUnimplemented, errors.New("no such procedure")))
			return
		}
		if !body.Compressed && compressed(r.Header) {
			refuse(connect.NewError(connect.CodeInvalidArgument, errors.New("this call takes no compressed request: send it uncompressed")))
			return
		}
		if body.Large {
			wait := time.NewTimer(large.Wait)
			defer wait.Stop()
			select {
			case slots <- struct{}{}:
				defer func() { <-slots }()
			case <-wait.C:
				refuse(apperr.ToConnect(ctx, procedure, &fault.Error{
					Kind: fault.Exhausted, Reason: "UPLOADS_BUSY",
					Message: "other large uploads are being handled: try again in a moment",
				}))
				return
			case <-ctx.Done():
				refuse(connect.NewError(connect.CodeCanceled, ctx.Err()))
				return
			}
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// compressed reports whether a request's message comes compressed, in any
// of the three protocols' headers.
func compressed(h http.Header) bool {
	for _, name := range []string{"Content-Encoding", "Connect-Content-Encoding", "Grpc-Encoding"} {
		if v := h.Get(name); v != "" && !strings.EqualFold(v, "identity") {
			return true
		}
	}
	return false
}
