-- OrderStatsForUser summarises all of a user's orders for the dashboard:
-- every order counts, but only money the shop kept is spent: an order
-- paid (cash on delivery is paid once delivered), less what a partial
-- refund gave back; never a cancelled order, nor a refunded one, nor one
-- still awaiting its payment. The average ticket is over those orders.
-- name: OrderStatsForUser :one
SELECT count(*) AS order_count,
       COALESCE(sum(o.total_cents - COALESCE(r.refunded_cents, 0))
                FILTER (WHERE o.status <> 'cancelled' AND o.payment_status IN ('paid', 'partially_refunded')), 0)::bigint AS spent_cents,
       count(*) FILTER (WHERE o.status <> 'cancelled' AND o.payment_status IN ('paid', 'partially_refunded')) AS spent_order_count
FROM orders o
LEFT JOIN LATERAL (
    SELECT sum(pr.amount_cents) AS refunded_cents
    FROM payment_refunds pr
    JOIN payment_attempts pa ON pa.redsys_order = pr.redsys_order
    WHERE pa.order_id = o.id AND pr.status = 'accepted'
) r ON o.payment_status = 'partially_refunded'
WHERE o.user_id = @user_id;
