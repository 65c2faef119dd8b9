-- name: AuditInsert :exec
INSERT INTO audit_events (actor, actor_user_id, action, entity, old_value, new_value,
    api_key_id, session_id, session_started_at)
VALUES (@actor, sqlc.narg('actor_user_id'), @action, @entity, sqlc.narg('old_value'), sqlc.narg('new_value'),
    sqlc.narg('api_key_id'), sqlc.narg('session_id'), sqlc.narg('session_started_at'));

-- AuditList is a keyset page of the trail (paging.Keyset), in list order,
-- newest first: @page_limit events older than the cursor, or newer than it
-- when @backward, each read from audit_events_created_idx at the cursor.
-- The branch not asked for is cut by its one-time filter before it reads.
-- The first page's cursor is past the newest event (NULL as infinity).
-- The back office's filters keep the events whose actor contains @actor
-- (LIKE metacharacters escaped by the caller), whose action starts with
-- @action, from @since (inclusive) to @until (exclusive); '' and NULL keep
-- all. Each event comes with the key or the session it came through, the
-- key with its name.
-- name: AuditList :many
SELECT a.id, a.actor, a.action, a.entity, a.old_value, a.new_value, a.created_at,
    a.api_key_id, coalesce(k.name, '')::text AS api_key_name, a.session_id, a.session_started_at
FROM (
    (SELECT * FROM audit_events
     WHERE NOT @backward::boolean
       AND (@actor::text = '' OR actor ILIKE '%' || @actor::text || '%')
       AND (@action::text = '' OR action LIKE @action::text || '%')
       AND created_at >= coalesce(sqlc.narg('since')::timestamptz, '-infinity')
       AND created_at < coalesce(sqlc.narg('until')::timestamptz, 'infinity')
       AND (created_at, id) < (coalesce(sqlc.narg('at')::timestamptz, 'infinity'),
                               coalesce(sqlc.narg('at_id')::bigint, 9223372036854775807))
     ORDER BY created_at DESC, id DESC
     LIMIT @page_limit)
    UNION ALL
    (SELECT * FROM audit_events
     WHERE @backward::boolean
       AND (@actor::text = '' OR actor ILIKE '%' || @actor::text || '%')
       AND (@action::text = '' OR action LIKE @action::text || '%')
       AND created_at >= coalesce(sqlc.narg('since')::timestamptz, '-infinity')
       AND created_at < coalesce(sqlc.narg('until')::timestamptz, 'infinity')
       AND (created_at, id) > (sqlc.narg('at')::timestamptz, sqlc.narg('at_id')::bigint)
     ORDER BY created_at, id
     LIMIT @page_limit)
) a
LEFT JOIN api_keys k ON k.id = a.api_key_id
ORDER BY a.created_at DESC, a.id DESC;

-- AuditCount is the trail's length, from the counts of migration 00256
-- plus their pending deltas, never by counting.
-- name: AuditCount :one
SELECT (coalesce((SELECT n FROM row_counts WHERE name = 'audit_events'), 0)
        + coalesce((SELECT sum(n) FROM row_count_deltas WHERE name = 'audit_events'), 0))::bigint;

-- AuditCountFiltered counts the events AuditList's filters keep: a
-- filtered trail is a few days or one person's, which the time index
-- bounds or the count can afford.
-- name: AuditCountFiltered :one
SELECT count(*) FROM audit_events
WHERE (@actor::text = '' OR actor ILIKE '%' || @actor::text || '%')
  AND (@action::text = '' OR action LIKE @action::text || '%')
  AND created_at >= coalesce(sqlc.narg('since')::timestamptz, '-infinity')
  AND created_at < coalesce(sqlc.narg('until')::timestamptz, 'infinity');
