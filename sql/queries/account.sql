-- OrderStatsForUser summarises all of a user's orders for the dashboard:
-- every order counts, but cancelled ones were never paid for, so they add
-- nothing to the total spent nor to the average ticket.
-- name: OrderStatsForUser :one
SELECT count(*) AS order_count,
       COALESCE(sum(total_cents) FILTER (WHERE status <> 'cancelled'), 0)::bigint AS spent_cents,
       count(*) FILTER (WHERE status <> 'cancelled') AS spent_order_count
FROM orders
WHERE user_id = @user_id;
