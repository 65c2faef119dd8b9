package review_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/review"
)

// The seeded shop: João's order 5ab0…0004 was delivered with Inca Kola
// (5001, reviewed by the seed) and Yerba Taragüi; his order 5ab0…0003 was
// cancelled; María's order 5ab0…0001 was delivered.
const (
	yerba   = 6001
	grogue  = 3002
	guarana = 1001
)

func orderOf(t *testing.T, pool *pgxpool.Pool, key string) (orderID, userID int64) {
	t.Helper()
	err := pool.QueryRow(context.Background(), "SELECT id, user_id FROM orders WHERE idempotency_key = $1", key).Scan(&orderID, &userID)
	if err != nil {
		t.Fatalf("order %s: %v", key, err)
	}
	return orderID, userID
}

func ratingOf(t *testing.T, pool *pgxpool.Pool, productID int64) (float64, int32) {
	t.Helper()
	var rating float64
	var n int32
	err := pool.QueryRow(context.Background(), "SELECT rating::float8, review_count FROM products WHERE id = $1", productID).Scan(&rating, &n)
	if err != nil {
		t.Fatalf("product %d: %v", productID, err)
	}
	return rating, n
}

func reason(err error) string {
	var f *fault.Error
	if errors.As(err, &f) {
		return f.Reason
	}
	return ""
}

func TestOnlyTheBuyerOfADeliveredOrderReviewsItsProductsOnce(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	ctx := context.Background()
	s := review.New(pool)
	delivered, joao := orderOf(t, pool, "5ab0e500-0000-4000-8000-000000000004")
	cancelled, _ := orderOf(t, pool, "5ab0e500-0000-4000-8000-000000000003")
	marias, _ := orderOf(t, pool, "5ab0e500-0000-4000-8000-000000000001")

	refused := []struct {
		name  string
		draft review.Draft
		want  string
	}{
		{"a cancelled order", review.Draft{UserID: joao, OrderID: cancelled, ProductID: grogue}, "REVIEW_NOT_ALLOWED"},
		{"someone else's order", review.Draft{UserID: joao, OrderID: marias, ProductID: guarana}, "REVIEW_NOT_ALLOWED"},
		{"a product not in the order", review.Draft{UserID: joao, OrderID: delivered, ProductID: guarana}, "REVIEW_NOT_ALLOWED"},
	}
	for _, c := range refused {
		c.draft.Stars, c.draft.Text, c.draft.Language = 4, "Bueno", "es"
		if _, err := s.Create(ctx, c.draft); reason(err) != c.want {
			t.Errorf("%s: err = %v, want %s", c.name, err, c.want)
		}
	}

	draft := review.Draft{UserID: joao, OrderID: delivered, ProductID: yerba, Stars: 4, Text: "  Boa erva, bem moída.  ", Language: "pt"}
	saved, err := s.Create(ctx, draft)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if saved.Status != review.Pending || saved.Author != "João S." || saved.Body != "Boa erva, bem moída." {
		t.Errorf("saved = %+v, want pending by João S. with the text trimmed", saved)
	}
	if _, err := s.Create(ctx, draft); reason(err) != "REVIEW_EXISTS" {
		t.Errorf("second review: err = %v, want REVIEW_EXISTS", err)
	}
	mine, err := s.OfOrder(ctx, joao, delivered)
	if err != nil || len(mine) != 2 {
		t.Fatalf("OfOrder = %d reviews, %v; want the seeded one and the new one", len(mine), err)
	}
	if rating, n := ratingOf(t, pool, yerba); rating != 0 || n != 0 {
		t.Errorf("before moderation: rating %v of %d reviews, want nothing shown", rating, n)
	}
	if page, err := s.Published(ctx, yerba, 0, 0); err != nil || len(page) != 0 {
		t.Errorf("published before moderation = %d, %v; want none", len(page), err)
	}
}

func TestModerationSetsTheRatingFromPublishedReviewsAndIsAudited(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	ctx := context.Background()
	s := review.New(pool)
	delivered, joao := orderOf(t, pool, "5ab0e500-0000-4000-8000-000000000004")
	owner := audit.Caller{Name: "admin@sabores.test"}

	saved, err := s.Create(ctx, review.Draft{UserID: joao, OrderID: delivered, ProductID: yerba, Stars: 3, Text: "Correcta", Language: "es"})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if _, err := s.Publish(ctx, owner, saved.ID); err != nil {
		t.Fatalf("publish: %v", err)
	}
	if rating, n := ratingOf(t, pool, yerba); rating != 3 || n != 1 {
		t.Errorf("after publishing: rating %v of %d reviews, want 3 of 1", rating, n)
	}
	if _, err := s.Publish(ctx, owner, saved.ID); reason(err) != "REVIEW_ALREADY_PUBLISHED" {
		t.Errorf("publishing twice: err = %v", err)
	}
	var blank *fault.Error
	if _, err := s.Reject(ctx, owner, saved.ID, "   "); !errors.As(err, &blank) || blank.Field != "reason" {
		t.Errorf("a reject without a reason: err = %v, want the field refused", err)
	}
	rejected, err := s.Reject(ctx, owner, saved.ID, "Habla de otro producto")
	if err != nil {
		t.Fatalf("reject: %v", err)
	}
	if rejected.Body != "Correcta" || rejected.RejectReason != "Habla de otro producto" {
		t.Errorf("rejected = %+v: the text must stay as written, with the reason", rejected)
	}
	if rating, n := ratingOf(t, pool, yerba); rating != 0 || n != 0 {
		t.Errorf("after rejecting: rating %v of %d reviews, want none", rating, n)
	}
	var audited int
	err = pool.QueryRow(ctx, "SELECT count(*) FROM audit_events WHERE entity = 'review:' || $1::bigint AND action IN ('review.publish', 'review.reject')",
		saved.ID).Scan(&audited)
	if err != nil || audited != 2 {
		t.Errorf("audit rows = %d, %v; want 2", audited, err)
	}
	if _, err := s.Publish(ctx, owner, 987654); reason(err) != "REVIEW_NOT_FOUND" {
		t.Errorf("unknown review: err = %v", err)
	}
}

func TestSeededRatingsComeFromPublishedReviews(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	var unbacked int
	err := pool.QueryRow(context.Background(), `
		SELECT count(*) FROM products p
		WHERE p.review_count <> (SELECT count(*) FROM product_reviews r WHERE r.product_id = p.id AND r.status = 'published')
		   OR (p.review_count = 0 AND p.rating <> 0)`).Scan(&unbacked)
	if err != nil {
		t.Fatal(err)
	}
	if unbacked != 0 {
		t.Errorf("%d products show a rating no published review backs", unbacked)
	}
	if rating, n := ratingOf(t, pool, guarana); rating != 5 || n != 1 {
		t.Errorf("Guaraná: rating %v of %d reviews, want the seeded review's 5 of 1", rating, n)
	}
}
