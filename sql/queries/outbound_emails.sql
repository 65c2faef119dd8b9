-- InsertOutboundEmail records an e-mail to send, once per message id: the
-- same change retried records nothing new, and no row comes back.
-- name: InsertOutboundEmail :one
INSERT INTO outbound_emails (message_id, order_id, kind, recipient)
VALUES (@message_id, @order_id, @kind, @recipient)
ON CONFLICT (message_id) DO NOTHING
RETURNING message_id;

-- name: GetOutboundEmail :one
SELECT * FROM outbound_emails WHERE message_id = @message_id;

-- MarkEmailSent records the SMTP server's acceptance.
-- name: MarkEmailSent :exec
UPDATE outbound_emails SET sent_at = now(), attempts = attempts + 1, last_error = ''
WHERE message_id = @message_id AND sent_at IS NULL;

-- MarkEmailFailed records a failed attempt, for the back office.
-- name: MarkEmailFailed :exec
UPDATE outbound_emails SET attempts = attempts + 1, last_error = @last_error
WHERE message_id = @message_id AND sent_at IS NULL;

-- ListFailedEmails pages the e-mails not accepted after an attempt, oldest
-- first, after the cursor (outbound_emails_failed_idx).
-- name: ListFailedEmails :many
SELECT * FROM outbound_emails
WHERE sent_at IS NULL AND attempts > 0
  AND (sqlc.narg(after_created)::timestamptz IS NULL
       OR (created_at, message_id) > (sqlc.narg(after_created)::timestamptz, sqlc.narg(after_id)::text))
ORDER BY created_at, message_id
LIMIT @page_limit;

-- GetOutboundEmailForUpdate reads an e-mail and locks it while a retry is
-- queued, so the decision is taken on its latest sent_at.
-- name: GetOutboundEmailForUpdate :one
SELECT * FROM outbound_emails WHERE message_id = @message_id FOR UPDATE;

-- InsertOutreachEmail records a newsletter or contact e-mail, pointing at
-- its row, once per message id.
-- name: InsertOutreachEmail :one
INSERT INTO outbound_emails (message_id, kind, recipient, newsletter_id, contact_id)
VALUES (@message_id, @kind, @recipient, sqlc.narg('newsletter_id'), sqlc.narg('contact_id'))
ON CONFLICT (message_id) DO NOTHING
RETURNING message_id;

-- InsertOwnerAlertEmail records an e-mail to the owner about a webhook
-- endpoint or an API key, once per message id.
-- name: InsertOwnerAlertEmail :one
INSERT INTO outbound_emails (message_id, kind, recipient, webhook_endpoint_id, api_key_id)
VALUES (@message_id, @kind, @recipient, sqlc.narg('webhook_endpoint_id'), sqlc.narg('api_key_id'))
ON CONFLICT (message_id) DO NOTHING
RETURNING message_id;

-- InsertTillTicketEmail records a till sale's ticket to e-mail in language.
-- name: InsertTillTicketEmail :one
INSERT INTO outbound_emails (message_id, order_id, kind, recipient, language)
VALUES (@message_id, @order_id, 'till_ticket', @recipient, @language)
ON CONFLICT (message_id) DO NOTHING
RETURNING message_id;
