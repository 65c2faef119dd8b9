-- +goose Up
-- The bank transfer that gave back a cancelled order's transfer payment,
-- made by hand in the shop's bank and recorded on the order desk (issue
-- 14): one per order, at most what was paid. Refunds of withdrawn lines
-- paid by transfer stay on their withdrawal (withdrawals.refund_*).
CREATE TABLE bank_refunds (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id       bigint NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    amount_cents   bigint NOT NULL CHECK (amount_cents > 0),
    bank_reference text NOT NULL CHECK (bank_reference <> ''),
    refunded_on    date NOT NULL,
    recorded_by    bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);

-- The shopper is told by e-mail.
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'cancelled', 'bank_refunded',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message'));

-- +goose Down
DELETE FROM outbound_emails WHERE kind = 'bank_refunded';
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'cancelled',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message'));
DROP TABLE bank_refunds;
