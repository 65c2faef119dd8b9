-- name: APIKeyCreate :one
INSERT INTO api_keys (name, scopes, expires_at, prefix, secret_hash, created_by)
VALUES (@name, @scopes::text[], sqlc.narg('expires_at'), @prefix, @secret_hash, sqlc.narg('created_by'))
RETURNING id, created_at;

-- name: APIKeyList :many
SELECT k.id, k.name, k.scopes, k.expires_at, k.prefix, k.created_at, k.last_used_at, k.revoked_at,
       coalesce(u.email, '')::text AS created_by_email
FROM api_keys k
LEFT JOIN users u ON u.id = k.created_by
ORDER BY k.created_at DESC, k.id DESC;

-- name: APIKeyByID :one
SELECT k.id, k.name, k.scopes, k.expires_at, k.prefix, k.created_at, k.last_used_at, k.revoked_at,
       coalesce(u.email, '')::text AS created_by_email
FROM api_keys k
LEFT JOIN users u ON u.id = k.created_by
WHERE k.id = @id;

-- name: APIKeyRevoke :execrows
-- Revoking twice keeps the first revocation time.
UPDATE api_keys SET revoked_at = now()
WHERE id = @id AND revoked_at IS NULL;

-- name: APIKeyBySecretHash :one
-- An expired key is as unknown as a revoked one, and so is a key whose
-- creator is gone (deleted account: created_by NULL or a tombstone). The
-- creator's email and whether they are an active admin of @company come in
-- the same round trip: a key works only while its creator is an admin
-- (SessionByTokenHash's rule), so revoking an admin stops their keys.
SELECT k.id, k.scopes, k.last_used_at, u.email AS creator_email,
    EXISTS (
        SELECT 1
        FROM company_users cu
        JOIN companies c ON c.id = cu.company_id
        WHERE cu.user_id = k.created_by AND c.name = @company AND cu.active AND cu.role = 'admin'
    ) AS creator_company_admin
FROM api_keys k
JOIN users u ON u.id = k.created_by AND u.deleted_at IS NULL
WHERE k.secret_hash = @secret_hash AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now());

-- name: APIKeyTouch :exec
-- At most one write a minute per key, however busy the integrator is.
UPDATE api_keys SET last_used_at = now()
WHERE id = @id AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute');

-- name: APIKeysExpiringUnwarned :many
-- The live keys expiring before @until whose owner was not told yet, with
-- the owner's e-mail while the account exists.
SELECT k.id, k.name, k.prefix, k.expires_at, u.email
FROM api_keys k
JOIN users u ON u.id = k.created_by AND u.deleted_at IS NULL
WHERE k.expiry_warned_at IS NULL AND k.revoked_at IS NULL AND k.expires_at IS NOT NULL
  AND k.expires_at > @now AND k.expires_at <= @until
ORDER BY k.expires_at, k.id
FOR UPDATE OF k SKIP LOCKED;

-- name: APIKeyExpiryWarned :exec
UPDATE api_keys SET expiry_warned_at = @at WHERE id = @id;

-- name: APIKeyForAlert :one
SELECT id, name, prefix, expires_at FROM api_keys WHERE id = @id;

-- name: WebhookEndpointForAlert :one
SELECT id, url, disabled_at, failures, failing_since FROM webhook_endpoints WHERE id = @id;
