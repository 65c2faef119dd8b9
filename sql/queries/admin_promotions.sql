-- The back office's promotions desk (issue 15). State is decided at @now:
-- scheduled before its start, running until its end, ended after it or
-- once withdrawn (is_active false).

-- name: AdminListPromotions :many
SELECT c.id, c.product_id, c.promotion_type, c.discount_basis_points, c.fixed_price_cents,
    c.starts_at, c.ends_at, c.is_active, c.created_at, p.name AS product_name,
    p.price_cents AS regular_price_cents, c.lowest_price_30d_cents
FROM admin_promotions c
JOIN products p ON p.id = c.product_id
WHERE (@product_id::bigint = 0 OR c.product_id = @product_id)
  AND (@include_ended::boolean OR (c.is_active AND (c.ends_at IS NULL OR c.ends_at >= @now::timestamptz)))
ORDER BY c.created_at DESC, c.id DESC
LIMIT @page_limit OFFSET @page_offset;

-- name: AdminCountPromotions :one
SELECT count(*) FROM product_promotions c
WHERE (@product_id::bigint = 0 OR c.product_id = @product_id)
  AND (@include_ended::boolean OR (c.is_active AND (c.ends_at IS NULL OR c.ends_at >= @now::timestamptz)));

-- name: AdminGetPromotion :one
SELECT c.id, c.product_id, c.promotion_type, c.discount_basis_points, c.fixed_price_cents,
    c.starts_at, c.ends_at, c.is_active, c.created_at, p.name AS product_name,
    p.price_cents AS regular_price_cents, c.lowest_price_30d_cents
FROM admin_promotions c
JOIN products p ON p.id = c.product_id
WHERE c.id = @id;

-- PromotionsOfProduct are a product's promotions that have not ended at
-- @now, for the overlap check; the caller holds the product's row lock, so
-- two desks cannot both add an overlapping one.
-- name: PromotionsOfProduct :many
SELECT id, starts_at, ends_at, created_at FROM product_promotions
WHERE product_id = @product_id AND is_active AND (ends_at IS NULL OR ends_at >= @now::timestamptz)
ORDER BY id;

-- name: ProductFirstPriced :one
-- When the product was first priced: its first price_history row, or its
-- creation for a product with none (each price written since has one).
SELECT coalesce(
    (SELECT min(h.valid_from) FROM price_history h WHERE h.product_id = @product_id),
    (SELECT p.created_at FROM products p WHERE p.id = @product_id))::timestamptz AS first_priced;

-- name: InsertPromotion :one
INSERT INTO product_promotions (product_id, promotion_type, discount_basis_points, fixed_price_cents,
    starts_at, ends_at)
VALUES (@product_id, @promotion_type, sqlc.narg(discount_basis_points), sqlc.narg(fixed_price_cents),
    @starts_at, @ends_at)
RETURNING id;

-- name: UpdatePromotion :exec
UPDATE product_promotions
SET promotion_type = @promotion_type, discount_basis_points = sqlc.narg(discount_basis_points),
    fixed_price_cents = sqlc.narg(fixed_price_cents), starts_at = @starts_at, ends_at = @ends_at
WHERE id = @id;

-- EndPromotion ends a running promotion at @now, or withdraws one that has
-- not started.
-- name: EndPromotion :exec
UPDATE product_promotions
SET ends_at = CASE WHEN starts_at IS NULL OR starts_at <= @now::timestamptz THEN @now::timestamptz ELSE ends_at END,
    is_active = (starts_at IS NULL OR starts_at <= @now::timestamptz)
WHERE id = @id;

-- name: LockPromotion :one
SELECT product_id FROM product_promotions WHERE id = @id FOR UPDATE;
