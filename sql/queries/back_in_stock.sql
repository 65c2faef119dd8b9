-- BackInStockRequest records a request on a product, or renews an open,
-- unconfirmed one: a new consent, a new confirmation. A confirmed open
-- request is left as it is and none comes back.
-- name: BackInStockRequest :one
INSERT INTO back_in_stock_requests (product_id, email, language, consent_version)
VALUES (@product_id, @email, @language, @consent_version)
ON CONFLICT (product_id, email) WHERE notified_at IS NULL DO UPDATE
SET language = EXCLUDED.language, consent_version = EXCLUDED.consent_version, requested_at = now()
WHERE back_in_stock_requests.confirmed_at IS NULL
RETURNING *;

-- name: BackInStockGet :one
SELECT * FROM back_in_stock_requests WHERE id = @id;

-- name: BackInStockConfirm :one
UPDATE back_in_stock_requests SET confirmed_at = COALESCE(confirmed_at, now())
WHERE id = @id AND notified_at IS NULL
RETURNING *;

-- BackInStockWaiting locks a product's confirmed open requests; a
-- concurrent pass skips the ones this one holds.
-- name: BackInStockWaiting :many
SELECT * FROM back_in_stock_requests
WHERE product_id = @product_id AND confirmed_at IS NOT NULL AND notified_at IS NULL
ORDER BY id
FOR UPDATE SKIP LOCKED;

-- name: BackInStockClose :exec
UPDATE back_in_stock_requests SET notified_at = now() WHERE id = @id AND notified_at IS NULL;

-- name: BackInStockProduct :one
SELECT id, name, name_pt, stock, sold_online FROM products WHERE id = @id;

-- name: InsertBackInStockEmail :one
INSERT INTO outbound_emails (message_id, kind, recipient, back_in_stock_id)
VALUES (@message_id, @kind, @recipient, @back_in_stock_id)
ON CONFLICT (message_id) DO NOTHING
RETURNING message_id;
