-- ListProductsByName and its siblings list products sold online (the
-- products.sold_online flag the visibility trigger keeps, which the partial
-- indexes WHERE sold_online cover). There is one query per sort order because
-- an ORDER BY chosen by a CASE cannot walk an index. An empty filter means
-- "any"; with the values bound (a custom plan) the unused conditions fold away.
-- Names sort in the Spanish collation (migration 00010 indexes it). A
-- country page uses ListCountryProducts instead.
-- The page's ids are found first, from the index alone where it holds the
-- sort key (an index-only scan), and only its 20 rows are then read: a deep
-- page (OFFSET 780) skipped 780 whole rows otherwise, 3 ms instead of 0.2.
-- name: ListProductsByName :many
SELECT p.* FROM (
    SELECT q.id, q.name FROM products q
    WHERE q.sold_online
      AND (@category::text = '' OR q.category = @category)
      AND (@online_category::text = '' OR q.online_categories @> ARRAY[@online_category::text])
      AND (cardinality(@without_allergens::text[]) = 0 OR NOT q.allergen_risk && @without_allergens::text[])
    ORDER BY q.name COLLATE "es-x-icu", q.id
    LIMIT @page_limit OFFSET @page_offset
) AS page
JOIN products p ON p.id = page.id
ORDER BY page.name COLLATE "es-x-icu", page.id;

-- The two price orders leave out @excluded, the products on a promotion
-- now (a few hundred at most, known from memory): they are listed by the
-- price shown, merged in by catalog.mergeByShownPrice, so the index still
-- gives the rest in order.
-- name: ListProductsByPriceAsc :many
SELECT p.* FROM (
    SELECT q.id, q.price_cents FROM products q
    WHERE q.sold_online
      AND (@category::text = '' OR q.category = @category)
      AND (@online_category::text = '' OR q.online_categories @> ARRAY[@online_category::text])
      AND q.id <> ALL(@excluded::bigint[])
      AND (cardinality(@without_allergens::text[]) = 0 OR NOT q.allergen_risk && @without_allergens::text[])
    ORDER BY q.price_cents, q.id
    LIMIT @page_limit OFFSET @page_offset
) AS page
JOIN products p ON p.id = page.id
ORDER BY page.price_cents, page.id;

-- name: ListProductsByPriceDesc :many
SELECT p.* FROM (
    SELECT q.id, q.price_cents FROM products q
    WHERE q.sold_online
      AND (@category::text = '' OR q.category = @category)
      AND (@online_category::text = '' OR q.online_categories @> ARRAY[@online_category::text])
      AND q.id <> ALL(@excluded::bigint[])
      AND (cardinality(@without_allergens::text[]) = 0 OR NOT q.allergen_risk && @without_allergens::text[])
    ORDER BY q.price_cents DESC, q.id DESC
    LIMIT @page_limit OFFSET @page_offset
) AS page
JOIN products p ON p.id = page.id
ORDER BY page.price_cents DESC, page.id DESC;

-- name: ListProductsByNewest :many
SELECT p.* FROM (
    SELECT q.id, q.created_at FROM products q
    WHERE q.sold_online
      AND (@category::text = '' OR q.category = @category)
      AND (@online_category::text = '' OR q.online_categories @> ARRAY[@online_category::text])
      AND (cardinality(@without_allergens::text[]) = 0 OR NOT q.allergen_risk && @without_allergens::text[])
    ORDER BY q.created_at DESC, q.id DESC
    LIMIT @page_limit OFFSET @page_offset
) AS page
JOIN products p ON p.id = page.id
ORDER BY page.created_at DESC, page.id DESC;

-- CountProducts is the total of a listing's filters, kept by migration
-- 00040's triggers: a lookup, where counting read every matching product.
-- name: CountProducts :one
SELECT COALESCE((
    SELECT c.products FROM catalog_counts c
    WHERE c.category = @category::text AND c.online_category = @online_category::text
), 0)::bigint;

-- CountProductsWithoutAllergens counts a listing filtered by "without
-- allergen X", which catalog_counts does not keep: it reads the matching
-- products (products.allergen_risk, NULL for those without food
-- information, which never match). The filter is a shopper's choice on a
-- page already cached per URL, so its count is paid once per TTL.
-- name: CountProductsWithoutAllergens :one
SELECT count(*) FROM products q
WHERE q.sold_online
  AND (@category::text = '' OR q.category = @category)
  AND (@online_category::text = '' OR q.online_categories @> ARRAY[@online_category::text])
  AND NOT q.allergen_risk && @without_allergens::text[];

-- ListCountryProducts lists a country page: the products visible there
-- with channel online or both, found through visibility_country_online_idx
-- (an EXISTS under an OR would not be, as the planner cannot turn it into a
-- join). A country holds a few thousand products at most, so one query sorts
-- them in any of the four orders, with the same tie-breaks as the others.
-- @excluded leaves out the products on a promotion when sorting by price, as
-- in ListProductsByPriceAsc.
-- name: ListCountryProducts :many
SELECT p.* FROM product_country_visibility v
JOIN products p ON p.id = v.product_id
WHERE v.country_slug = @country AND v.is_visible AND v.sales_channel IN ('online', 'both')
  AND p.sold_online
  AND (@category::text = '' OR p.category = @category)
  AND (@online_category::text = '' OR p.online_categories @> ARRAY[@online_category::text])
  AND p.id <> ALL(@excluded::bigint[])
  AND (cardinality(@without_allergens::text[]) = 0 OR NOT p.allergen_risk && @without_allergens::text[])
ORDER BY
  CASE WHEN @sort::text = 'price_asc' THEN p.price_cents END,
  CASE WHEN @sort::text = 'price_desc' THEN p.price_cents END DESC,
  CASE WHEN @sort::text = 'newest' THEN p.created_at END DESC,
  CASE WHEN @sort::text = 'name' THEN p.name END COLLATE "es-x-icu",
  CASE WHEN @sort::text IN ('price_desc', 'newest') THEN p.id END DESC,
  p.id
LIMIT @page_limit OFFSET @page_offset;

-- CountCountryProducts counts a country page without filters from the
-- visibility index alone: a visible online row makes its product sold online
-- (the trigger's rule), so no product needs reading.
-- name: CountCountryProducts :one
SELECT count(*) FROM product_country_visibility v
WHERE v.country_slug = @country AND v.is_visible AND v.sales_channel IN ('online', 'both');

-- CountCountryProductsFiltered counts a country page filtered by category or
-- section. It reads each of the country's products by primary key: the
-- OFFSET 0 keeps the lookup per row, where the planner would otherwise hash
-- the whole products table to count one country.
-- name: CountCountryProductsFiltered :one
SELECT count(*) FROM product_country_visibility v
CROSS JOIN LATERAL (
    SELECT 1 FROM products p
    WHERE p.id = v.product_id AND p.sold_online
      AND (@category::text = '' OR p.category = @category)
      AND (@online_category::text = '' OR p.online_categories @> ARRAY[@online_category::text])
      AND (cardinality(@without_allergens::text[]) = 0 OR NOT p.allergen_risk && @without_allergens::text[])
    OFFSET 0
) AS matching
WHERE v.country_slug = @country AND v.is_visible AND v.sales_channel IN ('online', 'both');

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

-- GetOnlineProductPage is the product page's read: the product and its food
-- information (NULL columns when it has none) in one round trip. Read apart,
-- the second query doubled what a product page not yet cached costs shopd
-- and PostgreSQL (bench: get-product-cold, issue 12).
-- name: GetOnlineProductPage :one
SELECT sqlc.embed(p),
       f.product_id AS food_product_id, f.ingredients_es, f.ingredients_pt, f.contains, f.may_contain,
       f.net_quantity, f.net_unit, f.drained_weight_g, f.storage_es, f.storage_pt, f.energy_kj, f.energy_kcal,
       f.fat_mg, f.saturates_mg, f.carbohydrate_mg, f.sugars_mg, f.protein_mg, f.salt_mg, f.abv_basis_points,
       f.operator_name, f.operator_address, f.updated_at AS food_updated_at, f.updated_by AS food_updated_by,
       coalesce(s.manufacturer_name, '')::text AS safety_manufacturer_name,
       coalesce(s.manufacturer_address, '')::text AS safety_manufacturer_address,
       coalesce(s.manufacturer_contact, '')::text AS safety_manufacturer_contact,
       coalesce(s.responsible_name, '')::text AS safety_responsible_name,
       coalesce(s.responsible_address, '')::text AS safety_responsible_address,
       coalesce(s.responsible_contact, '')::text AS safety_responsible_contact,
       coalesce(s.warnings_es, '')::text AS safety_warnings_es,
       coalesce(s.warnings_pt, '')::text AS safety_warnings_pt,
       -- The earliest best-before date, past the shop's day, of a lot the
       -- owner sells past it with units on sale (issue 40): a unit sold may
       -- be of it, and the page says so (Reg. 1169/2011 Annex X).
       (SELECT min(l.expires_on) FROM lots l
        WHERE l.product_id = p.id AND l.date_type = 'best_before' AND l.sell_past_best_before
            AND l.remaining > 0 AND l.blocked_reason IS NULL
            AND l.expires_on < (now() AT TIME ZONE 'Europe/Madrid')::date)::date AS past_best_before
FROM products p
LEFT JOIN product_food_info f ON f.product_id = p.id
LEFT JOIN product_safety s ON s.product_id = p.id AND NOT p.is_food
WHERE p.id = @id AND p.sold_online;

-- SearchProductsByPrefix and SearchProductsContaining are the header
-- search's two tiers: names (search_text starts with the name) beginning with
-- the normalised, already LIKE-escaped pattern, then the other products whose
-- name, code or SKU contains it. Apart, each can stop after a few rows when
-- the term is common, or use the trigram index when it is rare; one query
-- ranking prefix matches first would have to read and sort every match.
-- Prefix matches come in normalised-name order (byte order of lower-case,
-- accent-free text, A–Z), which products_online_search_prefix_idx (migration
-- 00031) serves as a range already sorted: walking the name index instead
-- read most of the catalogue for a prefix sorting late.
-- name: SearchProductsByPrefix :many
SELECT p.* FROM products p
WHERE p.sold_online
  AND (p.search_text COLLATE "C") LIKE search_normalize(@pattern::text) || '%'
  AND (cardinality(@without_allergens::text[]) = 0 OR NOT p.allergen_risk && @without_allergens::text[])
ORDER BY p.search_text COLLATE "C", p.id
LIMIT @max_results;

-- name: SearchProductsContaining :many
SELECT p.* FROM products p
WHERE p.sold_online
  AND p.search_text LIKE '%' || search_normalize(@pattern::text) || '%'
  AND p.search_text NOT LIKE search_normalize(@pattern::text) || '%'
  AND (cardinality(@without_allergens::text[]) = 0 OR NOT p.allergen_risk && @without_allergens::text[])
ORDER BY p.name COLLATE "es-x-icu", p.id
LIMIT @max_results;

-- SearchProductsAllWords is the second tier of a search of several words:
-- products whose name, code or SKU has a word starting with each of them,
-- in any order (migration 00060's index), other than @excluded (the first
-- tier's), the most words matched closest together first.
-- name: SearchProductsAllWords :many
WITH q AS (
    SELECT to_tsquery('simple', string_agg(w || ':*', ' & ')) AS words
    FROM regexp_split_to_table(search_normalize(@query::text), '[^a-z0-9]+') AS w
    WHERE w <> ''
)
SELECT p.* FROM products p, q
WHERE p.sold_online
  AND to_tsvector('simple', p.search_text) @@ q.words
  AND p.id <> ALL(@excluded::bigint[])
  AND (cardinality(@without_allergens::text[]) = 0 OR NOT p.allergen_risk && @without_allergens::text[])
ORDER BY ts_rank_cd(to_tsvector('simple', p.search_text), q.words) DESC, p.search_text COLLATE "C", p.id
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

-- ListListedProductsByIDs reads which of some products (those on a
-- promotion now) a listing's filters keep, by primary key.
-- name: ListListedProductsByIDs :many
SELECT p.* FROM products p
WHERE p.id = ANY(@ids::bigint[]) AND p.sold_online
  AND (@category::text = '' OR p.category = @category)
  AND (@online_category::text = '' OR p.online_categories @> ARRAY[@online_category::text])
  AND (cardinality(@without_allergens::text[]) = 0 OR NOT p.allergen_risk && @without_allergens::text[])
  AND (@country::text = '' OR EXISTS (
      SELECT 1 FROM product_country_visibility v
      WHERE v.product_id = p.id AND v.country_slug = @country AND v.is_visible
        AND v.sales_channel IN ('online', 'both')));

-- SitemapProducts lists the ids of the products sold online for
-- /sitemap.xml, in id order along the primary key, at most @max_products
-- (a sitemap holds 50 000 addresses).
-- name: SitemapProducts :many
SELECT id FROM products WHERE sold_online ORDER BY id LIMIT @max_products;

-- SearchPageContaining is a page of the results page for a one-word
-- search: the products whose name, code or SKU contains it (the trigram
-- index finds them), names starting with it first, then in normalised-name
-- order, one order for every page so paging neither repeats nor skips.
-- name: SearchPageContaining :many
SELECT p.* FROM products p
WHERE p.sold_online
  AND p.search_text LIKE '%' || search_normalize(@pattern::text) || '%'
  AND (cardinality(@without_allergens::text[]) = 0 OR NOT p.allergen_risk && @without_allergens::text[])
ORDER BY ((p.search_text COLLATE "C") LIKE search_normalize(@pattern::text) || '%') DESC,
  p.search_text COLLATE "C", p.id
LIMIT @page_limit OFFSET @page_offset;

-- CountSearchContaining counts SearchPageContaining's matches, all pages.
-- name: CountSearchContaining :one
SELECT count(*) FROM products p
WHERE p.sold_online
  AND p.search_text LIKE '%' || search_normalize(@pattern::text) || '%'
  AND (cardinality(@without_allergens::text[]) = 0 OR NOT p.allergen_risk && @without_allergens::text[]);

-- SearchPageAllWords is a page of the results page for a search of several
-- words: products with a word starting with each of them, in any order
-- (migration 00060's index), those whose name starts with the whole query
-- first, then the most words matched closest together.
-- name: SearchPageAllWords :many
WITH q AS (
    SELECT to_tsquery('simple', string_agg(w || ':*', ' & ')) AS words
    FROM regexp_split_to_table(search_normalize(@query::text), '[^a-z0-9]+') AS w
    WHERE w <> ''
)
SELECT p.* FROM products p, q
WHERE p.sold_online
  AND to_tsvector('simple', p.search_text) @@ q.words
  AND (cardinality(@without_allergens::text[]) = 0 OR NOT p.allergen_risk && @without_allergens::text[])
ORDER BY ((p.search_text COLLATE "C") LIKE search_normalize(@pattern::text) || '%') DESC,
  ts_rank_cd(to_tsvector('simple', p.search_text), q.words) DESC, p.search_text COLLATE "C", p.id
LIMIT @page_limit OFFSET @page_offset;

-- CountSearchAllWords counts SearchPageAllWords' matches, all pages.
-- name: CountSearchAllWords :one
WITH q AS (
    SELECT to_tsquery('simple', string_agg(w || ':*', ' & ')) AS words
    FROM regexp_split_to_table(search_normalize(@query::text), '[^a-z0-9]+') AS w
    WHERE w <> ''
)
SELECT count(*) FROM products p, q
WHERE p.sold_online
  AND to_tsvector('simple', p.search_text) @@ q.words
  AND (cardinality(@without_allergens::text[]) = 0 OR NOT p.allergen_risk && @without_allergens::text[]);

-- MerchantFeedProducts is the Google Merchant feed's products: those sold
-- online (published, not archived, visible on the web), in id order, at
-- most @max_products.
-- name: MerchantFeedProducts :many
SELECT * FROM products WHERE sold_online ORDER BY id LIMIT @max_products;

-- MerchantFeedProduct is one product sold online, for its page's shipping.
-- name: MerchantFeedProduct :one
SELECT * FROM products WHERE id = @id AND sold_online;
