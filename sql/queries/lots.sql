-- Lots (issue 40, migration 00530). The products_lots trigger moves the
-- lots with the stock; these queries read them, name the lot the next
-- stock change goes to, and swap units between lots of one product.

-- name: SupplierInsert :one
INSERT INTO suppliers (name, tax_id, contact_name, email, phone)
VALUES (@name, @tax_id, @contact_name, @email, @phone)
RETURNING *;

-- name: SupplierUpdate :one
UPDATE suppliers
SET name = @name, tax_id = @tax_id, contact_name = @contact_name, email = @email, phone = @phone, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: SupplierGet :one
SELECT * FROM suppliers WHERE id = @id;

-- name: SupplierGetForUpdate :one
SELECT * FROM suppliers WHERE id = @id FOR UPDATE;

-- name: SupplierList :many
SELECT * FROM suppliers ORDER BY lower(name), id LIMIT 500;

-- name: SupplierProductIDs :many
SELECT product_id FROM supplier_products WHERE supplier_id = @supplier_id ORDER BY product_id;

-- name: SupplierProductsClear :exec
DELETE FROM supplier_products WHERE supplier_id = @supplier_id;

-- name: SupplierProductsAdd :exec
INSERT INTO supplier_products (supplier_id, product_id)
SELECT @supplier_id, unnest(@product_ids::bigint[])
ON CONFLICT DO NOTHING;

-- name: DeliveryInsert :one
INSERT INTO deliveries (supplier_id, document_number, delivered_on, received_by)
VALUES (@supplier_id, @document_number, @delivered_on, sqlc.narg(received_by))
ON CONFLICT (supplier_id, document_number) DO NOTHING
RETURNING *;

-- name: DeliveryLineInsert :exec
INSERT INTO delivery_lines (delivery_id, line_no, product_id, lot_id, quantity)
VALUES (@delivery_id, @line_no, @product_id, @lot_id, @quantity);

-- LotOpen finds or creates a product's lot by code and date; a lot
-- received again keeps its date type as first received.
-- name: LotOpen :one
INSERT INTO lots (product_id, code, expires_on, date_type)
VALUES (@product_id, @code::text, @expires_on::date, @date_type::text)
ON CONFLICT (product_id, code, expires_on) DO UPDATE SET code = EXCLUDED.code
RETURNING *;

-- LotTarget names the lot the transaction's next stock change moves
-- (apply_stock_to_lots); an empty id goes back to the rules.
-- name: LotTarget :exec
SELECT set_config('sabores.stock_lot', @lot_id::text, true);

-- name: LotsOfProducts :many
SELECT * FROM lots WHERE product_id = ANY(@product_ids::bigint[])
ORDER BY product_id, code IS NOT NULL, expires_on, id;

-- name: LotGetForUpdate :one
SELECT * FROM lots WHERE id = @id FOR UPDATE;

-- LotMove moves units between remaining and blocked, or changes a lot's
-- remaining for a swap; the constraint trigger checks the sums at commit.
-- name: LotMove :one
UPDATE lots SET remaining = remaining + @remaining_delta::integer
WHERE id = @id AND remaining + @remaining_delta::integer >= 0
RETURNING *;

-- LotBlock records units taken out of the stock as blocked, with why.
-- name: LotBlock :one
UPDATE lots SET blocked = blocked + @units::integer, blocked_reason = @reason::text, blocked_at = @at::timestamptz
WHERE id = @id
RETURNING *;

-- LotsToBlock are the dated lots with sellable units a rule blocks at
-- today: use-by before use_by_limit (today plus the delivery time and the
-- margin), best-before before today unless the owner sells it past.
-- name: LotsToBlock :many
SELECT * FROM lots
WHERE remaining > 0 AND blocked_reason IS NULL AND (
    (date_type = 'use_by' AND expires_on < @use_by_limit::date)
    OR (date_type = 'best_before' AND expires_on < @today::date AND NOT sell_past_best_before)
)
ORDER BY product_id, id;

-- LotsExpiring are the dated lots with units left expiring before until,
-- soonest first, with their product and supplier, for the back office.
-- name: LotsExpiring :many
SELECT l.*, p.name AS product_name, p.ean AS product_ean,
    coalesce((SELECT s.name FROM delivery_lines dl JOIN deliveries d ON d.id = dl.delivery_id
              JOIN suppliers s ON s.id = d.supplier_id
              WHERE dl.lot_id = l.id ORDER BY d.delivered_on DESC, d.id DESC LIMIT 1), '')::text AS supplier_name
FROM lots l JOIN products p ON p.id = l.product_id
WHERE l.expires_on IS NOT NULL AND l.expires_on < @until::date AND (l.remaining > 0 OR l.blocked > 0 OR l.quarantined > 0)
ORDER BY l.expires_on, l.id
LIMIT 500;

-- name: OrderLotsOf :many
SELECT o.lot_id, o.quantity, l.product_id, l.code, l.expires_on, l.date_type
FROM order_lots o JOIN lots l ON l.id = o.lot_id
WHERE o.order_id = @order_id AND o.quantity > 0
ORDER BY l.product_id, l.code IS NOT NULL, l.expires_on, l.id;

-- name: OrderLotSet :exec
INSERT INTO order_lots (order_id, lot_id, quantity) VALUES (@order_id, @lot_id, @quantity)
ON CONFLICT (order_id, lot_id) DO UPDATE SET quantity = EXCLUDED.quantity;

-- name: OrderLineLotsClear :exec
DELETE FROM order_line_lots WHERE order_id = @order_id;

-- name: OrderLineLotInsert :exec
INSERT INTO order_line_lots (order_id, line_no, lot_id, quantity, overridden_by)
VALUES (@order_id, @line_no, @lot_id, @quantity, sqlc.narg(overridden_by))
ON CONFLICT (order_id, line_no, lot_id) DO UPDATE
SET quantity = order_line_lots.quantity + EXCLUDED.quantity, overridden_by = EXCLUDED.overridden_by;

-- name: OrderLineLotTake :execrows
UPDATE order_line_lots SET quantity = quantity - @units::integer
WHERE order_id = @order_id AND line_no = @line_no AND lot_id = @lot_id AND quantity >= @units::integer;

-- name: OrderLineLotsPrune :exec
DELETE FROM order_line_lots WHERE order_id = @order_id AND quantity = 0;

-- OrderLineLots are an order's lots line by line, for the packing slip
-- and the desk.
-- name: OrderLineLots :many
SELECT ll.order_id, ll.line_no, ll.lot_id, ll.quantity, ll.overridden_by, l.code, l.expires_on, l.date_type
FROM order_line_lots ll JOIN lots l ON l.id = ll.lot_id
WHERE ll.order_id = ANY(@order_ids::bigint[])
ORDER BY ll.order_id, ll.line_no, l.code IS NOT NULL, l.expires_on, l.id;

-- name: LotProductByEAN :one
-- The product a goods-in scan names.
SELECT id, name, ean, stock FROM products WHERE ean = @ean::text AND ean <> '';

-- name: OrderLotAdd :exec
INSERT INTO order_lots (order_id, lot_id, quantity) VALUES (@order_id, @lot_id, @units::integer)
ON CONFLICT (order_id, lot_id) DO UPDATE SET quantity = order_lots.quantity + @units::integer;

-- name: OrderLineLotsCount :one
SELECT count(*) FROM order_line_lots WHERE order_id = @order_id;

-- name: OrderLotTake :execrows
UPDATE order_lots SET quantity = quantity - @units::integer
WHERE order_id = @order_id AND lot_id = @lot_id AND quantity >= @units::integer;

-- name: LotGet :one
SELECT * FROM lots WHERE id = @id;

-- name: LotSetSellPast :one
UPDATE lots SET sell_past_best_before = @sell::boolean WHERE id = @id RETURNING *;

-- LotUnblock puts a lot's blocked units back among its remaining ones
-- (the caller moves the stock with them) and clears why.
-- name: LotUnblock :one
UPDATE lots SET blocked = 0, blocked_reason = NULL, blocked_at = NULL WHERE id = @id RETURNING *;

-- LotsPastBestBefore is, per product of product_ids, the earliest
-- best-before date before today of a lot the owner sells past it with
-- units on sale: the storefront's lists and cart label the product with it
-- (GetOnlineProductPage reads the same for the product page).
-- name: LotsPastBestBefore :many
SELECT product_id, min(expires_on)::date AS expires_on FROM lots
WHERE product_id = ANY(@product_ids::bigint[]) AND date_type = 'best_before' AND sell_past_best_before
    AND remaining > 0 AND blocked_reason IS NULL AND expires_on < @today::date
GROUP BY product_id;
