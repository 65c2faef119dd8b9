-- name: SessionCreate :exec
INSERT INTO sessions (token_hash, user_id, expires_at)
VALUES (@token_hash, @user_id, @expires_at);

-- name: SessionByTokenHash :one
SELECT s.id, s.user_id, s.expires_at, u.email, u.full_name
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
