-- The back office's product desk (issue 15): create, edit, archive.

-- name: CreateProduct :one
INSERT INTO products (name, code, sku, ean, brand, description, category, online_categories,
    price_cents, vat_basis_points, stock, image_url, country_slug, is_food, created_by, updated_by)
VALUES (@name, @code, @sku, @ean, @brand, @description, @category, @online_categories::text[],
    @price_cents, @vat_basis_points, @stock, @image_url, sqlc.narg(country_slug), @is_food,
    sqlc.narg(actor), sqlc.narg(actor))
RETURNING *;

-- name: UpdateProductDetails :one
UPDATE products
SET name = @name, code = @code, sku = @sku, ean = @ean, brand = @brand, description = @description,
    category = @category, online_categories = @online_categories::text[], price_cents = @price_cents,
    vat_basis_points = @vat_basis_points, image_url = @image_url, country_slug = sqlc.narg(country_slug),
    updated_by = sqlc.narg(updated_by), updated_at = now()
WHERE id = @id
RETURNING *;

-- name: SetProductArchived :one
UPDATE products
SET archived_at = CASE WHEN @archived::boolean THEN coalesce(archived_at, now()) END,
    updated_by = sqlc.narg(updated_by), updated_at = now()
WHERE id = @id
RETURNING *;

-- ProductCodeTaken says which of a product's unique codes another product
-- already holds, so the form can name the field.
-- name: ProductCodesTaken :one
SELECT
    EXISTS (SELECT 1 FROM products p WHERE p.code = @code AND p.id <> @id) AS code_taken,
    EXISTS (SELECT 1 FROM products p WHERE p.sku = @sku AND p.id <> @id) AS sku_taken,
    (@ean::text <> '' AND EXISTS (SELECT 1 FROM products p WHERE p.ean = @ean AND p.id <> @id))::boolean AS ean_taken;

-- name: CountryExists :one
SELECT EXISTS (SELECT 1 FROM countries WHERE slug = @slug);
