// Package reviewapi serves ReviewService over Connect: a shopper's reviews
// of their delivered orders and a product's published reviews. It decodes
// the request, calls the review module's use case and maps its result.
package reviewapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/review"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements ReviewService.
type Handler struct {
	reviews *review.Service
}

var _ saboresv1connect.ReviewServiceHandler = (*Handler)(nil)

// New returns the handler of the review module's shopper use cases.
func New(r *review.Service) *Handler {
	return &Handler{reviews: r}
}

// CreateReview keeps a review of a product of the caller's delivered order.
func (h *Handler) CreateReview(ctx context.Context, req *connect.Request[saboresv1.CreateReviewRequest]) (*connect.Response[saboresv1.CreateReviewResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	m := req.Msg
	language := "es"
	if m.GetLanguage() == saboresv1.Language_LANGUAGE_PT {
		language = "pt"
	}
	saved, err := h.reviews.Create(ctx, review.Draft{
		UserID: userID, OrderID: m.GetOrderId(), ProductID: m.GetProductId(), Stars: m.GetStars(),
		Text: m.GetText(), Language: language,
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CreateReviewResponse{Review: apimap.ReviewToProto(saved, "")}), nil
}

// ListOrderReviews lists the caller's reviews of one of their orders.
func (h *Handler) ListOrderReviews(ctx context.Context, req *connect.Request[saboresv1.ListOrderReviewsRequest]) (*connect.Response[saboresv1.ListOrderReviewsResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := h.reviews.OfOrder(ctx, userID, req.Msg.GetOrderId())
	if err != nil {
		return nil, err
	}
	out := &saboresv1.ListOrderReviewsResponse{Reviews: make([]*saboresv1.Review, len(rows))}
	for i, r := range rows {
		out.Reviews[i] = apimap.ReviewToProto(r, "")
	}
	return connect.NewResponse(out), nil
}

// ListProductReviews lists a product's published reviews.
func (h *Handler) ListProductReviews(ctx context.Context, req *connect.Request[saboresv1.ListProductReviewsRequest]) (*connect.Response[saboresv1.ListProductReviewsResponse], error) {
	m := req.Msg
	rows, err := h.reviews.Published(ctx, m.GetProductId(), m.GetPage(), m.GetPageSize())
	if err != nil {
		return nil, err
	}
	out := &saboresv1.ListProductReviewsResponse{Reviews: make([]*saboresv1.Review, len(rows))}
	for i, r := range rows {
		out.Reviews[i] = apimap.PublicReviewToProto(r)
	}
	return connect.NewResponse(out), nil
}
