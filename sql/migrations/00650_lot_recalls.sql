-- +goose Up
-- Recalls (issue 40, Reg. 178/2002 art. 19): the owner withdraws a
-- product's lots with a reason. Their units left on the shelf are blocked
-- at once through the ledger (lots.blocked_reason 'recall'), every order
-- and till sale that took them is listed (order_lots), and each online
-- order gets one recall e-mail: its outbound_emails row names the recall,
-- and its message id (recall and order) is the e-mail's primary key.

CREATE TABLE lot_recalls (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id bigint NOT NULL REFERENCES products (id),
    reason     text NOT NULL CHECK (reason <> '' AND length(reason) <= 2000),
    started_by bigint REFERENCES users (id) ON DELETE SET NULL,
    started_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lot_recalls_started_idx ON lot_recalls (started_at DESC, id DESC);

-- The lots a recall withdraws, each once: a lot recalled is recalled for
-- good, and its shoppers are written to once.
CREATE TABLE lot_recall_lots (
    recall_id bigint NOT NULL REFERENCES lot_recalls (id) ON DELETE CASCADE,
    lot_id    bigint NOT NULL UNIQUE REFERENCES lots (id),
    -- The units on the shelf the recall blocked as it started.
    blocked   integer NOT NULL CHECK (blocked >= 0),
    PRIMARY KEY (recall_id, lot_id)
);

ALTER TABLE outbound_emails ADD COLUMN lot_recall_id bigint REFERENCES lot_recalls (id) ON DELETE SET NULL;
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'ready_for_pickup', 'collected',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message',
        'webhook_disabled', 'api_key_expiring',
        'lot_recall'));

-- One step forward for the traceability screen: a lot's sales, with the
-- units still held, read by lot without visiting the order's other lots.
DROP INDEX order_lots_lot_idx;
CREATE INDEX order_lots_lot_idx ON order_lots (lot_id, order_id) INCLUDE (quantity);

-- +goose Down
DROP INDEX order_lots_lot_idx;
CREATE INDEX order_lots_lot_idx ON order_lots (lot_id);
DELETE FROM outbound_emails WHERE kind = 'lot_recall';
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'ready_for_pickup', 'collected',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message',
        'webhook_disabled', 'api_key_expiring'));
ALTER TABLE outbound_emails DROP COLUMN lot_recall_id;
DROP TABLE lot_recall_lots;
DROP TABLE lot_recalls;
