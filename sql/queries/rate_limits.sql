-- name: RateLimitHit :one
-- Counts one hit of @key in the window starting at @window_start and
-- returns the window's hits so far; concurrent hits queue on the row.
INSERT INTO rate_limits (key, window_start, hits) VALUES (@key, @window_start, 1)
ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
RETURNING hits;

-- name: RateLimitPrune :execrows
-- Forgets windows that ended before @before.
DELETE FROM rate_limits WHERE window_start < @before;

-- name: RateBucketTake :one
-- Refills @key's bucket for the time since its last hit (one token per
-- @interval_seconds, at most @burst), then takes a token if one is there.
-- Returns whether it did and the tokens left. Concurrent hits of one key
-- queue on its row, so no two replicas take the same token. now() is the
-- transaction's start: a hit that waited on the row for a later-started
-- one would see negative time since the last hit and take more than a
-- token, or set the bucket's time back so the next hit refills twice; so
-- elapsed time is never negative and the bucket's time never goes back.
INSERT INTO rate_buckets AS b (key, tokens, updated_at, allowed)
VALUES (@key, (@burst::float8) - 1, now(), true)
ON CONFLICT (key) DO UPDATE SET
    tokens = LEAST(@burst::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.updated_at))::float8 / @interval_seconds::float8)
        - CASE WHEN LEAST(@burst::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.updated_at))::float8 / @interval_seconds::float8) >= 1
               THEN 1 ELSE 0 END,
    allowed = LEAST(@burst::float8, b.tokens + greatest(0, extract(epoch FROM now() - b.updated_at))::float8 / @interval_seconds::float8) >= 1,
    updated_at = greatest(b.updated_at, now())
RETURNING allowed, tokens;

-- name: RateBucketPrune :execrows
-- Forgets buckets untouched since @before: they have refilled completely,
-- so forgetting them changes no answer (rate_buckets_updated_idx).
DELETE FROM rate_buckets WHERE updated_at < @before;
