-- name: CreateWebhookEndpoint :one
INSERT INTO webhook_endpoints (url, types, secret, created_by)
VALUES (@url, @types::text[], @secret, sqlc.narg(created_by))
RETURNING *;

-- name: ListWebhookEndpoints :many
SELECT * FROM webhook_endpoints ORDER BY id;

-- name: GetWebhookEndpoint :one
SELECT * FROM webhook_endpoints WHERE id = @id;

-- name: DeleteWebhookEndpoint :one
DELETE FROM webhook_endpoints WHERE id = @id RETURNING *;

-- LockWebhookDispatch reads the dispatcher's cursor, locked: two
-- dispatchers (a retry beside a new pass) queue each event once.
-- name: LockWebhookDispatch :one
SELECT xid::text AS xid, seq FROM webhook_dispatch FOR UPDATE;

-- name: MoveWebhookDispatch :exec
UPDATE webhook_dispatch SET xid = cast(@xid::text AS xid8), seq = @seq;

-- GetAPIEvent reads one event for its delivery.
-- name: GetAPIEvent :one
SELECT id, type, data, created_at FROM api_events WHERE id = @id;

-- RotateWebhookSecret gives an endpoint a new secret, the old one signing
-- beside it until keep_until.
-- name: RotateWebhookSecret :one
UPDATE webhook_endpoints
SET previous_secret = secret, previous_until = @keep_until, secret = @secret
WHERE id = @id
RETURNING *;
