// Package contactapi serves ContactService over Connect: the storefront's
// newsletter sign-up and contact form. It decodes the request, calls the
// contact module's use case and maps its result.
package contactapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/contact"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements ContactService.
type Handler struct {
	contact *contact.Service
}

var _ saboresv1connect.ContactServiceHandler = (*Handler)(nil)

// New returns the handler of the contact module's use cases.
func New(c *contact.Service) *Handler {
	return &Handler{contact: c}
}

// SubscribeNewsletter asks for a subscription (double opt-in).
func (h *Handler) SubscribeNewsletter(ctx context.Context, req *connect.Request[saboresv1.SubscribeNewsletterRequest]) (*connect.Response[saboresv1.SubscribeNewsletterResponse], error) {
	m := req.Msg
	err := h.contact.Subscribe(ctx, contact.Subscription{
		Email: m.GetEmail(), Language: languageCode(m.GetLanguage()), ConsentVersion: m.GetConsentVersion(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SubscribeNewsletterResponse{}), nil
}

// ConfirmNewsletter confirms the subscription of a confirmation link.
func (h *Handler) ConfirmNewsletter(ctx context.Context, req *connect.Request[saboresv1.ConfirmNewsletterRequest]) (*connect.Response[saboresv1.ConfirmNewsletterResponse], error) {
	email, err := h.contact.Confirm(ctx, req.Msg.GetToken())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ConfirmNewsletterResponse{Email: email}), nil
}

// UnsubscribeNewsletter ends the subscription of an unsubscribe link.
func (h *Handler) UnsubscribeNewsletter(ctx context.Context, req *connect.Request[saboresv1.UnsubscribeNewsletterRequest]) (*connect.Response[saboresv1.UnsubscribeNewsletterResponse], error) {
	email, err := h.contact.Unsubscribe(ctx, req.Msg.GetToken())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UnsubscribeNewsletterResponse{Email: email}), nil
}

// SendContactMessage sends a message through the contact form.
func (h *Handler) SendContactMessage(ctx context.Context, req *connect.Request[saboresv1.SendContactMessageRequest]) (*connect.Response[saboresv1.SendContactMessageResponse], error) {
	m := req.Msg
	id, err := h.contact.Send(ctx, contact.Message{
		Name: m.GetName(), Email: m.GetEmail(), Phone: m.GetPhone(), Subject: apimap.StoredContactSubject(m.GetSubject()),
		Message: m.GetMessage(), Language: languageCode(m.GetLanguage()),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SendContactMessageResponse{Id: id}), nil
}

// RequestBackInStockAlert asks for one e-mail when a sold-out product is
// back (double opt-in).
func (h *Handler) RequestBackInStockAlert(ctx context.Context, req *connect.Request[saboresv1.RequestBackInStockAlertRequest]) (*connect.Response[saboresv1.RequestBackInStockAlertResponse], error) {
	m := req.Msg
	err := h.contact.RequestBackInStock(ctx, contact.BackInStockRequest{
		ProductID: m.GetProductId(), Email: m.GetEmail(), Language: languageCode(m.GetLanguage()), ConsentVersion: m.GetConsentVersion(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RequestBackInStockAlertResponse{}), nil
}

// ConfirmBackInStockAlert confirms the request of a confirmation link.
func (h *Handler) ConfirmBackInStockAlert(ctx context.Context, req *connect.Request[saboresv1.ConfirmBackInStockAlertRequest]) (*connect.Response[saboresv1.ConfirmBackInStockAlertResponse], error) {
	email, err := h.contact.ConfirmBackInStock(ctx, req.Msg.GetToken())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ConfirmBackInStockAlertResponse{Email: email}), nil
}

// languageCode is the stored language of a request.
func languageCode(l saboresv1.Language) string {
	if l == saboresv1.Language_LANGUAGE_PT {
		return "pt"
	}
	return "es"
}
