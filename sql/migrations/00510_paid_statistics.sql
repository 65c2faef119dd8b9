-- +goose Up
-- The dashboard counts money when it was paid and when it was refunded
-- (issue 37), by period: each source is read by its time, not by scanning
-- every order's events or every refund.
CREATE INDEX order_events_paid_idx ON order_events (created_at, order_id)
    WHERE machine = 'payment' AND to_state = 'paid';
CREATE INDEX payment_refunds_accepted_idx ON payment_refunds (decided_at) WHERE status = 'accepted';
CREATE INDEX bank_refunds_day_idx ON bank_refunds (refunded_on);
CREATE INDEX withdrawals_bank_refunded_idx ON withdrawals (refunded_at) WHERE refund_method = 'bank_transfer';

-- +goose Down
DROP INDEX withdrawals_bank_refunded_idx;
DROP INDEX bank_refunds_day_idx;
DROP INDEX payment_refunds_accepted_idx;
DROP INDEX order_events_paid_idx;
