-- ClaimIdempotencyKey claims a caller's key for a call, or takes over one
-- older than expired_before (forgotten, even if not pruned yet). No row: the
-- key is in use or answered (GetIdempotentRequest says which).
-- name: ClaimIdempotencyKey :execrows
INSERT INTO idempotent_requests (caller, idempotency_key, procedure, request_hash, created_at)
VALUES (@caller, @idempotency_key, @procedure, @request_hash, @now)
ON CONFLICT (caller, idempotency_key) DO UPDATE
SET procedure = EXCLUDED.procedure, request_hash = EXCLUDED.request_hash, response = NULL, created_at = EXCLUDED.created_at
WHERE idempotent_requests.created_at < @expired_before;

-- GetIdempotentRequest is the call a caller's key was claimed for.
-- name: GetIdempotentRequest :one
SELECT procedure, request_hash, response FROM idempotent_requests
WHERE caller = @caller AND idempotency_key = @idempotency_key;

-- SaveIdempotentResponse keeps a claimed call's answer for its retries.
-- name: SaveIdempotentResponse :exec
UPDATE idempotent_requests SET response = @response
WHERE caller = @caller AND idempotency_key = @idempotency_key;

-- ReleaseIdempotencyKey frees the key of a call that failed (its
-- transaction rolled back: nothing was written), so a retry runs it again.
-- name: ReleaseIdempotencyKey :exec
DELETE FROM idempotent_requests
WHERE caller = @caller AND idempotency_key = @idempotency_key AND response IS NULL;

-- PruneIdempotentRequests forgets answers older than keep_from.
-- name: PruneIdempotentRequests :execrows
DELETE FROM idempotent_requests WHERE created_at < @keep_from;
