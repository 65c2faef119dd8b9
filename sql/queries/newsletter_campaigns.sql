-- name: CampaignInsert :one
INSERT INTO newsletter_campaigns (subject_es, subject_pt, body_es, body_pt)
VALUES (@subject_es, @subject_pt, @body_es, @body_pt)
RETURNING *;

-- CampaignUpdate changes a draft; one being sent or sent is left as it is,
-- and no row comes back.
-- name: CampaignUpdate :one
UPDATE newsletter_campaigns
SET updated_at = now(), subject_es = sqlc.arg(subject_es), subject_pt = sqlc.arg(subject_pt),
    body_es = sqlc.arg(body_es), body_pt = sqlc.arg(body_pt)
WHERE id = sqlc.arg(id) AND status = 'draft'
RETURNING *;

-- name: CampaignGet :one
SELECT * FROM newsletter_campaigns WHERE id = @id;

-- name: CampaignGetForUpdate :one
SELECT * FROM newsletter_campaigns WHERE id = @id FOR UPDATE;

-- CampaignList is the back office's list with each campaign's counts,
-- newest first. unsubscribed counts the recipients who have left since
-- the sending started: skipped at send time or after receiving it.
-- name: CampaignList :many
SELECT c.*,
       count(d.campaign_id) FILTER (WHERE d.status = 'queued')::int AS queued,
       count(d.campaign_id) FILTER (WHERE d.status = 'sent')::int AS sent,
       count(d.campaign_id) FILTER (WHERE d.status = 'failed')::int AS failed,
       count(d.campaign_id) FILTER (WHERE d.status = 'skipped')::int AS skipped,
       count(d.campaign_id) FILTER (WHERE s.unsubscribed_at >= c.send_started_at)::int AS unsubscribed
FROM newsletter_campaigns c
LEFT JOIN newsletter_deliveries d ON d.campaign_id = c.id
LEFT JOIN newsletter_subscriptions s ON s.id = d.subscription_id
GROUP BY c.id
ORDER BY c.created_at DESC, c.id DESC
LIMIT @page_limit;

-- CampaignStart marks a draft as being sent at the pace given.
-- name: CampaignStart :one
UPDATE newsletter_campaigns SET status = 'sending', per_minute = @per_minute, send_started_at = now(), updated_at = now()
WHERE id = @id AND status = 'draft'
RETURNING *;

-- CampaignQueueDeliveries makes one delivery per confirmed, active
-- subscriber, in subscription order, the n-th scheduled n/per_minute
-- minutes after the start. A subscriber already given a delivery of this
-- campaign gets no second one.
-- name: CampaignQueueDeliveries :many
INSERT INTO newsletter_deliveries (campaign_id, subscription_id, scheduled_at)
SELECT sqlc.arg(campaign_id)::bigint, s.id,
       sqlc.arg(start)::timestamptz + (row_number() OVER (ORDER BY s.id) - 1) * (interval '60 seconds' / sqlc.arg(per_minute)::int)
FROM newsletter_subscriptions s
WHERE s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL
ORDER BY s.id
ON CONFLICT DO NOTHING
RETURNING subscription_id, scheduled_at;

-- name: CampaignFinishIfDone :exec
UPDATE newsletter_campaigns SET status = 'sent', send_finished_at = now()
WHERE id = @id AND status = 'sending'
  AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.campaign_id = @id AND d.status = 'queued');

-- DeliveryGet reads a delivery with its recipient as they are now.
-- name: DeliveryGet :one
SELECT d.status, d.sent_at, s.id AS subscription_id, s.email, s.language, s.confirmed_at, s.unsubscribed_at
FROM newsletter_deliveries d
JOIN newsletter_subscriptions s ON s.id = d.subscription_id
WHERE d.campaign_id = @campaign_id AND d.subscription_id = @subscription_id;

-- name: DeliveryMarkSent :exec
UPDATE newsletter_deliveries SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = ''
WHERE campaign_id = @campaign_id AND subscription_id = @subscription_id AND status = 'queued';

-- name: DeliveryMarkSkipped :exec
UPDATE newsletter_deliveries SET status = 'skipped'
WHERE campaign_id = @campaign_id AND subscription_id = @subscription_id AND status = 'queued';

-- DeliveryMarkAttemptFailed records a failed attempt; final gives up.
-- name: DeliveryMarkAttemptFailed :exec
UPDATE newsletter_deliveries
SET attempts = attempts + 1, last_error = @last_error,
    status = CASE WHEN @final::boolean THEN 'failed' ELSE status END
WHERE campaign_id = @campaign_id AND subscription_id = @subscription_id AND status = 'queued';

-- name: UserEmail :one
SELECT email FROM users WHERE id = @id;
