-- name: AdminListProducts :many
-- @query arrives with LIKE metacharacters escaped by the caller.
SELECT sqlc.embed(p)
FROM products p
WHERE @query::text = '' OR p.search_text LIKE '%' || search_normalize(@query::text) || '%'
ORDER BY p.name COLLATE "es-x-icu", p.id
LIMIT @page_limit OFFSET @page_offset;

-- name: AdminCountProducts :one
SELECT count(*)
FROM products p
WHERE @query::text = '' OR p.search_text LIKE '%' || search_normalize(@query::text) || '%';

-- name: AdminGetProduct :one
SELECT sqlc.embed(p) FROM products p WHERE p.id = @id;

-- name: AdminGetProductForUpdate :one
SELECT sqlc.embed(p) FROM products p WHERE p.id = @id FOR UPDATE;

-- name: AdminUpdateProduct :one
UPDATE products
SET price_cents = @price_cents, vat_basis_points = @vat_basis_points,
    online_categories = @online_categories::text[],
    updated_by = sqlc.narg('updated_by'), updated_at = now()
WHERE id = @id
RETURNING *;

-- name: AdminInsertPriceHistory :exec
INSERT INTO price_history (product_id, price_cents, changed_by)
VALUES (@product_id, @price_cents, sqlc.narg('changed_by'));

-- name: AdminListCustomers :many
SELECT *
FROM customers
WHERE active
ORDER BY created_at DESC, id DESC
LIMIT @page_limit OFFSET @page_offset;

-- name: AdminCountCustomers :one
SELECT count(*) FROM customers WHERE active;

-- AdminListOrders is a page of the order desk, newest first, after the
-- cursor (the previous page's last order). A NULL filter keeps every order.
-- The caller plans it with its values (plan_cache_mode force_custom_plan),
-- so the unused filters fold away and each search walks its own index
-- (migration 00130): orders_created_idx, orders_status_created_idx,
-- orders_payment_created_idx, the primary key or orders_postal_created_idx
-- for digits, orders_contact_trgm_idx for a name or e-mail. Days are
-- Europe/Madrid days; created_to is inclusive.
-- name: AdminListOrders :many
SELECT sqlc.embed(o), u.email AS customer_email
FROM orders o
JOIN users u ON u.id = o.user_id
WHERE (sqlc.narg(status)::text IS NULL OR o.status = sqlc.narg(status)::text)
  AND (sqlc.narg(payment_status)::text IS NULL OR o.payment_status = sqlc.narg(payment_status)::text)
  AND (sqlc.narg(created_from)::text IS NULL
       OR o.created_at >= (sqlc.narg(created_from)::text::date::timestamp AT TIME ZONE 'Europe/Madrid'))
  AND (sqlc.narg(created_to)::text IS NULL
       OR o.created_at < ((sqlc.narg(created_to)::text::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'))
  AND ((sqlc.narg(order_id)::bigint IS NULL AND sqlc.narg(postal_code)::text IS NULL AND sqlc.narg(contact)::text IS NULL)
       OR o.id = sqlc.narg(order_id)::bigint
       OR o.delivery_postal_code = sqlc.narg(postal_code)::text
       OR search_normalize(o.delivery_name || ' ' || o.delivery_email) LIKE '%' || search_normalize(sqlc.narg(contact)::text) || '%')
  AND (sqlc.narg(after_created)::timestamptz IS NULL
       OR (o.created_at, o.id) < (sqlc.narg(after_created)::timestamptz, sqlc.narg(after_id)::bigint))
ORDER BY o.created_at DESC, o.id DESC
LIMIT @page_limit;

-- AdminCountOrders counts the orders AdminListOrders finds, stopping at
-- count_limit: the desk shows "1 000+" rather than count a million rows.
-- Counted in the list's order, so it reads the first count_limit entries
-- of the list's index rather than scanning the table for them.
-- name: AdminCountOrders :one
SELECT count(*) FROM (
    SELECT 1 FROM orders o
    WHERE (sqlc.narg(status)::text IS NULL OR o.status = sqlc.narg(status)::text)
      AND (sqlc.narg(payment_status)::text IS NULL OR o.payment_status = sqlc.narg(payment_status)::text)
      AND (sqlc.narg(created_from)::text IS NULL
           OR o.created_at >= (sqlc.narg(created_from)::text::date::timestamp AT TIME ZONE 'Europe/Madrid'))
      AND (sqlc.narg(created_to)::text IS NULL
           OR o.created_at < ((sqlc.narg(created_to)::text::date + 1)::timestamp AT TIME ZONE 'Europe/Madrid'))
      AND ((sqlc.narg(order_id)::bigint IS NULL AND sqlc.narg(postal_code)::text IS NULL AND sqlc.narg(contact)::text IS NULL)
           OR o.id = sqlc.narg(order_id)::bigint
           OR o.delivery_postal_code = sqlc.narg(postal_code)::text
           OR search_normalize(o.delivery_name || ' ' || o.delivery_email) LIKE '%' || search_normalize(sqlc.narg(contact)::text) || '%')
    ORDER BY o.created_at DESC, o.id DESC
    LIMIT @count_limit
) matching;

-- name: AdminOrderTotals :one
SELECT count(*)::int AS order_count, coalesce(sum(total_cents), 0)::bigint AS revenue_cents
FROM orders
WHERE status <> 'cancelled';

-- name: AdminDailyStats :many
-- The 30 days ending on @now's day in Madrid, days without orders included.
WITH days AS (
    SELECT generate_series(
        timezone('Europe/Madrid', @now::timestamptz)::date - 29,
        timezone('Europe/Madrid', @now::timestamptz)::date,
        interval '1 day')::date AS day
)
SELECT to_char(d.day, 'YYYY-MM-DD')::text AS day,
       count(o.id)::int AS order_count,
       coalesce(sum(o.total_cents), 0)::bigint AS revenue_cents
FROM days d
LEFT JOIN orders o
    ON o.created_at >= (d.day::timestamp AT TIME ZONE 'Europe/Madrid')
   AND o.created_at < ((d.day + 1)::timestamp AT TIME ZONE 'Europe/Madrid')
   AND o.status <> 'cancelled'
GROUP BY d.day
ORDER BY d.day;

-- name: AdminBestSellers :many
SELECT l.product_id, coalesce(p.name, max(l.product_name))::text AS name,
       sum(l.quantity)::int AS quantity, sum(l.line_total_cents)::bigint AS revenue_cents
FROM order_lines l
JOIN orders o ON o.id = l.order_id
LEFT JOIN products p ON p.id = l.product_id
WHERE o.status <> 'cancelled'
GROUP BY l.product_id, p.name
ORDER BY sum(l.quantity) DESC, l.product_id
LIMIT 5;

-- AdminGetOrder reads one order for the order desk with its account's email.
-- name: AdminGetOrder :one
SELECT sqlc.embed(o), u.email AS customer_email
FROM orders o
JOIN users u ON u.id = o.user_id
WHERE o.id = @id;
