-- ListProductsByName and its siblings list products sold online (the
-- products.sold_online flag the visibility trigger keeps, which the partial
-- indexes WHERE sold_online cover). There is one query per sort order because
-- an ORDER BY chosen by a CASE cannot walk an index. An empty filter means
-- "any"; with the values bound (a custom plan) the unused conditions fold away.
-- Names sort in the Spanish collation (migration 00010 indexes it).
-- name: ListProductsByName :many
SELECT p.* FROM products p
WHERE p.sold_online
  AND (@category::text = '' OR p.category = @category)
  AND (@online_category::text = '' OR p.online_categories @> ARRAY[@online_category::text])
  AND (@country::text = '' OR EXISTS (
      SELECT 1 FROM product_country_visibility v
      WHERE v.product_id = p.id AND v.country_slug = @country
        AND v.is_visible AND v.sales_channel IN ('online', 'both')))
ORDER BY p.name COLLATE "es-x-icu", p.id
LIMIT @page_limit OFFSET @page_offset;

-- name: ListProductsByPriceAsc :many
SELECT p.* FROM products p
WHERE p.sold_online
  AND (@category::text = '' OR p.category = @category)
  AND (@online_category::text = '' OR p.online_categories @> ARRAY[@online_category::text])
  AND (@country::text = '' OR EXISTS (
      SELECT 1 FROM product_country_visibility v
      WHERE v.product_id = p.id AND v.country_slug = @country
        AND v.is_visible AND v.sales_channel IN ('online', 'both')))
ORDER BY p.price_cents, p.id
LIMIT @page_limit OFFSET @page_offset;

-- name: ListProductsByPriceDesc :many
SELECT p.* FROM products p
WHERE p.sold_online
  AND (@category::text = '' OR p.category = @category)
  AND (@online_category::text = '' OR p.online_categories @> ARRAY[@online_category::text])
  AND (@country::text = '' OR EXISTS (
      SELECT 1 FROM product_country_visibility v
      WHERE v.product_id = p.id AND v.country_slug = @country
        AND v.is_visible AND v.sales_channel IN ('online', 'both')))
ORDER BY p.price_cents DESC, p.id DESC
LIMIT @page_limit OFFSET @page_offset;

-- name: ListProductsByNewest :many
SELECT p.* FROM products p
WHERE p.sold_online
  AND (@category::text = '' OR p.category = @category)
  AND (@online_category::text = '' OR p.online_categories @> ARRAY[@online_category::text])
  AND (@country::text = '' OR EXISTS (
      SELECT 1 FROM product_country_visibility v
      WHERE v.product_id = p.id AND v.country_slug = @country
        AND v.is_visible AND v.sales_channel IN ('online', 'both')))
ORDER BY p.created_at DESC, p.id DESC
LIMIT @page_limit OFFSET @page_offset;

-- name: CountProducts :one
SELECT count(*) FROM products p
WHERE p.sold_online
  AND (@category::text = '' OR p.category = @category)
  AND (@online_category::text = '' OR p.online_categories @> ARRAY[@online_category::text])
  AND (@country::text = '' OR EXISTS (
      SELECT 1 FROM product_country_visibility v
      WHERE v.product_id = p.id AND v.country_slug = @country
        AND v.is_visible AND v.sales_channel IN ('online', 'both')));

-- ResolveCountry turns a country slug, or the slug of one of its other
-- spellings ("rep-dominicana" for "Rep. Dominicana"), into its slug.
-- name: ResolveCountry :one
SELECT c.slug FROM countries c
WHERE c.slug = @slug
   OR EXISTS (
      SELECT 1 FROM unnest(c.aliases) AS a(alias)
      WHERE trim(both '-' FROM regexp_replace(search_normalize(a.alias), '[^a-z0-9]+', '-', 'g')) = @slug)
ORDER BY c.slug = @slug DESC
LIMIT 1;

-- name: GetOnlineProduct :one
SELECT * FROM products
WHERE id = @id AND sold_online;

-- SearchProducts matches the normalised pattern (already LIKE-escaped by the
-- caller) anywhere in name, code or SKU through the trigram index; names
-- starting with it come first.
-- name: SearchProducts :many
SELECT p.* FROM products p
WHERE p.sold_online
  AND p.search_text LIKE '%' || search_normalize(@pattern::text) || '%'
ORDER BY p.search_text LIKE search_normalize(@pattern::text) || '%' DESC, p.name COLLATE "es-x-icu", p.id
LIMIT @max_results;

-- name: ListHomeCountries :many
SELECT * FROM countries
WHERE show_on_home
ORDER BY sort_order, slug;

-- GetProductsByIDs reads products whether or not they are sold online, so a
-- cart can tell an unknown product from one no longer sold online.
-- name: GetProductsByIDs :many
SELECT * FROM products
WHERE id = ANY(@ids::bigint[]);
