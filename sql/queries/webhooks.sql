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

-- ListEnabledWebhookEndpoints are the endpoints the dispatcher queues for.
-- name: ListEnabledWebhookEndpoints :many
SELECT id, types, created_at FROM webhook_endpoints WHERE disabled_at IS NULL ORDER BY id;

-- HasAPIEventsAfter says whether events exist after a cursor, handed out
-- or not yet (a transaction still running holds them back): the
-- dispatcher looks again shortly instead of waiting for its sweep.
-- name: HasAPIEventsAfter :one
SELECT EXISTS (
    SELECT 1 FROM api_events WHERE (xid, seq) > (cast(@after_xid::text AS xid8), @after_seq::bigint)
) AS pending;

-- InsertWebhookDeliveries records the deliveries a dispatch queues, once
-- per event and endpoint.
-- name: InsertWebhookDeliveries :many
INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type)
SELECT unnest(@endpoint_ids::bigint[]), unnest(@event_ids::uuid[]), unnest(@event_types::text[])
ON CONFLICT (endpoint_id, event_id) DO NOTHING
RETURNING id, endpoint_id, event_id;

-- RecordWebhookAttempt records one try of a delivery (a row queued before
-- the log existed is created by its first try).
-- name: RecordWebhookAttempt :exec
INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, status, attempts, response_code, last_error, last_attempt_at)
VALUES (@endpoint_id, @event_id, @event_type, @status, 1, @response_code, @last_error, @at)
ON CONFLICT (endpoint_id, event_id) DO UPDATE
SET status = excluded.status, attempts = webhook_deliveries.attempts + 1, response_code = excluded.response_code,
    last_error = excluded.last_error, last_attempt_at = excluded.last_attempt_at;

-- WebhookEndpointSucceeded ends an endpoint's run of failures.
-- name: WebhookEndpointSucceeded :exec
UPDATE webhook_endpoints SET failing_since = NULL, failures = 0 WHERE id = @id AND failures > 0;

-- WebhookEndpointFailed counts a failure, the run starting at its first.
-- name: WebhookEndpointFailed :one
UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, @at), failures = failures + 1
WHERE id = @id
RETURNING *;

-- SetWebhookEndpointDisabled disables an enabled endpoint; no row when it
-- was disabled already.
-- name: SetWebhookEndpointDisabled :one
UPDATE webhook_endpoints SET disabled_at = @at, disabled_reason = @reason
WHERE id = @id AND disabled_at IS NULL
RETURNING *;

-- SetWebhookEndpointEnabled enables an endpoint with a clean slate.
-- name: SetWebhookEndpointEnabled :one
UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = '', failing_since = NULL, failures = 0
WHERE id = @id
RETURNING *;

-- ListWebhookDeliveries pages an endpoint's log, newest first, before
-- before_id (0: from the newest).
-- name: ListWebhookDeliveries :many
SELECT * FROM webhook_deliveries
WHERE endpoint_id = @endpoint_id AND (@before_id::bigint = 0 OR id < @before_id::bigint)
ORDER BY id DESC
LIMIT @page_limit;

-- RequeueWebhookDelivery marks a delivery queued again ("send again").
-- name: RequeueWebhookDelivery :one
UPDATE webhook_deliveries SET status = 'pending' WHERE id = @id RETURNING *;

-- WebhookEndpointOwner is the e-mail of whoever registered an endpoint,
-- while their account exists.
-- name: WebhookEndpointOwner :one
SELECT u.email FROM webhook_endpoints e
JOIN users u ON u.id = e.created_by AND u.deleted_at IS NULL
WHERE e.id = @id;

-- PruneWebhookDeliveries forgets deliveries older than keep_from, with the
-- events they sent.
-- name: PruneWebhookDeliveries :execrows
DELETE FROM webhook_deliveries WHERE created_at < @keep_from;

-- StopWebhookDelivery marks a delivery failed without a try (its endpoint
-- is disabled), keeping the last try's answer; a delivered one stays so.
-- name: StopWebhookDelivery :exec
UPDATE webhook_deliveries SET status = 'failed', last_error = @reason
WHERE endpoint_id = @endpoint_id AND event_id = @event_id AND status <> 'delivered';

-- WebhookDelivered says an event already reached an endpoint.
-- name: WebhookDelivered :one
SELECT EXISTS (
    SELECT 1 FROM webhook_deliveries
    WHERE endpoint_id = @endpoint_id AND event_id = @event_id AND status = 'delivered'
);
