-- +goose Up
-- Every API key now has an expiry (issue 29: a forgotten key lived for
-- ever). Keys made before get 90 days from their creation, API_KEY_MAX_TTL's
-- default, but at least a week from now, so no integrator is cut off
-- without the week's notice the back office now shows.
UPDATE api_keys
SET expires_at = greatest(created_at + interval '90 days', now() + interval '7 days')
WHERE expires_at IS NULL AND revoked_at IS NULL;

-- +goose Down
SELECT 1;
