package contact

import (
	"context"
	"fmt"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// pageSizes are the back office lists' page sizes.
var pageSizes = paging.Sizes{Default: 20, Max: 100}

// listRead is what the audit trail records of a list read: who read which
// page of personal data.
type listRead struct {
	Page  int32 `json:"page"`
	Size  int32 `json:"page_size"`
	Shown int   `json:"shown"`
}

// ListNewsletterSubscriptions lists the subscriptions and their consent,
// recording the read in the audit trail in the same transaction.
func (s *Service) ListNewsletterSubscriptions(ctx context.Context, req *connect.Request[saboresv1.ListNewsletterSubscriptionsRequest]) (*connect.Response[saboresv1.ListNewsletterSubscriptionsResponse], error) {
	w, err := paging.Page(req.Msg.GetPage(), req.Msg.GetPageSize(), pageSizes)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListNewsletterSubscriptionsResponse{Subscriptions: []*saboresv1.NewsletterSubscription{}}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		total, err := q.NewsletterCount(ctx)
		if err != nil {
			return fmt.Errorf("contact: count subscriptions: %w", err)
		}
		rows, err := q.NewsletterList(ctx, db.NewsletterListParams{PageLimit: w.Size, PageOffset: w.Offset})
		if err != nil {
			return fmt.Errorf("contact: list subscriptions: %w", err)
		}
		res.TotalSize = int32(total)
		for _, r := range rows {
			res.Subscriptions = append(res.Subscriptions, subscriptionToProto(r))
		}
		return shop.Audit(ctx, q, "newsletter.list", "newsletter", nil, listRead{Page: w.Page, Size: w.Size, Shown: len(rows)})
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// ListContactMessages lists the contact messages, recording the read in
// the audit trail in the same transaction.
func (s *Service) ListContactMessages(ctx context.Context, req *connect.Request[saboresv1.ListContactMessagesRequest]) (*connect.Response[saboresv1.ListContactMessagesResponse], error) {
	w, err := paging.Page(req.Msg.GetPage(), req.Msg.GetPageSize(), pageSizes)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListContactMessagesResponse{Messages: []*saboresv1.ContactMessage{}}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		total, err := q.ContactCount(ctx)
		if err != nil {
			return fmt.Errorf("contact: count messages: %w", err)
		}
		rows, err := q.ContactList(ctx, db.ContactListParams{PageLimit: w.Size, PageOffset: w.Offset})
		if err != nil {
			return fmt.Errorf("contact: list messages: %w", err)
		}
		res.TotalSize = int32(total)
		for _, r := range rows {
			res.Messages = append(res.Messages, messageToProto(r))
		}
		return shop.Audit(ctx, q, "contact.list", "contact", nil, listRead{Page: w.Page, Size: w.Size, Shown: len(rows)})
	})
	if err != nil {
		return nil, err
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
	out := &saboresv1.ContactMessage{
		Id: r.ID, Name: r.Name, Email: r.Email, Phone: r.Phone, Message: r.Message, Language: r.Language,
		CreateTime: timestamppb.New(r.CreatedAt),
	}
	for k, v := range subjects {
		if v == r.Subject {
			out.Subject = k
		}
	}
	return out
}
