-- SetStockMovement says why the transaction's next stock changes happen:
-- the products_stock_ledger trigger reads these transaction-local settings
-- into each stock_movements row it writes. Empty strings mean none.
-- name: SetStockMovement :exec
SELECT set_config('sabores.stock_kind', @kind::text, true),
       set_config('sabores.stock_reason', @reason::text, true),
       set_config('sabores.stock_order', @order_id::text, true),
       set_config('sabores.stock_actor', @actor_user_id::text, true),
       set_config('sabores.stock_note', @note::text, true);

-- LockProducts locks products in ascending id order, the order every writer
-- of stock locks them in, so a cancellation and a checkout queue instead of
-- deadlocking. NO KEY UPDATE is the lock an UPDATE of the stock takes: a
-- checkout that took its stock already holds it, where FOR UPDATE would
-- have to wait for the KEY SHARE locks other checkouts' order lines hold on
-- the product, while they wait for this one's stock (a deadlock).
-- name: LockProducts :many
SELECT id, stock FROM products
WHERE id = ANY(@ids::bigint[])
ORDER BY id
FOR NO KEY UPDATE;

-- RestoreOrderStock gives an order's units back to the shelf, one update per
-- product however many lines name it. Callers lock the products first
-- (LockProducts) and run it once per order: the cancelling update of the
-- order row is what makes it once.
-- name: RestoreOrderStock :execrows
UPDATE products p
SET stock = p.stock + l.quantity
FROM (SELECT product_id, sum(quantity)::integer AS quantity
      FROM order_lines WHERE order_id = @order_id GROUP BY product_id) l
WHERE p.id = l.product_id;

-- AdjustStock moves a product's stock by delta, never below zero; no row
-- comes back when it would.
-- name: AdjustStock :one
UPDATE products
SET stock = stock + @delta::integer, updated_at = now(), updated_by = sqlc.narg(updated_by)
WHERE id = @id AND stock + @delta::integer >= 0
RETURNING stock;

-- ListStockMovements is a product's ledger, newest first, keyset-paged by
-- id (stock_movements_product_idx): before_id 0 starts at the newest.
-- name: ListStockMovements :many
SELECT * FROM stock_movements
WHERE product_id = @product_id AND (@before_id::bigint = 0 OR id < @before_id::bigint)
ORDER BY id DESC
LIMIT @page_limit;

-- ListStockMovementsWithActor is ListStockMovements with the e-mail of who
-- made each movement, for the back office's stock screen.
-- name: ListStockMovementsWithActor :many
SELECT m.id, m.delta, m.kind, m.reason, m.order_id, m.note, m.stock_after, m.created_at,
       coalesce(u.email, '')::text AS actor
FROM stock_movements m
LEFT JOIN users u ON u.id = m.actor_user_id
WHERE m.product_id = @product_id AND (@before_id::bigint = 0 OR m.id < @before_id::bigint)
ORDER BY m.id DESC
LIMIT @page_limit;
