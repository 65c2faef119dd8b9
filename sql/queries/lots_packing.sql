-- The packing screen's lots (issue 40): what an order's lines take and
-- what may be picked instead.

-- LotChoicesOfOrder are the lots on sale (with units, not blocked) of the
-- products of an order, first-expired first.
-- name: LotChoicesOfOrder :many
SELECT l.id, l.product_id, l.code, l.expires_on, l.date_type, l.remaining
FROM lots l
WHERE l.product_id IN (SELECT product_id FROM order_lines WHERE order_id = @order_id)
    AND l.remaining > 0 AND l.blocked_reason IS NULL
ORDER BY l.product_id, l.code IS NOT NULL, l.expires_on, l.id;
