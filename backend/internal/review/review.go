// Package review is the business module of verified reviews (issue 41): the
// buyer of a delivered order reviews its products, once per product and
// order; the owner publishes or rejects each review with a reason, never
// editing it, audited; and the product's rating and review count are its
// published reviews', kept in the moderation's transaction. The Omnibus
// directive asks the shop to say how reviews are verified and bans fake
// ones: no review shows that does not come from a delivered purchase.
package review

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/paging"
)

// Service holds the reviews' use cases.
type Service struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

// New returns the module.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: db.New(pool)}
}

// Draft is a shopper's review of a product of one of their orders.
type Draft struct {
	UserID, OrderID, ProductID int64
	Stars                      int32
	Text                       string
	// Language is the stored language code, "es" or "pt".
	Language string
}

// Create keeps a review pending moderation, if the order is the caller's,
// delivered and has the product, and no review of that product from that
// order exists.
func (s *Service) Create(ctx context.Context, d Draft) (db.ProductReview, error) {
	text := strings.TrimSpace(d.Text)
	switch {
	case d.Stars < 1 || d.Stars > 5:
		return db.ProductReview{}, fault.InvalidField("stars", "give from 1 to 5 stars")
	case text == "":
		return db.ProductReview{}, fault.InvalidField("text", "write the review")
	case len([]rune(text)) > MaxText:
		return db.ProductReview{}, fault.InvalidField("text", fmt.Sprintf("at most %d characters", MaxText))
	}
	var saved db.ProductReview
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		line, err := q.ReviewableLine(ctx, db.ReviewableLineParams{OrderID: d.OrderID, UserID: d.UserID, ProductID: d.ProductID})
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.Refused, Reason: "REVIEW_NOT_ALLOWED",
				Message: fmt.Sprintf("order %d is not a delivered order of yours with product %d", d.OrderID, d.ProductID)}
		}
		if err != nil {
			return fmt.Errorf("review: check order %d: %w", d.OrderID, err)
		}
		saved, err = q.ReviewInsert(ctx, db.ReviewInsertParams{
			OrderID: d.OrderID, ProductID: d.ProductID, UserID: d.UserID, Author: Author(line.DeliveryName),
			Stars: int16(d.Stars), Body: text, Language: d.Language,
		})
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.Conflict, Reason: "REVIEW_EXISTS",
				Message: fmt.Sprintf("product %d of order %d is reviewed already", d.ProductID, d.OrderID)}
		}
		if err != nil {
			return fmt.Errorf("review: store review of order %d: %w", d.OrderID, err)
		}
		return nil
	})
	return saved, err
}

// OfOrder lists the reviews the user wrote from one of their orders.
func (s *Service) OfOrder(ctx context.Context, userID, orderID int64) ([]db.ProductReview, error) {
	rows, err := s.q.ReviewsOfOrder(ctx, db.ReviewsOfOrderParams{OrderID: orderID, UserID: userID})
	if err != nil {
		return nil, fmt.Errorf("review: reviews of order %d: %w", orderID, err)
	}
	return rows, nil
}

// publicSizes are the product page's page sizes.
var publicSizes = paging.Sizes{Default: 10, Max: 50}

// Published lists a product's published reviews, newest first.
func (s *Service) Published(ctx context.Context, productID int64, page, size int32) ([]db.ProductReview, error) {
	w, err := paging.Page(page, size, publicSizes)
	if err != nil {
		return nil, err
	}
	rows, err := s.q.ReviewsPublished(ctx, db.ReviewsPublishedParams{ProductID: productID, PageLimit: w.Size, PageOffset: w.Offset})
	if err != nil {
		return nil, fmt.Errorf("review: published reviews of product %d: %w", productID, err)
	}
	return rows, nil
}

// deskSizes are the back office list's page sizes.
var deskSizes = paging.Sizes{Default: 20, Max: 100}

// Page is one page of the back office's list and the size of the whole list.
type Page struct {
	Rows  []db.ReviewsForModerationRow
	Total int32
}

// List is the back office's list of reviews in status ("" for every one).
func (s *Service) List(ctx context.Context, status string, page, size int32) (Page, error) {
	w, err := paging.Page(page, size, deskSizes)
	if err != nil {
		return Page{}, err
	}
	var out Page
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		total, err := q.ReviewsForModerationCount(ctx, status)
		if err != nil {
			return fmt.Errorf("review: count reviews: %w", err)
		}
		rows, err := q.ReviewsForModeration(ctx, db.ReviewsForModerationParams{Status: status, PageLimit: w.Size, PageOffset: w.Offset})
		if err != nil {
			return fmt.Errorf("review: list reviews: %w", err)
		}
		out = Page{Rows: rows, Total: int32(total)}
		return nil
	})
	return out, err
}

// Publish shows a review on its product's page.
func (s *Service) Publish(ctx context.Context, by audit.Caller, id int64) (db.ProductReview, error) {
	return s.moderate(ctx, by, id, Published, "")
}

// Reject hides a review, with the reason.
func (s *Service) Reject(ctx context.Context, by audit.Caller, id int64, reason string) (db.ProductReview, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return db.ProductReview{}, fault.InvalidField("reason", "say why the review is rejected")
	}
	if len([]rune(reason)) > MaxReason {
		return db.ProductReview{}, fault.InvalidField("reason", fmt.Sprintf("at most %d characters", MaxReason))
	}
	return s.moderate(ctx, by, id, Rejected, reason)
}

// decision is what the audit trail records of a moderation.
type decision struct {
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
}

// moderate moves a review under its row lock, refreshes its product's
// rating from the published reviews and audits the decision, in one
// transaction.
func (s *Service) moderate(ctx context.Context, by audit.Caller, id int64, to, reason string) (db.ProductReview, error) {
	var saved db.ProductReview
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		before, err := q.ReviewForUpdate(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return &fault.Error{Kind: fault.NotFound, Reason: "REVIEW_NOT_FOUND", Message: fmt.Sprintf("no review %d", id)}
		}
		if err != nil {
			return fmt.Errorf("review: read review %d: %w", id, err)
		}
		if !CanMove(before.Status, to) {
			return &fault.Error{Kind: fault.Refused, Reason: "REVIEW_ALREADY_" + strings.ToUpper(to),
				Message: fmt.Sprintf("review %d is %s already", id, before.Status)}
		}
		var moderator *int64
		if by.UserID != 0 {
			moderator = &by.UserID
		}
		saved, err = q.ReviewModerate(ctx, db.ReviewModerateParams{ID: id, Status: to, RejectReason: reason, ModeratedBy: moderator})
		if err != nil {
			return fmt.Errorf("review: moderate review %d: %w", id, err)
		}
		if err := q.ReviewRefreshProductRating(ctx, saved.ProductID); err != nil {
			return fmt.Errorf("review: rating of product %d: %w", saved.ProductID, err)
		}
		action := "review.publish"
		if to == Rejected {
			action = "review.reject"
		}
		return audit.Record(ctx, q, by, action, "review:"+strconv.FormatInt(id, 10),
			decision{Status: before.Status, Reason: before.RejectReason}, decision{Status: to, Reason: reason})
	})
	return saved, err
}
