-- +goose Up
-- Two e-mails to the owner (issue 39): a webhook endpoint disabled after a
-- day of failures, and an API key expiring in 14 days. Each names its row,
-- and its message id makes it once per endpoint disabling and per key.
ALTER TABLE outbound_emails
    ADD COLUMN webhook_endpoint_id bigint REFERENCES webhook_endpoints (id) ON DELETE SET NULL,
    ADD COLUMN api_key_id bigint REFERENCES api_keys (id) ON DELETE SET NULL;
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'ready_for_pickup', 'collected',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message',
        'webhook_disabled', 'api_key_expiring'));

-- When the key's owner was told it expires: once per key.
ALTER TABLE api_keys ADD COLUMN expiry_warned_at timestamptz;
-- The daily pass's candidates: live keys with an expiry not yet warned of.
CREATE INDEX api_keys_expiry_warning_idx ON api_keys (expires_at)
    WHERE expiry_warned_at IS NULL AND revoked_at IS NULL AND expires_at IS NOT NULL;

-- +goose Down
DROP INDEX api_keys_expiry_warning_idx;
ALTER TABLE api_keys DROP COLUMN expiry_warned_at;
DELETE FROM outbound_emails WHERE kind IN ('webhook_disabled', 'api_key_expiring');
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'ready_for_pickup', 'collected',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message'));
ALTER TABLE outbound_emails DROP COLUMN api_key_id, DROP COLUMN webhook_endpoint_id;
