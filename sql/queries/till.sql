-- name: TillProductByEAN :one
-- The product a till scan names, with whether the store sells it, its live
-- counted stock and the units placed web orders hold (migration 00480).
SELECT p.id, p.name, p.ean, p.price_cents, p.vat_basis_points, p.stock::bigint AS stock,
    store_sells(p.id)::boolean AS sold_in_store,
    web_held_units(p.id)::bigint AS reserved
FROM products p
WHERE p.ean = @ean::text AND p.ean <> '';

-- name: TillProductsByName :many
-- Products the store sells whose name holds a LIKE pattern, for the till's
-- search when a barcode will not scan.
SELECT p.id, p.name, p.ean, p.price_cents, p.vat_basis_points, p.stock::bigint AS stock,
    web_held_units(p.id)::bigint AS reserved
FROM products p
WHERE p.name ILIKE @pattern::text AND store_sells(p.id)
ORDER BY p.name, p.id
LIMIT 10;

-- name: TillSaleInsert :one
-- A till sale as a store-channel order, delivered and paid; the same key
-- from the same till user answers nothing (TillSaleByKey finds it).
INSERT INTO orders (
    user_id, idempotency_key, status, payment_method, payment_status, channel,
    subtotal_cents, shipping_cents, vat_cents, total_cents,
    delivery_name, delivery_email, delivery_phone, delivery_address, delivery_city, delivery_postal_code, language
) VALUES (
    @user_id, @idempotency_key, 'delivered', @payment_method, 'paid', 'store',
    @subtotal_cents, 0, @vat_cents, @total_cents,
    @shop_name, @seller_email, '', @shop_address, @shop_city, @shop_postal_code, @language
)
ON CONFLICT (user_id, idempotency_key) DO NOTHING
RETURNING id;

-- name: TillSaleByKey :one
SELECT id FROM orders WHERE user_id = @user_id AND idempotency_key = @idempotency_key AND channel = 'store';

-- name: TillSaleLinesInsert :exec
-- A sale's lines in one statement, one element of each array a line (the
-- set-returning functions of a select list advance together); a weight of
-- 0 is a line sold by the unit.
INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents,
    regular_unit_price_cents, vat_basis_points, line_total_cents, weight_grams)
SELECT @order_id, unnest(@line_nos::integer[]), unnest(@product_ids::bigint[]), unnest(@product_names::text[]),
    unnest(@quantities::integer[]), unnest(@unit_prices_cents::bigint[]), unnest(@unit_prices_cents::bigint[]),
    unnest(@vat_basis_points::integer[]), unnest(@line_totals_cents::bigint[]), NULLIF(unnest(@weights_grams::integer[]), 0);

-- name: TillPaymentsInsert :exec
-- A sale's payments in one statement, in the arrays' order.
INSERT INTO till_payments (order_id, method, amount_cents, given_cents, change_cents)
SELECT @order_id, unnest(@methods::text[]), unnest(@amounts_cents::bigint[]), unnest(@given_cents::bigint[]),
    unnest(@change_cents::bigint[]);

-- name: TillPayments :many
SELECT method, amount_cents, given_cents, change_cents FROM till_payments WHERE order_id = @order_id ORDER BY id;

-- name: TillLockProducts :many
-- The sale's products, locked in ascending id order as every stock writer
-- locks them (take_order_stock). What web orders hold is read after, by
-- TillReserved: a statement waiting for a checkout's lock re-reads the
-- product row but not a subquery, which would miss the order it placed.
SELECT p.id, p.name, p.ean, p.price_cents, p.vat_basis_points, p.stock::bigint AS stock
FROM products p
WHERE p.id = ANY(@ids::bigint[])
ORDER BY p.id
FOR UPDATE OF p;

-- name: TillReserved :many
-- The units placed web orders hold of each product.
SELECT id::bigint AS product_id, web_held_units(id)::bigint AS reserved
FROM unnest(@ids::bigint[]) AS id;

-- name: TillStockMovementOf :exec
-- Says, for the rest of the transaction, whose stock changes the
-- products_stock_ledger trigger records: sales of the till's order.
SELECT set_config('sabores.stock_kind', 'sale', true),
       set_config('sabores.stock_reason', '', true),
       set_config('sabores.stock_order', (@order_id::bigint)::text, true),
       set_config('sabores.stock_actor', (@actor_user_id::bigint)::text, true),
       set_config('sabores.stock_note', 'till', true);

-- name: TillTakeStocks :many
-- Takes each product's units in one statement (the rows are already
-- locked by TillLockProducts) and answers what is left of each.
UPDATE products p SET stock = p.stock - t.quantity
FROM (SELECT unnest(@product_ids::bigint[]) AS id, unnest(@quantities::integer[]) AS quantity) t
WHERE p.id = t.id
RETURNING p.id, p.stock::bigint AS stock;

-- name: TillSaleLines :many
-- A store sale's lines, for its return; none for a web order.
SELECT l.line_no, l.product_id, l.quantity, l.weight_grams
FROM order_lines l
JOIN orders o ON o.id = l.order_id AND o.channel = 'store'
WHERE l.order_id = @order_id
ORDER BY l.line_no;

-- name: TillReturnStockOf :exec
-- Says, for the rest of the transaction, that stock changes are units
-- returned at the till against the sale's order.
SELECT set_config('sabores.stock_kind', 'adjustment', true),
       set_config('sabores.stock_reason', 'return', true),
       set_config('sabores.stock_order', (@order_id::bigint)::text, true),
       set_config('sabores.stock_actor', (@actor_user_id::bigint)::text, true),
       set_config('sabores.stock_note', 'till return', true);

-- name: TillPutBackStock :exec
UPDATE products SET stock = stock + @quantity::integer WHERE id = @product_id;

-- name: TillRefundInsert :one
INSERT INTO till_refunds (idempotency_key, order_id, invoice_id, method, amount_cents, actor_user_id)
VALUES (@idempotency_key, @order_id, @invoice_id, @method, @amount_cents, @actor_user_id)
RETURNING id;

-- name: TillRefundByKey :one
SELECT r.id, r.method, r.amount_cents, sqlc.embed(i)
FROM till_refunds r
JOIN invoices i ON i.id = r.invoice_id
WHERE r.idempotency_key = @idempotency_key;

-- name: TillDayEntryInsert :execrows
-- Records an entry of the day; a second opening or closing records nothing.
INSERT INTO till_day_entries (day, kind, amount_cents, reason, actor, actor_user_id)
VALUES (@day, @kind, @amount_cents, @reason, @actor, sqlc.narg(actor_user_id))
ON CONFLICT DO NOTHING;

-- name: TillDayEntries :many
SELECT kind, amount_cents FROM till_day_entries WHERE day = @day ORDER BY id;

-- name: TillDayPayments :many
-- What the store's sales of a day took in, by method.
SELECT p.method, sum(p.amount_cents)::bigint AS amount_cents, count(DISTINCT o.id)::integer AS sales
FROM orders o
JOIN till_payments p ON p.order_id = o.id
WHERE o.channel = 'store' AND o.created_at >= @from_time AND o.created_at < @to_time
GROUP BY p.method
ORDER BY p.method;

-- name: TillDayRefunds :many
-- What the day's returns at the till gave back, by method.
SELECT method, sum(amount_cents)::bigint AS amount_cents, count(*)::integer AS returns
FROM till_refunds
WHERE created_at >= @from_time AND created_at < @to_time
GROUP BY method
ORDER BY method;

-- name: TillDayTaxes :many
-- Bases and VAT per rate of the day's till invoices, corrective ones
-- deducting.
SELECT t.vat_basis_points, sum(t.base_cents)::bigint AS base_cents, sum(t.vat_cents)::bigint AS vat_cents
FROM invoices i
JOIN orders o ON o.id = i.order_id AND o.channel = 'store'
JOIN invoice_taxes t ON t.invoice_id = i.id
WHERE i.issued_at >= @from_time AND i.issued_at < @to_time
  -- A full invoice replacing a simplified one (F3) does not sell twice.
  AND i.aeat_type <> 'F3'
GROUP BY t.vat_basis_points
ORDER BY t.vat_basis_points;

-- name: TillDaySales :one
SELECT count(*)::integer FROM orders WHERE channel = 'store' AND created_at >= @from_time AND created_at < @to_time;

-- name: TillRefundOf :one
-- A till return's corrective invoice and refund.
SELECT invoice_id, method, amount_cents FROM till_refunds WHERE id = @id;

-- name: TillSaleByTicket :one
-- The till sale a ticket's number (its invoice's) names.
SELECT i.order_id
FROM invoices i
JOIN orders o ON o.id = i.order_id AND o.channel = 'store'
WHERE i.series_number = @series_number;

-- name: TillDayState :one
-- Whether the day is open and whether it is closed.
SELECT EXISTS (SELECT 1 FROM till_day_entries e WHERE e.day = @on_day::date AND e.kind = 'open') AS opened,
       EXISTS (SELECT 1 FROM till_day_entries e WHERE e.day = @on_day::date AND e.kind = 'close') AS closed;
