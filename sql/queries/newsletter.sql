-- NewsletterRequest records a subscription request, or renews a pending or
-- ended one (a new consent, a new confirmation): the row of a confirmed,
-- active subscriber is left as it is and none comes back, so nothing is
-- sent to an address already subscribed.
-- name: NewsletterRequest :one
INSERT INTO newsletter_subscriptions (email, language, consent_version)
VALUES (@email, @language, @consent_version)
ON CONFLICT (email) DO UPDATE
SET language = EXCLUDED.language, consent_version = EXCLUDED.consent_version, requested_at = now(),
    confirmed_at = NULL, unsubscribed_at = NULL
WHERE newsletter_subscriptions.confirmed_at IS NULL OR newsletter_subscriptions.unsubscribed_at IS NOT NULL
RETURNING *;

-- name: NewsletterGet :one
SELECT * FROM newsletter_subscriptions WHERE id = @id;

-- NewsletterConfirm confirms a pending request (once; a second click
-- changes nothing).
-- name: NewsletterConfirm :one
UPDATE newsletter_subscriptions SET confirmed_at = COALESCE(confirmed_at, now())
WHERE id = @id AND unsubscribed_at IS NULL
RETURNING *;

-- NewsletterUnsubscribe ends a subscription (kept with its dates, as the
-- record of the consent given and withdrawn).
-- name: NewsletterUnsubscribe :one
UPDATE newsletter_subscriptions SET unsubscribed_at = COALESCE(unsubscribed_at, now())
WHERE id = @id
RETURNING *;

-- NewsletterList is the back office's list, newest request first.
-- name: NewsletterList :many
SELECT * FROM newsletter_subscriptions
ORDER BY requested_at DESC, id DESC
LIMIT @page_limit OFFSET @page_offset;

-- name: NewsletterCount :one
SELECT count(*) FROM newsletter_subscriptions;
