-- Recalls and traceability (issue 40, migration 00650): one step back
-- (a lot's deliveries and their suppliers) and one step forward (the
-- orders and till sales that took it), read by lot.

-- name: RecallInsert :one
INSERT INTO lot_recalls (product_id, reason, started_by)
VALUES (@product_id, @reason, sqlc.narg(started_by))
RETURNING *;

-- RecallLotInsert records a lot a recall withdraws; a lot recalled before
-- returns no row.
-- name: RecallLotInsert :one
INSERT INTO lot_recall_lots (recall_id, lot_id, blocked)
VALUES (@recall_id, @lot_id, @blocked)
ON CONFLICT (lot_id) DO NOTHING
RETURNING lot_id;

-- name: RecallGet :one
SELECT r.*, p.name AS product_name, p.ean AS product_ean, coalesce(u.email, '')::text AS started_by_email
FROM lot_recalls r JOIN products p ON p.id = r.product_id
LEFT JOIN users u ON u.id = r.started_by
WHERE r.id = @id;

-- name: RecallList :many
SELECT r.id, r.product_id, r.reason, r.started_at, p.name AS product_name,
    (SELECT string_agg(l.code, ', ' ORDER BY l.expires_on, l.id) FROM lot_recall_lots rl JOIN lots l ON l.id = rl.lot_id
     WHERE rl.recall_id = r.id)::text AS lot_codes
FROM lot_recalls r JOIN products p ON p.id = r.product_id
ORDER BY r.started_at DESC, r.id DESC
LIMIT 200;

-- RecallLots are a recall's lots as they stand.
-- name: RecallLots :many
SELECT l.*, rl.blocked AS blocked_at_start
FROM lot_recall_lots rl JOIN lots l ON l.id = rl.lot_id
WHERE rl.recall_id = @recall_id
ORDER BY l.expires_on, l.id;

-- LotRecallOf is the recall of a lot, if any.
-- name: LotRecallOf :many
SELECT lot_id, recall_id FROM lot_recall_lots WHERE lot_id = ANY(@lot_ids::bigint[]);

-- LotDeliveries are one step back: the deliveries that brought lots in,
-- with their supplier and document, oldest first.
-- name: LotDeliveries :many
SELECT dl.lot_id, dl.quantity, d.id AS delivery_id, d.document_number, d.delivered_on,
    s.id AS supplier_id, s.name AS supplier_name, s.tax_id AS supplier_tax_id,
    s.contact_name AS supplier_contact, s.email AS supplier_email, s.phone AS supplier_phone
FROM delivery_lines dl JOIN deliveries d ON d.id = dl.delivery_id JOIN suppliers s ON s.id = d.supplier_id
WHERE dl.lot_id = ANY(@lot_ids::bigint[])
ORDER BY d.delivered_on, d.id, dl.line_no;

-- LotSales are one step forward: the orders and till sales holding units
-- of lots (a cancellation or a return gave the rest back), oldest first,
-- with the shopper's contact and, for a business, its name and tax id
-- (its complete invoice's buyer, else its customer record).
-- name: LotSales :many
SELECT * FROM lot_sales
WHERE lot_id = ANY(@lot_ids::bigint[])
ORDER BY created_at, order_id, lot_id;

-- LotSalesPage is the trace screen's LotSales of one lot a page at a time:
-- the sales of orders after after_order_id, in order id (creation) order,
-- at most max_rows. The lot's order_lots_lot_idx (lot_id, order_id) gives
-- them in that order, so a page reads its rows, not every sale of a lot
-- sold to thousands of orders.
-- name: LotSalesPage :many
SELECT * FROM lot_sales
WHERE lot_id = @lot_id AND order_id > @after_order_id::bigint
ORDER BY order_id
LIMIT @max_rows;

-- LotSalesTotals are the orders and units of a lot's sales, all pages.
-- name: LotSalesTotals :one
SELECT count(*)::integer AS orders, coalesce(sum(quantity), 0)::integer AS units
FROM order_lots WHERE lot_id = @lot_id AND quantity > 0;

-- RecallEmails are the recall e-mails of a recall, by order.
-- name: RecallEmails :many
SELECT order_id, recipient, sent_at FROM outbound_emails
WHERE lot_recall_id = @recall_id AND order_id IS NOT NULL
ORDER BY order_id;

-- InsertRecallEmail records a recall's e-mail to an order's shopper, once
-- per message id (the recall and the order).
-- name: InsertRecallEmail :one
INSERT INTO outbound_emails (message_id, order_id, kind, recipient, lot_recall_id)
VALUES (@message_id, @order_id, 'lot_recall', @recipient, @lot_recall_id)
ON CONFLICT (message_id) DO NOTHING
RETURNING message_id;

-- RecallForEmail is what a recall e-mail says of the recall: the product
-- in the order's language and the lots it took.
-- name: RecallForEmail :one
SELECT r.id, r.reason, r.started_at, p.name AS product_name, coalesce(p.name_pt, '')::text AS product_name_pt,
    (SELECT string_agg(l.code, ', ' ORDER BY l.expires_on, l.id)
     FROM lot_recall_lots rl JOIN lots l ON l.id = rl.lot_id JOIN order_lots ol ON ol.lot_id = l.id AND ol.order_id = @order_id
     WHERE rl.recall_id = r.id)::text AS lot_codes,
    (SELECT coalesce(sum(ol.quantity), 0) FROM lot_recall_lots rl JOIN order_lots ol ON ol.lot_id = rl.lot_id AND ol.order_id = @order_id
     WHERE rl.recall_id = r.id)::integer AS units
FROM lot_recalls r JOIN products p ON p.id = r.product_id
WHERE r.id = @id;

-- LotTraceHead is a lot with its product, for the traceability screen.
-- name: LotTraceHead :one
SELECT l.*, p.name AS product_name, p.ean AS product_ean
FROM lots l JOIN products p ON p.id = l.product_id
WHERE l.id = @id;

-- name: RecallProduct :one
SELECT id, name, ean FROM products WHERE id = @id;

-- RecallHeldOrders are the online orders not yet shipped (placed or being
-- prepared) holding units of lots, oldest first.
-- name: RecallHeldOrders :many
SELECT ol.order_id, ol.lot_id, ol.quantity
FROM order_lots ol JOIN orders o ON o.id = ol.order_id
WHERE ol.lot_id = ANY(@lot_ids::bigint[]) AND ol.quantity > 0
    AND o.channel = 'web' AND o.status IN ('placed', 'preparing')
ORDER BY o.id, ol.lot_id;

-- SafeLotsForUpdate are a product's lots on sale (units, not blocked)
-- with a code, first-expired-first-out, locked: the lots a recall serves
-- held orders from. Not the unknown lot: its units may be of the recalled
-- lot itself (stock from before lots), and the shop could not say.
-- name: SafeLotsForUpdate :many
SELECT * FROM lots
WHERE product_id = @product_id AND remaining > 0 AND blocked_reason IS NULL AND code IS NOT NULL
ORDER BY expires_on, id
FOR UPDATE;

-- name: RecallHeldOrderInsert :exec
INSERT INTO lot_recall_held_orders (recall_id, order_id, from_lot_id, to_lot_id, units)
VALUES (@recall_id, @order_id, @from_lot_id, sqlc.narg(to_lot_id), @units);

-- RecallHeldOrdersOf are a recall's held orders, with the lots' codes.
-- name: RecallHeldOrdersOf :many
SELECT h.order_id, h.units, f.code AS from_code, t.code AS to_code
FROM lot_recall_held_orders h
JOIN lots f ON f.id = h.from_lot_id
LEFT JOIN lots t ON t.id = h.to_lot_id
WHERE h.recall_id = @recall_id
ORDER BY h.order_id, h.id;
