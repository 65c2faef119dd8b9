-- SavedCartOf is a shopper's cart on the server, locked for the change
-- the caller makes to it.
-- name: SavedCartOf :one
SELECT * FROM saved_carts WHERE user_id = @user_id FOR UPDATE;

-- name: SavedCartLines :many
SELECT product_id, quantity FROM saved_cart_lines WHERE cart_id = @cart_id ORDER BY position, product_id;

-- CreateSavedCart opens a shopper's cart; a concurrent first save finds it.
-- name: CreateSavedCart :one
INSERT INTO saved_carts (user_id, created_at, updated_at) VALUES (@user_id, @now, @now)
ON CONFLICT (user_id) DO UPDATE SET updated_at = EXCLUDED.updated_at
RETURNING *;

-- name: TouchSavedCart :exec
UPDATE saved_carts SET updated_at = @now WHERE id = @id;

-- name: ClearSavedCartLines :exec
DELETE FROM saved_cart_lines WHERE cart_id = @cart_id;

-- InsertSavedCartLines writes a cart's lines (parallel arrays, in order),
-- leaving out products that do not exist.
-- name: InsertSavedCartLines :exec
INSERT INTO saved_cart_lines (cart_id, product_id, quantity, position)
SELECT @cart_id, l.product_id, l.quantity, l.position
FROM (SELECT unnest(@product_ids::bigint[]) AS product_id, unnest(@quantities::integer[]) AS quantity,
             unnest(@positions::integer[]) AS position) AS l
JOIN products p ON p.id = l.product_id;

-- DeleteSavedCart ends a shopper's cart (emptied or ordered): the next one
-- is a new cart, which may get its own reminder.
-- name: DeleteSavedCart :exec
DELETE FROM saved_carts WHERE user_id = @user_id;

-- AbandonedCartsToRemind are carts idle since idle_before, never reminded,
-- with lines, of live shoppers with a confirmed, not withdrawn newsletter
-- subscription under their e-mail: the consent LSSI art. 21 asks before
-- a commercial e-mail. Locked, skipping those another pass holds.
-- name: AbandonedCartsToRemind :many
SELECT c.id, c.user_id, n.id AS subscription_id, n.email, n.language
FROM saved_carts c
JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL
JOIN newsletter_subscriptions n ON n.email = lower(u.email)
    AND n.confirmed_at IS NOT NULL AND n.unsubscribed_at IS NULL
WHERE c.reminded_at IS NULL AND c.updated_at <= @idle_before
    AND EXISTS (SELECT 1 FROM saved_cart_lines l WHERE l.cart_id = c.id)
ORDER BY c.updated_at, c.id
LIMIT @max_carts
FOR UPDATE OF c SKIP LOCKED;

-- name: MarkSavedCartReminded :exec
UPDATE saved_carts SET reminded_at = @at WHERE id = @id;

-- SavedCartForEmail is a reminded cart as its e-mail shows it: its lines
-- with the products' names in both languages.
-- name: SavedCartForEmail :many
SELECT p.id, p.name, p.name_pt, l.quantity
FROM saved_cart_lines l JOIN products p ON p.id = l.product_id
WHERE l.cart_id = @cart_id
ORDER BY l.position, l.product_id;

-- InsertCartReminderEmail records a cart's reminder, once per message id.
-- name: InsertCartReminderEmail :one
INSERT INTO outbound_emails (message_id, kind, recipient, saved_cart_id, newsletter_id)
VALUES (@message_id, 'cart_reminder', @recipient, @saved_cart_id, @newsletter_id)
ON CONFLICT (message_id) DO NOTHING
RETURNING message_id;
