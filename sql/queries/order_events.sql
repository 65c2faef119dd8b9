-- InsertOrderEvent records one step of an order's lifecycle, in the
-- transaction that takes it; at when it happened elsewhere before being
-- recorded (a carrier's delivery), else now.
-- name: InsertOrderEvent :exec
INSERT INTO order_events (order_id, machine, from_state, to_state, actor, actor_user_id, note, created_at)
VALUES (@order_id, @machine, sqlc.narg(from_state), @to_state, @actor, sqlc.narg(actor_user_id), @note,
        coalesce(sqlc.narg(at)::timestamptz, now()));

-- ListOrderEvents is an order's timeline, oldest first (order_events_order_idx).
-- name: ListOrderEvents :many
SELECT * FROM order_events
WHERE order_id = @order_id
ORDER BY id;

-- LastCancelNote is the note of an order's cancellation, for its e-mail.
-- name: LastCancelNote :one
SELECT note FROM order_events
WHERE order_id = @order_id AND to_state = 'cancelled'
ORDER BY id DESC
LIMIT 1;
