-- name: AuditInsert :exec
INSERT INTO audit_events (actor, actor_user_id, action, entity, old_value, new_value)
VALUES (@actor, sqlc.narg('actor_user_id'), @action, @entity, sqlc.narg('old_value'), sqlc.narg('new_value'));

-- name: AuditList :many
SELECT id, actor, action, entity, old_value, new_value, created_at
FROM audit_events
ORDER BY created_at DESC, id DESC
LIMIT @page_limit OFFSET @page_offset;

-- name: AuditCount :one
SELECT count(*) FROM audit_events;
