-- InsertBankRefund records a cancelled order's bank refund; the order's
-- row is locked by the caller (order.RecordBankRefund), and the unique
-- order_id refuses a second one.
-- name: InsertBankRefund :one
INSERT INTO bank_refunds (order_id, amount_cents, bank_reference, refunded_on, recorded_by)
VALUES (@order_id, @amount_cents, @bank_reference, CAST(@refunded_on::text AS date), sqlc.narg(recorded_by))
RETURNING id, order_id, amount_cents, bank_reference, to_char(refunded_on, 'YYYY-MM-DD')::text AS refunded_on, created_at;

-- OrderBankRefunds lists an order's bank refunds for the order desk and the
-- e-mail.
-- name: OrderBankRefunds :many
SELECT id, order_id, amount_cents, bank_reference, to_char(refunded_on, 'YYYY-MM-DD')::text AS refunded_on, created_at
FROM bank_refunds
WHERE order_id = @order_id
ORDER BY id;
