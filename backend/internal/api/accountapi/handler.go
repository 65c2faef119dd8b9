// Package accountapi serves AccountService over Connect: who is signed in,
// and the account module's use cases (the client dashboard, the shopper's
// data rights), decoded and mapped.
package accountapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/cart"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AccountService.
type Handler struct {
	account *account.Service
	// carts keeps the signed-in shopper's cart (SyncMyCart); nil answers
	// Unimplemented.
	carts *cart.Saved
}

var _ saboresv1connect.AccountServiceHandler = (*Handler)(nil)

// New returns the handler of the account module's use cases.
func New(a *account.Service) *Handler {
	return &Handler{account: a}
}

// GetSession describes the caller from the principal the auth interceptor
// resolved. A guest, or an API key (which is no person), is signed_in false;
// a signed-in person whose role is unknown is a client (spec §6).
func (h *Handler) GetSession(ctx context.Context, _ *connect.Request[saboresv1.GetSessionRequest]) (*connect.Response[saboresv1.GetSessionResponse], error) {
	p := auth.FromContext(ctx)
	res := &saboresv1.GetSessionResponse{}
	if p.UserID != 0 {
		res.SignedIn = true
		res.User = &saboresv1.User{Id: p.UserID, Email: p.Email, Name: p.Name, Role: saboresv1.Role_ROLE_CLIENT}
		switch p.Role {
		case auth.RoleAdmin:
			res.User.Role = saboresv1.Role_ROLE_ADMIN
		case auth.RoleTill:
			res.User.Role = saboresv1.Role_ROLE_TILL
		}
	}
	return connect.NewResponse(res), nil
}

// GetMyDashboard summarises the caller's orders.
func (h *Handler) GetMyDashboard(ctx context.Context, _ *connect.Request[saboresv1.GetMyDashboardRequest]) (*connect.Response[saboresv1.GetMyDashboardResponse], error) {
	d, err := h.account.Dashboard(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetMyDashboardResponse{
		OrderCount:         int32(d.OrderCount),
		TotalSpentCents:    d.SpentCents,
		AverageTicketCents: d.AverageTicketCents,
		RecentOrders:       apimap.Orders(d.Recent),
	}), nil
}

// RecordCookieConsent stores the caller's cookie choice.
func (h *Handler) RecordCookieConsent(ctx context.Context, req *connect.Request[saboresv1.RecordCookieConsentRequest]) (*connect.Response[saboresv1.RecordCookieConsentResponse], error) {
	m := req.Msg
	err := h.account.RecordCookieConsent(ctx, account.CookieConsent{
		Analytics: m.GetAnalytics(), Marketing: m.GetMarketing(), Personalization: m.GetPersonalization(),
		PolicyVersion: m.GetPolicyVersion(), At: m.GetConsentTime().AsTime(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RecordCookieConsentResponse{}), nil
}

// ExportMyData returns everything kept about the caller.
func (h *Handler) ExportMyData(ctx context.Context, _ *connect.Request[saboresv1.ExportMyDataRequest]) (*connect.Response[saboresv1.ExportMyDataResponse], error) {
	e, err := h.account.Export(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(exportToProto(e)), nil
}

// DeleteMyAccount erases the caller's personal data, keeping their orders
// as tax records.
func (h *Handler) DeleteMyAccount(ctx context.Context, _ *connect.Request[saboresv1.DeleteMyAccountRequest]) (*connect.Response[saboresv1.DeleteMyAccountResponse], error) {
	retained, err := h.account.Delete(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.DeleteMyAccountResponse{RetainedOrders: int32(retained)}), nil
}
