-- ClaimStockSync claims a caller's idempotency key for a batch of stock
-- corrections, in the batch's transaction: a twin sent concurrently waits
-- here until the first commits (then finds it claimed) or rolls back (then
-- claims it). No row: the key was used already (GetStockSync).
-- name: ClaimStockSync :execrows
INSERT INTO stock_syncs (caller, idempotency_key, request_hash, response)
VALUES (@caller, @idempotency_key, @request_hash, '{}')
ON CONFLICT (caller, idempotency_key) DO NOTHING;

-- GetStockSync is the batch a caller's idempotency key was used for.
-- name: GetStockSync :one
SELECT request_hash, response FROM stock_syncs
WHERE caller = @caller AND idempotency_key = @idempotency_key;

-- SaveStockSync keeps a claimed batch's answer for its retries.
-- name: SaveStockSync :exec
UPDATE stock_syncs SET response = @response
WHERE caller = @caller AND idempotency_key = @idempotency_key;

-- ProductsByCode finds the products a batch names by SKU or by EAN.
-- name: ProductsByCode :many
SELECT id, sku, ean FROM products
WHERE sku = ANY(@skus::text[]) OR (ean <> '' AND ean = ANY(@eans::text[]));

-- ApplyStockDeltas moves the stock of many products in one statement; the
-- ledger trigger books each row. Callers lock the products first
-- (LockProducts) and have checked no stock goes below zero.
-- name: ApplyStockDeltas :many
UPDATE products p
SET stock = p.stock + v.delta, updated_at = now(), updated_by = sqlc.narg(updated_by)
FROM (SELECT unnest(@ids::bigint[]) AS id, unnest(@deltas::integer[]) AS delta) v
WHERE p.id = v.id
RETURNING p.id, p.stock;

-- ListOrderChanges pages the order change feed in commit order after a
-- cursor, only as far as every transaction has ended (migration 00470).
-- name: ListOrderChanges :many
SELECT xid::text AS xid, seq, order_id FROM order_changes
WHERE (xid, seq) > (cast(@after_xid::text AS xid8), @after_seq::bigint)
  AND xid < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY xid, seq
LIMIT @page_limit;

-- ListAPIEvents pages the domain events of the given types (none: all) in
-- commit order after a cursor, as ListOrderChanges.
-- name: ListAPIEvents :many
SELECT xid::text AS xid, seq, id, type, data, created_at FROM api_events
WHERE (xid, seq) > (cast(@after_xid::text AS xid8), @after_seq::bigint)
  AND xid < pg_snapshot_xmin(pg_current_snapshot())
  AND (coalesce(cardinality(@types::text[]), 0) = 0 OR type = ANY(@types::text[]))
ORDER BY xid, seq
LIMIT @page_limit;

-- PruneAPIEvents forgets events older than keep_from.
-- name: PruneAPIEvents :execrows
DELETE FROM api_events WHERE created_at < @keep_from;

-- PruneOrderChanges forgets order changes older than keep_from.
-- name: PruneOrderChanges :execrows
DELETE FROM order_changes WHERE created_at < @keep_from;

-- PruneStockSyncs forgets stock batches' answers older than keep_from.
-- name: PruneStockSyncs :execrows
DELETE FROM stock_syncs WHERE created_at < @keep_from;

-- OrdersByIDs reads orders by id with their account's e-mail.
-- name: OrdersByIDs :many
SELECT sqlc.embed(o), u.email AS customer_email
FROM orders o
JOIN users u ON u.id = o.user_id
WHERE o.id = ANY(@ids::bigint[]);

-- OrderLineCodes are the SKU and EAN of the products in orders' lines, as
-- the products hold them now (lines keep no codes of their own).
-- name: OrderLineCodes :many
SELECT p.id, p.sku, p.ean FROM products p
WHERE p.id IN (SELECT l.product_id FROM order_lines l WHERE l.order_id = ANY(@order_ids::bigint[]));

-- OrderPaidTimes is when each of orders was last paid.
-- name: OrderPaidTimes :many
SELECT order_id, max(created_at)::timestamptz AS paid_at FROM order_events
WHERE order_id = ANY(@order_ids::bigint[]) AND machine = 'payment' AND to_state = 'paid'
GROUP BY order_id;

-- ParcelsOfOrders are the carrier and tracking of orders' parcels.
-- name: ParcelsOfOrders :many
SELECT order_id, carrier, tracking_number, tracking_url FROM parcels
WHERE order_id = ANY(@order_ids::bigint[]);
