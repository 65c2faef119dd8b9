-- The back office's product desk (issue 15): create, edit, archive.

-- CreateProducts inserts a batch of new products, one from the back
-- office's form or 2 048 lines of a CSV import, in one statement: the
-- ledger's statement trigger (migration 00151) books their opening stock in
-- one INSERT and the catalog_changed trigger notifies once. Their
-- allergen_risk is stored at once (migration 00251), so the food
-- information the import adds next finds nothing to rewrite. The batch is
-- a JSON array (text[] columns travel in it, which unnest cannot take), its
-- products inserted in its order, each a draft (migration 00450): not on
-- sale until published.
-- name: CreateProducts :many
INSERT INTO products (
    name, code, sku, ean, brand, description, category, country_slug, price_cents, vat_basis_points, stock,
    online_categories, image_url, name_pt, description_pt, is_food, frozen, perishable, sealed_hygiene,
    age_restricted, allergen_risk, shipping_weight_grams, created_by, updated_by, published_at, sold_online
)
SELECT n.name, n.code, n.sku, n.ean, n.brand, n.description, n.category, nullif(n.country, ''),
       n.price_cents, n.vat_basis_points, n.stock, n.online_categories, n.image_url, n.name_pt,
       n.description_pt, n.is_food, n.frozen, n.perishable, n.sealed_hygiene, n.age_restricted,
       CASE WHEN n.has_food THEN allergen_risk(n.contains, n.may_contain) END, n.shipping_weight_grams,
       sqlc.narg('actor')::bigint, sqlc.narg('actor')::bigint, NULL, false
FROM ROWS FROM (jsonb_to_recordset(@products::jsonb) AS (
    name text, code text, sku text, ean text, brand text, description text, category text, country text,
    price_cents bigint, vat_basis_points integer, stock integer, online_categories text[], image_url text,
    name_pt text, description_pt text, is_food boolean, frozen boolean, perishable boolean,
    sealed_hygiene boolean, age_restricted boolean, has_food boolean, contains text[], may_contain text[],
    shipping_weight_grams integer
)) WITH ORDINALITY AS n
ORDER BY n.ordinality
RETURNING *;

-- name: UpdateProductDetails :one
UPDATE products
SET name = @name, code = @code, sku = @sku, ean = @ean, brand = @brand, description = @description,
    category = @category, online_categories = @online_categories::text[], price_cents = @price_cents,
    vat_basis_points = @vat_basis_points, image_url = @image_url, country_slug = sqlc.narg(country_slug),
    shipping_weight_grams = sqlc.narg(shipping_weight_grams)::integer,
    updated_by = sqlc.narg(updated_by), updated_at = now()
WHERE id = @id
RETURNING *;

-- name: SetProductArchived :one
UPDATE products
SET archived_at = CASE WHEN @archived::boolean THEN coalesce(archived_at, now()) END,
    updated_by = sqlc.narg(updated_by), updated_at = now()
WHERE id = @id
RETURNING *;

-- name: SetProductPublished :one
UPDATE products
SET published_at = CASE WHEN @published::boolean THEN coalesce(published_at, now()) END,
    updated_by = sqlc.narg(updated_by), updated_at = now()
WHERE id = @id
RETURNING *;

-- ProductFoodFacts is what publishing a product checks of its food
-- information (EU 1169/2011 art. 9), for a page of products at once.
-- name: ProductFoodFacts :many
SELECT f.product_id, f.ingredients_es, f.net_quantity, f.net_unit, f.operator_name, f.operator_address
FROM product_food_info f
WHERE f.product_id = ANY(@ids::bigint[]);

-- ProductCodeTaken says which of a product's unique codes another product
-- already holds, so the form can name the field.
-- name: ProductCodesTaken :one
SELECT
    EXISTS (SELECT 1 FROM products p WHERE p.code = @code AND p.id <> @id) AS code_taken,
    EXISTS (SELECT 1 FROM products p WHERE p.sku = @sku AND p.id <> @id) AS sku_taken,
    (@ean::text <> '' AND EXISTS (SELECT 1 FROM products p WHERE p.ean = @ean AND p.id <> @id))::boolean AS ean_taken;

-- name: CountryExists :one
SELECT EXISTS (SELECT 1 FROM countries WHERE slug = @slug);
