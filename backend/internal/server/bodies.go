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
	v1connect "github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
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
	v1connect.CatalogServiceListProductsProcedure:                  message,
	v1connect.CatalogServiceGetProductProcedure:                    message,
	v1connect.CatalogServiceSearchProductsProcedure:                message,
	v1connect.CatalogServiceListCountriesProcedure:                 message,
	v1connect.CatalogServiceListCategoriesProcedure:                message,
	v1connect.PromotionServiceListActivePromotionsProcedure:        message,
	v1connect.CartServiceValidateCartProcedure:                     message,
	v1connect.AccountServiceGetSessionProcedure:                    message,
	v1connect.ShopSettingsServiceGetShopDetailsProcedure:           message,
	v1connect.ContactServiceSubscribeNewsletterProcedure:           message,
	v1connect.ContactServiceConfirmNewsletterProcedure:             message,
	v1connect.ContactServiceUnsubscribeNewsletterProcedure:         message,
	v1connect.ContactServiceSendContactMessageProcedure:            message,
	v1connect.OrderServicePlaceOrderProcedure:                      message,
	v1connect.OrderServiceListMyOrdersProcedure:                    message,
	v1connect.OrderServiceGetMyOrderProcedure:                      message,
	v1connect.OrderServiceCancelMyOrderProcedure:                   message,
	v1connect.OrderServiceGetPaymentOptionsProcedure:               message,
	v1connect.OrderServiceStartPaymentProcedure:                    message,
	v1connect.AccountServiceGetMyDashboardProcedure:                message,
	v1connect.InvoiceServiceListMyInvoicesProcedure:                message,
	v1connect.InvoiceServiceGetMyInvoicePdfProcedure:               message,
	v1connect.InvoiceServiceRequestCompleteInvoiceProcedure:        message,
	v1connect.InvoiceServiceListOrderInvoicesProcedure:             message,
	v1connect.InvoiceServiceGetInvoicePdfProcedure:                 message,
	v1connect.InvoiceServiceCheckInvoiceChainProcedure:             message,
	v1connect.InvoiceServiceExportInvoiceRegisterProcedure:         message,
	v1connect.InvoiceServiceExportPaymentsProcedure:                message,
	v1connect.AccountServiceExportMyDataProcedure:                  message,
	v1connect.AccountServiceDeleteMyAccountProcedure:               message,
	v1connect.AccountServiceRecordCookieConsentProcedure:           message,
	v1connect.WithdrawalServiceGetMyWithdrawalOptionsProcedure:     message,
	v1connect.WithdrawalServiceWithdrawMyOrderProcedure:            message,
	v1connect.WithdrawalServiceGetWithdrawalOptionsByLinkProcedure: message,
	v1connect.WithdrawalServiceWithdrawByLinkProcedure:             message,
	v1connect.WithdrawalServiceListWithdrawalsProcedure:            message,
	v1connect.WithdrawalServiceReceiveWithdrawalProcedure:          message,
	v1connect.WithdrawalServiceRefundWithdrawalProcedure:           message,
	v1connect.VisibilityServiceListCountryProductsProcedure:        message,
	v1connect.VisibilityServiceSearchAddableProductsProcedure:      message,
	v1connect.VisibilityServiceSetProductChannelProcedure:          message,
	v1connect.VisibilityServiceBatchSetVisibilityProcedure:         message,
	v1connect.AdminServiceListAdminProductsProcedure:               message,
	v1connect.AdminServiceGetAdminProductProcedure:                 message,
	v1connect.AdminServiceUpdateProductProcedure:                   message,
	v1connect.AdminServiceGetProductContentProcedure:               message,
	v1connect.AdminServiceUpdateProductContentProcedure:            message,
	v1connect.AdminServiceListCustomersProcedure:                   message,
	v1connect.AdminServiceListOrdersProcedure:                      message,
	v1connect.AdminServiceGetDashboardStatsProcedure:               message,
	v1connect.AdminServiceListCountryConfigsProcedure:              message,
	v1connect.AdminServiceUpdateCountryConfigProcedure:             message,
	v1connect.AdminServiceGetSignInConfigProcedure:                 message,
	v1connect.AdminServiceUpdateSignInConfigProcedure:              message,
	v1connect.AdminServiceCreateApiKeyProcedure:                    message,
	v1connect.AdminServiceListApiKeysProcedure:                     message,
	v1connect.AdminServiceRevokeApiKeyProcedure:                    message,
	v1connect.AdminServiceListAuditEventsProcedure:                 message,
	v1connect.ShopSettingsServiceGetShopSettingsProcedure:          message,
	v1connect.ShopSettingsServiceUpdateShopSettingsProcedure:       message,
	v1connect.AdminServiceAdjustStockProcedure:                     message,
	v1connect.AdminServiceAdvanceOrderProcedure:                    message,
	v1connect.AdminServiceRetryRefundProcedure:                     message,
	v1connect.AdminServiceRecordBankRefundProcedure:                message,
	v1connect.AdminServiceGetAdminOrderProcedure:                   message,
	v1connect.AdminServiceListFailedEmailsProcedure:                message,
	v1connect.AdminServiceRetryEmailProcedure:                      message,
	v1connect.AdminServiceCreateProductProcedure:                   message,
	v1connect.AdminServiceExportCatalogueProcedure:                 message,
	v1connect.AdminServiceDryRunCatalogueImportProcedure:           catalogueCheck,
	v1connect.AdminServiceStartCatalogueImportProcedure:            catalogueCheck,
	v1connect.AdminServiceUploadCatalogueChunkProcedure:            cataloguePiece,
	v1connect.AdminServiceGetCatalogueImportProcedure:              message,
	v1connect.AdminServiceUpdateProductDetailsProcedure:            message,
	v1connect.AdminServiceArchiveProductProcedure:                  message,
	v1connect.AdminServiceListProductImagesProcedure:               message,
	v1connect.AdminServiceUploadProductImageProcedure:              picture,
	v1connect.AdminServiceReorderProductImagesProcedure:            message,
	v1connect.AdminServiceDeleteProductImageProcedure:              message,
	v1connect.AdminServiceListPromotionsProcedure:                  message,
	v1connect.AdminServiceCreatePromotionProcedure:                 message,
	v1connect.AdminServiceUpdatePromotionProcedure:                 message,
	v1connect.AdminServiceEndPromotionProcedure:                    message,
	v1connect.ContactServiceListNewsletterSubscriptionsProcedure:   message,
	v1connect.ContactServiceListContactMessagesProcedure:           message,
}

// Admit decides from a call's procedure and headers alone whether it may
// proceed, and returns the context to serve it with, or the Connect error
// to answer (authz.Gate.Admit).
type Admit func(ctx context.Context, procedure string, header http.Header) (context.Context, error)

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
func guardBodies(admit Admit, large LargeBodies, next http.Handler) http.Handler {
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
