-- Withdrawals (migration 00140, backend/internal/withdrawal/rules.go). Every
-- writer locks the order row first (GetOrderForUpdate), so two submissions
-- for one order queue and the second sees the first's lines.

-- OrderDeliveredAt is when the order was last marked delivered: the
-- withdrawal period runs 14 days from it.
-- name: OrderDeliveredAt :one
SELECT created_at FROM order_events
WHERE order_id = @order_id AND machine = 'fulfilment' AND to_state = 'delivered'
ORDER BY id DESC
LIMIT 1;

-- WithdrawableLines are an order's lines with the product flags that decide
-- the exemptions and the units already withdrawn (in any withdrawal, even a
-- rejected one: opened goods do not come back twice).
-- name: WithdrawableLines :many
SELECT l.line_no, l.product_id, l.product_name, l.product_name_pt, l.quantity, l.unit_price_cents,
       l.vat_basis_points, p.perishable, p.frozen, p.sealed_hygiene,
       coalesce((SELECT sum(w.quantity) FROM withdrawal_lines w
                 WHERE w.order_id = l.order_id AND w.line_no = l.line_no), 0)::integer AS withdrawn
FROM order_lines l
JOIN products p ON p.id = l.product_id
WHERE l.order_id = @order_id
ORDER BY l.line_no;

-- name: InsertWithdrawal :one
INSERT INTO withdrawals (order_id, status, channel, cancelled_order, received_at)
VALUES (@order_id, @status, @channel, @cancelled_order, sqlc.narg(received_at))
RETURNING *;

-- name: InsertWithdrawalLine :exec
INSERT INTO withdrawal_lines (withdrawal_id, order_id, line_no, quantity, status)
VALUES (@withdrawal_id, @order_id, @line_no, @quantity, @status);

-- name: ListWithdrawalsOfOrder :many
SELECT * FROM withdrawals WHERE order_id = @order_id ORDER BY id;

-- WithdrawalLinesOf reads the lines of several withdrawals at once, with
-- what the order line says of them.
-- name: WithdrawalLinesOf :many
SELECT w.withdrawal_id, w.line_no, w.quantity, w.status, w.reject_reason,
       l.product_id, l.product_name, l.product_name_pt, l.unit_price_cents, l.vat_basis_points, p.sealed_hygiene,
       l.quantity AS sold_quantity, COALESCE(d.amount_cents, 0)::bigint AS line_discount_cents
FROM withdrawal_lines w
JOIN order_lines l ON l.order_id = w.order_id AND l.line_no = w.line_no
JOIN products p ON p.id = l.product_id
LEFT JOIN order_line_discounts d ON d.order_id = w.order_id AND d.line_no = w.line_no
WHERE w.withdrawal_id = ANY(@withdrawal_ids::bigint[])
ORDER BY w.withdrawal_id, w.line_no;

-- ListWithdrawals is the back office's list, newest first, optionally of
-- one status (withdrawals_status_idx).
-- name: ListWithdrawals :many
SELECT w.*, o.delivery_name, o.delivery_email, o.payment_method, o.total_cents
FROM withdrawals w
JOIN orders o ON o.id = w.order_id
WHERE (sqlc.narg(status)::text IS NULL OR w.status = sqlc.narg(status))
ORDER BY w.id DESC
LIMIT @page_limit OFFSET @page_offset;

-- name: CountWithdrawals :one
SELECT count(*) FROM withdrawals
WHERE (sqlc.narg(status)::text IS NULL OR status = sqlc.narg(status));

-- name: GetWithdrawal :one
SELECT * FROM withdrawals WHERE id = @id;

-- name: MarkWithdrawalReceived :one
UPDATE withdrawals SET status = @status, received_at = now(), note = @note
WHERE id = @id AND status = 'requested'
RETURNING *;

-- name: SetWithdrawalLineStatus :exec
UPDATE withdrawal_lines SET status = @status, reject_reason = @reject_reason
WHERE withdrawal_id = @withdrawal_id AND line_no = @line_no;

-- name: SetWithdrawalLinesRefunded :exec
UPDATE withdrawal_lines SET status = 'refunded'
WHERE withdrawal_id = @withdrawal_id AND status = 'received';

-- name: MarkWithdrawalRefunded :one
UPDATE withdrawals
SET status = 'refunded', refunded_at = now(), refund_cents = @refund_cents,
    refund_method = @refund_method, refund_reference = @refund_reference
WHERE id = @id AND status = 'received'
RETURNING *;

-- ReturnWithdrawnStock puts the accepted units of a withdrawal back on the
-- shelf, one update per product. Callers lock the products first
-- (LockProducts) and say why (SetStockMovement) for the ledger.
-- name: ReturnWithdrawnStock :execrows
UPDATE products p
SET stock = p.stock + r.quantity
FROM (SELECT l.product_id, sum(w.quantity)::integer AS quantity
      FROM withdrawal_lines w
      JOIN order_lines l ON l.order_id = w.order_id AND l.line_no = w.line_no
      WHERE w.withdrawal_id = @withdrawal_id AND w.status = 'received'
      GROUP BY l.product_id) r
WHERE p.id = r.product_id;

-- WithdrawalProductIDs are the products a withdrawal returns, for LockProducts.
-- name: WithdrawalProductIDs :many
SELECT DISTINCT l.product_id
FROM withdrawal_lines w
JOIN order_lines l ON l.order_id = w.order_id AND l.line_no = w.line_no
WHERE w.withdrawal_id = @withdrawal_id
ORDER BY l.product_id;

-- RefundedWithdrawalCents is what the order's withdrawals already refunded.
-- name: RefundedWithdrawalCents :one
SELECT coalesce(sum(refund_cents), 0)::bigint FROM withdrawals
WHERE order_id = @order_id AND status = 'refunded';

-- AuthorisedAttempt is the card or Bizum payment of an order, the one a
-- refund names: the attempt that paid it, never a late payment (refunded
-- on its own). At most one (payment_attempts_paid_idx).
-- name: AuthorisedAttempt :one
SELECT redsys_order, amount_cents FROM payment_attempts
WHERE order_id = @order_id AND status = 'authorised' AND NOT late;

-- name: InsertWithdrawalEmail :one
INSERT INTO outbound_emails (message_id, order_id, withdrawal_id, kind, recipient)
VALUES (@message_id, @order_id, @withdrawal_id, @kind, @recipient)
ON CONFLICT (message_id) DO NOTHING
RETURNING message_id;

-- GetWithdrawalForUpdate locks a withdrawal while it is received or
-- refunded: a second admin clicking the same button waits, then finds it done.
-- name: GetWithdrawalForUpdate :one
SELECT * FROM withdrawals WHERE id = @id FOR UPDATE;
