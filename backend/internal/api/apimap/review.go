package apimap

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/review"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ReviewToProto maps a stored review to the contract; productName may be
// empty.
func ReviewToProto(r db.ProductReview, productName string) *saboresv1.Review {
	out := &saboresv1.Review{
		Id: r.ID, ProductId: r.ProductID, ProductName: productName, OrderId: r.OrderID, Author: r.Author,
		Stars: int32(r.Stars), Text: r.Body, Language: r.Language, Status: ReviewStatusToProto(r.Status),
		RejectReason: r.RejectReason, CreateTime: timestamppb.New(r.CreatedAt),
	}
	if r.ModeratedAt != nil {
		out.ModerateTime = timestamppb.New(*r.ModeratedAt)
	}
	return out
}

// PublicReviewToProto is a review as the product page shows it: no order,
// no moderation details.
func PublicReviewToProto(r db.ProductReview) *saboresv1.Review {
	return &saboresv1.Review{
		Id: r.ID, ProductId: r.ProductID, Author: r.Author, Stars: int32(r.Stars), Text: r.Body,
		Language: r.Language, Status: saboresv1.ReviewStatus_REVIEW_STATUS_PUBLISHED, CreateTime: timestamppb.New(r.CreatedAt),
	}
}

// ReviewStatusToProto maps a stored review status.
func ReviewStatusToProto(s string) saboresv1.ReviewStatus {
	switch s {
	case review.Pending:
		return saboresv1.ReviewStatus_REVIEW_STATUS_PENDING
	case review.Published:
		return saboresv1.ReviewStatus_REVIEW_STATUS_PUBLISHED
	case review.Rejected:
		return saboresv1.ReviewStatus_REVIEW_STATUS_REJECTED
	}
	return saboresv1.ReviewStatus_REVIEW_STATUS_UNSPECIFIED
}

// StoredReviewStatus maps the contract's status filter ("" for every one).
func StoredReviewStatus(s saboresv1.ReviewStatus) string {
	switch s {
	case saboresv1.ReviewStatus_REVIEW_STATUS_PENDING:
		return review.Pending
	case saboresv1.ReviewStatus_REVIEW_STATUS_PUBLISHED:
		return review.Published
	case saboresv1.ReviewStatus_REVIEW_STATUS_REJECTED:
		return review.Rejected
	}
	return ""
}
