package adminmessageapi

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/contact"
	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListNewsletterCampaigns lists the campaigns with their counts.
func (h *Handler) ListNewsletterCampaigns(ctx context.Context, _ *connect.Request[saboresv1.ListNewsletterCampaignsRequest]) (*connect.Response[saboresv1.ListNewsletterCampaignsResponse], error) {
	rows, err := h.contact.ListCampaigns(ctx)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListNewsletterCampaignsResponse{Campaigns: make([]*saboresv1.NewsletterCampaign, 0, len(rows))}
	for _, r := range rows {
		c := campaignToProto(db.NewsletterCampaign{
			ID: r.ID, SubjectEs: r.SubjectEs, SubjectPt: r.SubjectPt, BodyEs: r.BodyEs, BodyPt: r.BodyPt,
			Status: r.Status, PerMinute: r.PerMinute, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
			SendStartedAt: r.SendStartedAt, SendFinishedAt: r.SendFinishedAt,
		})
		c.Queued, c.Sent, c.Failed, c.Skipped, c.Unsubscribed = r.Queued, r.Sent, r.Failed, r.Skipped, r.Unsubscribed
		res.Campaigns = append(res.Campaigns, c)
	}
	return connect.NewResponse(res), nil
}

// SaveNewsletterCampaign creates a campaign or changes a draft.
func (h *Handler) SaveNewsletterCampaign(ctx context.Context, req *connect.Request[saboresv1.SaveNewsletterCampaignRequest]) (*connect.Response[saboresv1.SaveNewsletterCampaignResponse], error) {
	c, err := h.contact.SaveCampaign(ctx, auth.Caller(ctx), req.Msg.GetId(), textOf(req.Msg.GetText()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SaveNewsletterCampaignResponse{Campaign: campaignToProto(c)}), nil
}

// PreviewNewsletterCampaign renders a campaign's text in both languages.
func (h *Handler) PreviewNewsletterCampaign(ctx context.Context, req *connect.Request[saboresv1.PreviewNewsletterCampaignRequest]) (*connect.Response[saboresv1.PreviewNewsletterCampaignResponse], error) {
	previews, err := h.contact.PreviewCampaign(ctx, textOf(req.Msg.GetText()))
	if err != nil {
		return nil, err
	}
	res := &saboresv1.PreviewNewsletterCampaignResponse{}
	for _, p := range previews {
		res.Previews = append(res.Previews, &saboresv1.NewsletterPreview{Language: p.Language, Subject: p.Subject, Html: p.HTML, Text: p.Text})
	}
	return connect.NewResponse(res), nil
}

// SendNewsletterCampaignTest sends the campaign to the caller.
func (h *Handler) SendNewsletterCampaignTest(ctx context.Context, req *connect.Request[saboresv1.SendNewsletterCampaignTestRequest]) (*connect.Response[saboresv1.SendNewsletterCampaignTestResponse], error) {
	to, err := h.contact.SendCampaignTest(ctx, auth.Caller(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SendNewsletterCampaignTestResponse{Email: to}), nil
}

// SendNewsletterCampaign starts sending a draft.
func (h *Handler) SendNewsletterCampaign(ctx context.Context, req *connect.Request[saboresv1.SendNewsletterCampaignRequest]) (*connect.Response[saboresv1.SendNewsletterCampaignResponse], error) {
	c, n, err := h.contact.SendCampaign(ctx, auth.Caller(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	out := campaignToProto(c)
	out.Queued = int32(n)
	return connect.NewResponse(&saboresv1.SendNewsletterCampaignResponse{Campaign: out, Recipients: int32(n)}), nil
}

func textOf(t *saboresv1.NewsletterCampaignText) contact.CampaignText {
	return contact.CampaignText{SubjectES: t.GetSubjectEs(), SubjectPT: t.GetSubjectPt(), BodyES: t.GetBodyEs(), BodyPT: t.GetBodyPt()}
}

var campaignStatuses = map[string]saboresv1.NewsletterCampaignStatus{
	"draft":   saboresv1.NewsletterCampaignStatus_NEWSLETTER_CAMPAIGN_STATUS_DRAFT,
	"sending": saboresv1.NewsletterCampaignStatus_NEWSLETTER_CAMPAIGN_STATUS_SENDING,
	"sent":    saboresv1.NewsletterCampaignStatus_NEWSLETTER_CAMPAIGN_STATUS_SENT,
}

func campaignToProto(c db.NewsletterCampaign) *saboresv1.NewsletterCampaign {
	t := contact.TextOf(c)
	out := &saboresv1.NewsletterCampaign{
		Id: c.ID, Status: campaignStatuses[c.Status], CreateTime: timestamppb.New(c.CreatedAt),
		Text: &saboresv1.NewsletterCampaignText{SubjectEs: t.SubjectES, SubjectPt: t.SubjectPT, BodyEs: t.BodyES, BodyPt: t.BodyPT},
	}
	if c.PerMinute != nil {
		out.PerMinute = *c.PerMinute
	}
	if c.SendStartedAt != nil {
		out.SendTime = timestamppb.New(*c.SendStartedAt)
	}
	if c.SendFinishedAt != nil {
		out.FinishTime = timestamppb.New(*c.SendFinishedAt)
	}
	return out
}
