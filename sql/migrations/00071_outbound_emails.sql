-- +goose Up
-- The shopper's language for messages sent outside a page (e-mails), taken
-- from the checkout request.
ALTER TABLE orders ADD COLUMN language text NOT NULL DEFAULT 'es' CHECK (language IN ('es', 'pt'));

-- Every transactional e-mail, written in the transaction of the change that
-- causes it, beside the River job that sends it. message_id is stable (the
-- order and the kind), so a retry after an unknown outcome carries the same
-- Message-ID; sent_at is set once the SMTP server accepted the message, and
-- a job finding it set sends nothing: never twice after a confirmed send.
CREATE TABLE outbound_emails (
    message_id  text PRIMARY KEY,
    order_id    bigint REFERENCES orders (id) ON DELETE SET NULL,
    kind        text NOT NULL CHECK (kind IN ('order_received', 'payment_received', 'shipped', 'cancelled')),
    recipient   text NOT NULL,
    sent_at     timestamptz,
    attempts    integer NOT NULL DEFAULT 0,
    last_error  text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now()
);
-- The back office's list of messages not yet accepted, oldest first.
CREATE INDEX outbound_emails_unsent_idx ON outbound_emails (created_at) WHERE sent_at IS NULL;

-- +goose Down
DROP TABLE outbound_emails;
ALTER TABLE orders DROP COLUMN language;
