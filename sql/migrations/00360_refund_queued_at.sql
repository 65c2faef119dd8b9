-- +goose Up
-- When a refund was decided, which requested_at forgets (each try resets
-- it): a refund still owed an hour after it was decided is stuck (package
-- stuck), however recently its last try ran. Rows from before this
-- migration take their last try's time, the closest they kept.
ALTER TABLE payment_refunds ADD COLUMN queued_at timestamptz;
UPDATE payment_refunds SET queued_at = requested_at;
ALTER TABLE payment_refunds
    ALTER COLUMN queued_at SET NOT NULL,
    ALTER COLUMN queued_at SET DEFAULT now();
-- The refunds not yet accepted, which the metrics count on every scrape.
CREATE INDEX payment_refunds_open_idx ON payment_refunds (queued_at)
    WHERE status IN ('queued', 'requested', 'failed', 'unknown');

-- +goose Down
ALTER TABLE payment_refunds DROP COLUMN queued_at;
