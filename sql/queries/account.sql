-- OrderStatsForUser summarises all of a user's orders for the dashboard:
-- every order counts, but only money the shop kept is spent: an order
-- paid (cash on delivery is paid once delivered), less what a partial
-- refund gave back (Redsys refunds accepted, bank refunds of withdrawn
-- lines and of the order); never a cancelled order, nor a refunded one,
-- nor one still awaiting its payment. The average ticket is over those
-- orders.
-- name: OrderStatsForUser :one
SELECT count(*) AS order_count,
       COALESCE(sum(o.total_cents - COALESCE(r.refunded_cents, 0))
                FILTER (WHERE o.status <> 'cancelled' AND o.payment_status IN ('paid', 'partially_refunded')), 0)::bigint AS spent_cents,
       count(*) FILTER (WHERE o.status <> 'cancelled' AND o.payment_status IN ('paid', 'partially_refunded')) AS spent_order_count
FROM orders o
LEFT JOIN LATERAL (
    SELECT (SELECT COALESCE(sum(pr.amount_cents), 0)
              FROM payment_refunds pr
              JOIN payment_attempts pa ON pa.redsys_order = pr.redsys_order
             WHERE pa.order_id = o.id AND pr.status = 'accepted')
         + (SELECT COALESCE(sum(w.refund_cents), 0)
              FROM withdrawals w
             WHERE w.order_id = o.id AND w.status = 'refunded' AND w.refund_method = 'bank_transfer')
         + (SELECT COALESCE(sum(br.amount_cents), 0)
              FROM bank_refunds br
             WHERE br.order_id = o.id) AS refunded_cents
) r ON o.payment_status = 'partially_refunded'
WHERE o.user_id = @user_id AND o.channel = 'web';
