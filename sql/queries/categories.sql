-- ListCategories lists the categories that have products sold online, in
-- their order, with how many: the counts are catalog_counts' rows (one
-- primary-key lookup each), whatever the catalogue's size.
-- name: ListCategories :many
SELECT c.slug, c.name_es, c.name_pt, n.products::bigint AS products
FROM categories c
JOIN catalog_counts n ON n.category = c.slug AND n.online_category = ''
WHERE n.products > 0
ORDER BY c.sort_order, c.slug;

-- ListCountryCategories is ListCategories for one country's products
-- visible there online, counted through visibility_country_online_idx as
-- CountCountryProducts is (a country holds a few thousand products at most).
-- name: ListCountryCategories :many
SELECT c.slug, c.name_es, c.name_pt, count(*)::bigint AS products
FROM product_country_visibility v
JOIN products p ON p.id = v.product_id AND p.sold_online
JOIN categories c ON c.slug = p.category
WHERE v.country_slug = @country AND v.is_visible AND v.sales_channel IN ('online', 'both')
GROUP BY c.slug, c.name_es, c.name_pt, c.sort_order
ORDER BY c.sort_order, c.slug;

-- CategoryNames are every category's names, for the back office.
-- name: CategoryNames :many
SELECT slug, name_es, name_pt FROM categories ORDER BY sort_order, slug;
