-- name: VisibilityListCountryProducts :many
-- @filter arrives with LIKE metacharacters escaped by the caller.
SELECT sqlc.embed(p), v.is_visible, v.sales_channel
FROM product_country_visibility v
JOIN products p ON p.id = v.product_id
WHERE v.country_slug = @country
  AND (@filter::text = '' OR p.search_text LIKE '%' || search_normalize(@filter::text) || '%')
ORDER BY p.name COLLATE "es-x-icu", p.id
LIMIT @page_limit OFFSET @page_offset;

-- name: VisibilityCountCountryProducts :one
SELECT count(*)
FROM product_country_visibility v
JOIN products p ON p.id = v.product_id
WHERE v.country_slug = @country
  AND (@filter::text = '' OR p.search_text LIKE '%' || search_normalize(@filter::text) || '%');

-- name: VisibilitySearchAddable :many
-- @query arrives with LIKE metacharacters escaped by the caller.
SELECT sqlc.embed(p)
FROM products p
WHERE p.search_text LIKE '%' || search_normalize(@query::text) || '%'
  AND NOT EXISTS (
      SELECT 1 FROM product_country_visibility v
      WHERE v.product_id = p.id AND v.country_slug = @country AND v.is_visible)
ORDER BY p.name COLLATE "es-x-icu", p.id
LIMIT 50;

-- name: VisibilityForProducts :many
SELECT product_id, country_slug, is_visible, sales_channel
FROM product_country_visibility
WHERE product_id = ANY(@product_ids::bigint[])
ORDER BY product_id, country_slug;

-- name: VisibilityLockProduct :one
-- Serialises visibility changes of one product (the sold_online trigger
-- rewrites the product row anyway) and tells an unknown product apart.
SELECT sqlc.embed(p) FROM products p WHERE p.id = @id FOR NO KEY UPDATE;

-- name: VisibilityLockProducts :exec
-- Locks a batch's products in id order before any change, so two batches
-- naming the same products in different orders queue instead of deadlocking.
SELECT id FROM products WHERE id = ANY(@ids::bigint[]) ORDER BY id FOR NO KEY UPDATE;

-- name: VisibilityGet :one
SELECT is_visible, sales_channel
FROM product_country_visibility
WHERE product_id = @product_id AND country_slug = @country;

-- name: VisibilityInsert :exec
INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel, company_id, updated_by)
VALUES (@product_id, @country, true, @sales_channel,
        (SELECT id FROM companies WHERE name = @company), sqlc.narg('updated_by'));

-- name: VisibilityUpdate :exec
UPDATE product_country_visibility
SET is_visible = true, sales_channel = @sales_channel, updated_by = sqlc.narg('updated_by'), updated_at = now()
WHERE product_id = @product_id AND country_slug = @country;

-- name: VisibilityDelete :exec
DELETE FROM product_country_visibility
WHERE product_id = @product_id AND country_slug = @country;
