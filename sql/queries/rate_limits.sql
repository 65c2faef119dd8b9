-- name: RateLimitHit :one
-- Counts one hit of @key in the window starting at @window_start and
-- returns the window's hits so far; concurrent hits queue on the row.
INSERT INTO rate_limits (key, window_start, hits) VALUES (@key, @window_start, 1)
ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
RETURNING hits;

-- name: RateLimitPrune :execrows
-- Forgets windows that ended before @before.
DELETE FROM rate_limits WHERE window_start < @before;
