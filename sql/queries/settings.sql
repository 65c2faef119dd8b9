-- name: SettingGet :one
SELECT value, updated_at FROM settings WHERE key = @key;

-- name: SettingPut :one
INSERT INTO settings (key, value, updated_at, updated_by)
VALUES (@key, @value, now(), sqlc.narg('updated_by'))
ON CONFLICT (key) DO UPDATE
SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by
RETURNING value, updated_at;

-- SettingGetForUpdate reads a setting inside the transaction that will
-- replace it, holding the row: a concurrent save waits, then reads what this
-- one wrote, so an audit trail built from the two reads stays a chain.
-- name: SettingGetForUpdate :one
SELECT value, updated_at FROM settings WHERE key = @key FOR UPDATE;

-- SettingInsertIfAbsent writes a setting nobody has saved yet and leaves a
-- saved one as it is: `shopd seed` fills samples without undoing an admin's
-- edits.
-- name: SettingInsertIfAbsent :exec
INSERT INTO settings (key, value) VALUES (@key, @value) ON CONFLICT (key) DO NOTHING;
