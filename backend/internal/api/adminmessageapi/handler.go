// Package adminmessageapi serves AdminMessageService over Connect: the back
// office reads the newsletter subscriptions and the contact messages
// through the contact module's use cases, which audit each read.
package adminmessageapi

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/contact"
	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminMessageService.
type Handler struct {
	contact *contact.Service
}

var _ saboresv1connect.AdminMessageServiceHandler = (*Handler)(nil)

// New returns the handler of the contact module's back-office use cases.
func New(c *contact.Service) *Handler {
	return &Handler{contact: c}
}

// ListNewsletterSubscriptions lists the subscriptions for the back office.
func (h *Handler) ListNewsletterSubscriptions(ctx context.Context, req *connect.Request[saboresv1.ListNewsletterSubscriptionsRequest]) (*connect.Response[saboresv1.ListNewsletterSubscriptionsResponse], error) {
	page, err := h.contact.ListSubscriptions(ctx, auth.Caller(ctx), req.Msg.GetPage(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListNewsletterSubscriptionsResponse{
		Subscriptions: make([]*saboresv1.NewsletterSubscription, 0, len(page.Rows)), TotalSize: page.Total,
	}
	for _, r := range page.Rows {
		res.Subscriptions = append(res.Subscriptions, subscriptionToProto(r))
	}
	return connect.NewResponse(res), nil
}

// ListContactMessages lists the contact messages for the back office.
func (h *Handler) ListContactMessages(ctx context.Context, req *connect.Request[saboresv1.ListContactMessagesRequest]) (*connect.Response[saboresv1.ListContactMessagesResponse], error) {
	page, err := h.contact.ListMessages(ctx, auth.Caller(ctx), req.Msg.GetPage(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListContactMessagesResponse{
		Messages: make([]*saboresv1.ContactMessage, 0, len(page.Rows)), TotalSize: page.Total,
	}
	for _, r := range page.Rows {
		res.Messages = append(res.Messages, messageToProto(r))
	}
	return connect.NewResponse(res), nil
}

func subscriptionToProto(r db.NewsletterSubscription) *saboresv1.NewsletterSubscription {
	out := &saboresv1.NewsletterSubscription{
		Id: r.ID, Email: r.Email, Language: r.Language, ConsentVersion: r.ConsentVersion,
		RequestTime: timestamppb.New(r.RequestedAt),
	}
	if r.ConfirmedAt != nil {
		out.ConfirmTime = timestamppb.New(*r.ConfirmedAt)
	}
	if r.UnsubscribedAt != nil {
		out.UnsubscribeTime = timestamppb.New(*r.UnsubscribedAt)
	}
	return out
}

func messageToProto(r db.ContactMessage) *saboresv1.ContactMessage {
	return &saboresv1.ContactMessage{
		Id: r.ID, Name: r.Name, Email: r.Email, Phone: r.Phone, Subject: apimap.ContactSubject(r.Subject),
		Message: r.Message, Language: r.Language, CreateTime: timestamppb.New(r.CreatedAt),
	}
}
