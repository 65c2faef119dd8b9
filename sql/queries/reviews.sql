-- ReviewableLine is what lets a shopper review a product: the order is
-- theirs, delivered, and has a line of the product. The order row is
-- locked, so a concurrent account deletion waits for the review.
-- name: ReviewableLine :one
SELECT o.delivery_name, l.product_name
FROM orders o
JOIN order_lines l ON l.order_id = o.id AND l.product_id = @product_id
WHERE o.id = @order_id AND o.user_id = @user_id AND o.status = 'delivered'
LIMIT 1
FOR UPDATE OF o;

-- name: ReviewInsert :one
INSERT INTO product_reviews (order_id, product_id, user_id, author, stars, body, language)
VALUES (@order_id, @product_id, @user_id, @author, @stars, @body, @language)
ON CONFLICT (order_id, product_id) DO NOTHING
RETURNING *;

-- ReviewsOfOrder are the reviews a shopper wrote for one of their orders.
-- name: ReviewsOfOrder :many
SELECT * FROM product_reviews
WHERE order_id = @order_id AND user_id = @user_id
ORDER BY product_id;

-- ReviewsPublished is a product page's reviews, newest first.
-- name: ReviewsPublished :many
SELECT * FROM product_reviews
WHERE product_id = @product_id AND status = 'published'
ORDER BY created_at DESC, id DESC
LIMIT @page_limit OFFSET @page_offset;

-- ReviewsForModeration is the back office's list, filtered by status
-- (empty: all), newest first, with the product's name.
-- name: ReviewsForModeration :many
SELECT sqlc.embed(r), p.name AS product_name
FROM product_reviews r
JOIN products p ON p.id = r.product_id
WHERE (@status::text = '' OR r.status = @status)
ORDER BY r.created_at DESC, r.id DESC
LIMIT @page_limit OFFSET @page_offset;

-- name: ReviewsForModerationCount :one
SELECT count(*) FROM product_reviews
WHERE (@status::text = '' OR status = @status);

-- name: ReviewForUpdate :one
SELECT * FROM product_reviews WHERE id = @id FOR UPDATE;

-- name: ReviewModerate :one
UPDATE product_reviews
SET status = @status, reject_reason = @reject_reason, moderated_by = @moderated_by, moderated_at = now()
WHERE id = @id
RETURNING *;

-- ReviewRefreshProductRating keeps the product's rating and review count
-- equal to its published reviews', in the moderation's transaction.
-- name: ReviewRefreshProductRating :exec
UPDATE products p
SET rating = s.rating, review_count = s.n
FROM (
    SELECT coalesce(round(avg(stars), 1), 0)::numeric(2, 1) AS rating, count(*)::integer AS n
    FROM product_reviews WHERE product_id = @product_id AND status = 'published'
) s
WHERE p.id = @product_id;
