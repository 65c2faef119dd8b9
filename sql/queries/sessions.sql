-- name: SessionCreate :exec
INSERT INTO sessions (token_hash, user_id, expires_at)
VALUES (@token_hash, @user_id, @expires_at);

-- SessionByTokenHash reads a live session with its user and whether the
-- user is an active admin of @company (UserIsCompanyAdmin's rule) or its
-- till staff: every signed-in request needs both, in one round trip.
-- name: SessionByTokenHash :one
SELECT s.id, s.user_id, s.created_at, s.expires_at, u.email, u.full_name,
    EXISTS (
        SELECT 1
        FROM company_users cu
        JOIN companies c ON c.id = cu.company_id
        WHERE cu.user_id = s.user_id AND c.name = @company AND cu.active AND cu.role = 'admin'
    ) AS company_admin,
    EXISTS (
        SELECT 1
        FROM company_users cu
        JOIN companies c ON c.id = cu.company_id
        WHERE cu.user_id = s.user_id AND c.name = @company AND cu.active AND cu.role = 'till'
    ) AS company_till
FROM sessions s
JOIN users u ON u.id = s.user_id
WHERE s.token_hash = @token_hash AND s.expires_at > now();

-- name: SessionRenew :exec
UPDATE sessions SET last_seen_at = now(), expires_at = @expires_at
WHERE id = @id;

-- name: SessionDelete :exec
DELETE FROM sessions WHERE token_hash = @token_hash;

-- name: SessionDeleteExpired :execrows
DELETE FROM sessions WHERE expires_at <= now();
