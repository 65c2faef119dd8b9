-- name: SecretInsert :exec
-- Stores value under name unless a secret by that name exists: replicas
-- starting together each offer one, the first committed wins.
INSERT INTO secrets (name, value) VALUES (@name, @value)
ON CONFLICT (name) DO NOTHING;

-- name: SecretGet :one
SELECT value FROM secrets WHERE name = @name;
