-- Seeding of the sample catalogue. Every statement is idempotent on a
-- natural key, so seed.Catalogue can run again and leave the same rows; rows
-- that exist already are left as they are (an admin's edits survive).

-- name: SeedLock :exec
-- Serialises seeding when several processes start on one empty database.
SELECT pg_advisory_xact_lock(8154823971);

-- name: SeedCompany :one
INSERT INTO companies (name) VALUES (@name)
ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name
RETURNING id;

-- name: SeedUser :one
INSERT INTO users (issuer, subject, email, full_name, registration_type)
VALUES (@issuer, @subject, @email, @full_name, @registration_type)
ON CONFLICT (issuer, subject) DO UPDATE SET issuer = EXCLUDED.issuer
RETURNING id;

-- name: SeedCompanyUser :exec
INSERT INTO company_users (user_id, company_id, role) VALUES (@user_id, @company_id, @role)
ON CONFLICT (user_id, company_id) DO NOTHING;

-- name: SeedCountry :exec
INSERT INTO countries (slug, name, name_pt, flag_emoji, image_url, background_classes, href, sort_order, show_on_home, aliases)
VALUES (@slug, @name, @name_pt, @flag_emoji, @image_url, @background_classes, @href, @sort_order, @show_on_home, @aliases::text[])
ON CONFLICT (slug) DO NOTHING;

-- name: SeedProduct :execrows
INSERT INTO products (id, name, code, sku, brand, description, category, online_categories, price_cents,
    vat_basis_points, stock, image_url, country_slug, company_id, created_at, updated_at, published_at)
VALUES (@id, @name, @code, @sku, @brand, @description, @category, @online_categories::text[], @price_cents,
    @vat_basis_points, @stock, @image_url, sqlc.narg(country_slug), @company_id, @created_at, @created_at,
    @created_at)
ON CONFLICT DO NOTHING;

-- name: SeedPriceHistory :exec
-- Called only for a product SeedProduct has just inserted, so a re-run
-- writes no second history.
INSERT INTO price_history (product_id, price_cents, valid_from) VALUES (@product_id, @price_cents, @valid_from);

-- name: SeedVisibility :exec
INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel, company_id)
VALUES (@product_id, @country_slug, @is_visible, @sales_channel, @company_id)
ON CONFLICT (product_id, country_slug) DO NOTHING;

-- name: SeedPromotion :exec
-- A seeded promotion is known by its product, type and amount.
INSERT INTO product_promotions (product_id, is_active, starts_at, ends_at, promotion_type,
    discount_basis_points, fixed_price_cents)
SELECT @product_id, @is_active, sqlc.narg(starts_at)::timestamptz, sqlc.narg(ends_at)::timestamptz,
    @promotion_type, sqlc.narg(discount_basis_points)::integer, sqlc.narg(fixed_price_cents)::bigint
WHERE NOT EXISTS (
    SELECT 1 FROM product_promotions p
    WHERE p.product_id = @product_id AND p.promotion_type = @promotion_type
      AND p.discount_basis_points IS NOT DISTINCT FROM sqlc.narg(discount_basis_points)::integer
      AND p.fixed_price_cents IS NOT DISTINCT FROM sqlc.narg(fixed_price_cents)::bigint);

-- name: SeedCustomer :exec
-- A seeded customer is known by its e-mail address.
INSERT INTO customers (user_id, name, surname, company_name, dni, company_nif, customer_type, email, phone,
    active, created_at, updated_at)
SELECT sqlc.narg(user_id)::bigint, @name, @surname, @company_name, @dni, @company_nif, @customer_type,
    @email::text, @phone, @active, @created_at, @created_at
WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.email = @email::text);

-- name: SeedOrder :one
-- Seeded orders carry fixed idempotency keys: the key is their natural key,
-- as it is for a shopper's retried checkout.
WITH inserted AS (
    INSERT INTO orders (user_id, customer_id, idempotency_key, status, payment_method, payment_status,
        subtotal_cents, shipping_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone,
        delivery_address, delivery_city, delivery_postal_code, created_at)
    VALUES (@user_id, (SELECT c.id FROM customers c WHERE c.user_id = @user_id), @idempotency_key, @status,
        @payment_method, @payment_status, @subtotal_cents, 0, @vat_cents, @total_cents, @delivery_name,
        @delivery_email, @delivery_phone, @delivery_address, @delivery_city, @delivery_postal_code, @created_at)
    ON CONFLICT (user_id, idempotency_key) DO NOTHING
    RETURNING id
), events AS (
    INSERT INTO order_events (order_id, machine, to_state, actor, note, created_at)
    SELECT id, 'fulfilment', @status, 'system', 'sample order', @created_at FROM inserted
)
SELECT id FROM inserted
UNION ALL
SELECT o.id FROM orders o WHERE o.user_id = @user_id AND o.idempotency_key = @idempotency_key;

-- name: SeedOrderLine :exec
INSERT INTO order_lines (order_id, line_no, product_id, product_name, image_url, quantity, unit_price_cents,
    regular_unit_price_cents, promotion_label, vat_basis_points, line_total_cents)
VALUES (@order_id, @line_no, @product_id, @product_name, @image_url, @quantity, @unit_price_cents,
    @regular_unit_price_cents, @promotion_label, @vat_basis_points, @line_total_cents)
ON CONFLICT (order_id, line_no) DO NOTHING;

-- name: SeedProductContent :exec
-- The Portuguese texts and legal flags of a sample product; a product whose
-- Portuguese name an admin has written already is left as it is.
UPDATE products
SET name_pt = @name_pt, description_pt = @description_pt, is_food = @is_food, frozen = @frozen,
    perishable = @perishable, sealed_hygiene = @sealed_hygiene, age_restricted = @age_restricted
WHERE id = @id AND name_pt = '';

-- name: SeedFoodInfo :exec
INSERT INTO product_food_info (product_id, ingredients_es, ingredients_pt, contains, may_contain, net_quantity,
    net_unit, drained_weight_g, storage_es, storage_pt, energy_kj, energy_kcal, fat_mg, saturates_mg,
    carbohydrate_mg, sugars_mg, protein_mg, salt_mg, abv_basis_points, operator_name, operator_address)
VALUES (@product_id, @ingredients_es, @ingredients_pt, @contains::text[], @may_contain::text[], @net_quantity,
    @net_unit, sqlc.narg(drained_weight_g), @storage_es, @storage_pt, sqlc.narg(energy_kj), sqlc.narg(energy_kcal),
    sqlc.narg(fat_mg), sqlc.narg(saturates_mg), sqlc.narg(carbohydrate_mg), sqlc.narg(sugars_mg),
    sqlc.narg(protein_mg), sqlc.narg(salt_mg), sqlc.narg(abv_basis_points), @operator_name, @operator_address)
ON CONFLICT (product_id) DO NOTHING;

-- name: SeedShippingWeight :exec
-- A sample product's packed weight, unless an admin has set one.
UPDATE products SET shipping_weight_grams = @grams::integer
WHERE id = @id AND shipping_weight_grams IS NULL;

-- name: SeedReview :exec
-- A published review of a seeded delivered order, found by its key: the
-- sample shop's ratings come from reviews, as a real shop's do.
INSERT INTO product_reviews (order_id, product_id, user_id, author, stars, body, language, status, moderated_at, created_at)
SELECT o.id, @product_id, o.user_id, @author, @stars, @body, @language, 'published', @created_at, @created_at
FROM orders o
WHERE o.idempotency_key = @idempotency_key AND o.status = 'delivered'
ON CONFLICT (order_id, product_id) DO NOTHING;
