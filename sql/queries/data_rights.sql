-- name: DataRightsUser :one
-- The caller's profile, locked: an export and a deletion of the same account
-- never interleave, and a deleted account is never found.
SELECT id, email, full_name, created_at, last_login_at
FROM users
WHERE id = @id AND deleted_at IS NULL
FOR UPDATE;

-- name: DataRightsCustomer :many
-- The customer record the shop keeps from the shopper's latest order (at
-- most one row).
SELECT name, surname, company_name, dni, company_nif, customer_type, email, phone, created_at, updated_at
FROM customers
WHERE user_id = @user_id::bigint;

-- name: DataRightsOrders :many
SELECT * FROM orders
WHERE user_id = @user_id
ORDER BY created_at DESC, id DESC;

-- name: DataRightsPaymentRefunds :many
-- The card and Bizum refunds of the shopper's orders, oldest first (the
-- 'refused' single tries of before migration 00240 left out, as the desk
-- does).
SELECT sqlc.embed(pr), pa.order_id
FROM payment_refunds pr
JOIN payment_attempts pa ON pa.redsys_order = pr.redsys_order
JOIN orders o ON o.id = pa.order_id
WHERE o.user_id = @user_id AND pr.status <> 'refused'
ORDER BY pr.id;

-- name: DataRightsBankRefunds :many
-- The bank refunds the shop recorded for the shopper's cancelled orders.
SELECT br.id, br.order_id, br.amount_cents, br.bank_reference, to_char(br.refunded_on, 'YYYY-MM-DD')::text AS refunded_on, br.created_at
FROM bank_refunds br
JOIN orders o ON o.id = br.order_id
WHERE o.user_id = @user_id
ORDER BY br.id;

-- name: DataRightsWithdrawals :many
-- The withdrawals from the shopper's orders, oldest first.
SELECT w.*
FROM withdrawals w
JOIN orders o ON o.id = w.order_id
WHERE o.user_id = @user_id
ORDER BY w.id;

-- name: CookieConsentInsert :one
INSERT INTO cookie_consents (user_id, analytics, marketing, personalization, policy_version, consented_at)
VALUES (@user_id, @analytics, @marketing, @personalization, @policy_version, @consented_at)
RETURNING *;

-- name: CookieConsentsForUser :many
SELECT * FROM cookie_consents
WHERE user_id = @user_id
ORDER BY recorded_at DESC, id DESC;

-- name: DataRightsEraseEmails :execrows
-- The e-mail queue keeps, for each message, that it was sent: the row stays
-- but forgets its address (and an error that may quote it), when it is the
-- shopper's: about one of their orders, or to their account's own address,
-- which sign-in verified. An address typed at checkout is not proof of
-- whose it is (anyone may type another's), so mail to it about someone
-- else's order stays. A message not yet sent is then never sent (jobs
-- cancels a send without a recipient).
UPDATE outbound_emails e
SET recipient = '', last_error = ''
WHERE e.order_id IN (SELECT o.id FROM orders o WHERE o.user_id = @user_id)
   OR lower(e.recipient) = (SELECT lower(u.email) FROM users u WHERE u.id = @user_id);

-- name: DataRightsDeleteOutreach :one
-- Newsletter subscriptions and contact-form messages under the account's
-- own, verified address go (their e-mails with them, ON DELETE CASCADE): no
-- tax rule keeps them. Those under an address merely typed at checkout
-- stay: it may be someone else's, whose rows are not the shopper's to
-- erase. Returns how many of each went, for the audit trail.
WITH address AS (
    SELECT lower(u.email) AS email FROM users u WHERE u.id = @user_id
), subscriptions AS (
    DELETE FROM newsletter_subscriptions n WHERE n.email = (SELECT a.email FROM address a)
    RETURNING 1
), messages AS (
    DELETE FROM contact_messages c WHERE lower(c.email) = (SELECT a.email FROM address a)
    RETURNING 1
)
SELECT (SELECT count(*) FROM subscriptions)::bigint AS subscriptions,
       (SELECT count(*) FROM messages)::bigint AS messages;

-- name: DataRightsRetainOrders :execrows
-- Orders are tax records: kept 6 years counted from the end of the year of
-- the sale (Código de Comercio art. 30), in the shop's time zone. What an
-- invoice to this buyer needs (name and address) stays; contact data, which
-- no tax rule asks for, is erased.
UPDATE orders
SET delivery_email = '',
    delivery_phone = '',
    account_deleted_at = now(),
    retain_until = make_date(extract(year FROM timezone('Europe/Madrid', created_at))::int + 6, 12, 31)
WHERE user_id = @user_id;

-- name: DataRightsDeleteCustomer :exec
-- The orders' customer_id becomes NULL (ON DELETE SET NULL).
DELETE FROM customers WHERE user_id = @user_id::bigint;

-- name: DataRightsDeleteSessions :execrows
DELETE FROM sessions WHERE user_id = @user_id;

-- name: DataRightsDeleteConsents :exec
DELETE FROM cookie_consents WHERE user_id = @user_id;

-- name: DataRightsDeleteMemberships :exec
DELETE FROM company_users WHERE user_id = @user_id;

-- name: DataRightsAnonymiseAudit :exec
-- The trail keeps what was done and by which (now anonymous) user id, but
-- no longer the email it was done under.
UPDATE audit_events
SET actor = 'user:' || @user_id::bigint
WHERE actor_user_id = @user_id;

-- name: DataRightsTombstoneUser :exec
-- The identity (issuer, subject, email, name) is erased, so the same person
-- signing in again creates a new, empty account; the row stays because the
-- retained orders point at it.
UPDATE users
SET issuer = 'deleted',
    subject = id::text,
    email = 'deleted-' || id || '@invalid',
    full_name = '',
    last_login_at = NULL,
    deleted_at = now()
WHERE id = @id;

-- DataRightsDeleteReviews deletes the shopper's reviews (their name and
-- words on public pages) and returns the products they were of, whose
-- ratings are then recomputed from the reviews left.
-- name: DataRightsDeleteReviews :many
DELETE FROM product_reviews WHERE user_id = @user_id RETURNING product_id;
