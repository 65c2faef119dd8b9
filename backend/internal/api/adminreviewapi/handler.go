// Package adminreviewapi serves AdminReviewService over Connect: the
// owner's moderation of verified reviews through the review module.
package adminreviewapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/review"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminReviewService.
type Handler struct {
	reviews *review.Service
}

var _ saboresv1connect.AdminReviewServiceHandler = (*Handler)(nil)

// New returns the handler of the review module's moderation use cases.
func New(r *review.Service) *Handler {
	return &Handler{reviews: r}
}

// ListReviews lists reviews by status.
func (h *Handler) ListReviews(ctx context.Context, req *connect.Request[saboresv1.ListReviewsRequest]) (*connect.Response[saboresv1.ListReviewsResponse], error) {
	m := req.Msg
	page, err := h.reviews.List(ctx, apimap.StoredReviewStatus(m.GetStatus()), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := &saboresv1.ListReviewsResponse{Reviews: make([]*saboresv1.Review, len(page.Rows)), TotalSize: page.Total}
	for i, r := range page.Rows {
		out.Reviews[i] = apimap.ReviewToProto(r.ProductReview, r.ProductName)
	}
	return connect.NewResponse(out), nil
}

// PublishReview publishes a review.
func (h *Handler) PublishReview(ctx context.Context, req *connect.Request[saboresv1.PublishReviewRequest]) (*connect.Response[saboresv1.PublishReviewResponse], error) {
	saved, err := h.reviews.Publish(ctx, auth.Caller(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.PublishReviewResponse{Review: apimap.ReviewToProto(saved, "")}), nil
}

// RejectReview rejects a review with its reason.
func (h *Handler) RejectReview(ctx context.Context, req *connect.Request[saboresv1.RejectReviewRequest]) (*connect.Response[saboresv1.RejectReviewResponse], error) {
	saved, err := h.reviews.Reject(ctx, auth.Caller(ctx), req.Msg.GetId(), req.Msg.GetReason())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RejectReviewResponse{Review: apimap.ReviewToProto(saved, "")}), nil
}
