-- name: AuditInsert :exec
INSERT INTO audit_events (actor, actor_user_id, action, entity, old_value, new_value)
VALUES (@actor, sqlc.narg('actor_user_id'), @action, @entity, sqlc.narg('old_value'), sqlc.narg('new_value'));

-- AuditList is a page of the trail, newest first: the offset is skipped in
-- audit_events_created_idx alone (index-only), and only the page's rows
-- are read from the table.
-- name: AuditList :many
SELECT a.id, a.actor, a.action, a.entity, a.old_value, a.new_value, a.created_at
FROM (
    SELECT id FROM audit_events
    ORDER BY created_at DESC, id DESC
    LIMIT @page_limit OFFSET @page_offset
) page
JOIN audit_events a ON a.id = page.id
ORDER BY a.created_at DESC, a.id DESC;

-- AuditCount is the trail's length, from the counts of migration 00256
-- plus their pending deltas, never by counting.
-- name: AuditCount :one
SELECT (coalesce((SELECT n FROM row_counts WHERE name = 'audit_events'), 0)
        + coalesce((SELECT sum(n) FROM row_count_deltas WHERE name = 'audit_events'), 0))::bigint;
