-- +goose Up
-- Newsletters that send (issue 41): the owner's campaigns, written in
-- Spanish and Portuguese, and one delivery row per confirmed subscriber,
-- made when the owner presses "send". Each delivery is one River job
-- (unique by its args), scheduled at the shop's pace; the row is where the
-- job records what became of it, so a retried job sends nothing twice and
-- the back office counts from it.
CREATE TABLE newsletter_campaigns (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    subject_es      text NOT NULL CHECK (subject_es <> ''),
    subject_pt      text NOT NULL CHECK (subject_pt <> ''),
    -- The bodies are the owner's text in the small markup mail.Markup reads
    -- (paragraphs, headings, lists, bold, links); never raw HTML.
    body_es         text NOT NULL CHECK (body_es <> ''),
    body_pt         text NOT NULL CHECK (body_pt <> ''),
    status          text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sending', 'sent')),
    -- per_minute is the pace the sending was started with.
    per_minute      integer CHECK (per_minute > 0),
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    send_started_at timestamptz,
    send_finished_at timestamptz,
    CHECK ((status = 'draft') = (send_started_at IS NULL))
);
CREATE INDEX newsletter_campaigns_created_idx ON newsletter_campaigns (created_at DESC, id DESC);

-- A delivery: queued until its job sends it (sent), finds the consent
-- withdrawn (skipped) or gives up (failed).
CREATE TABLE newsletter_deliveries (
    campaign_id     bigint NOT NULL REFERENCES newsletter_campaigns (id) ON DELETE CASCADE,
    subscription_id bigint NOT NULL REFERENCES newsletter_subscriptions (id) ON DELETE CASCADE,
    status          text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'skipped')),
    scheduled_at    timestamptz NOT NULL,
    sent_at         timestamptz,
    attempts        integer NOT NULL DEFAULT 0,
    last_error      text NOT NULL DEFAULT '',
    PRIMARY KEY (campaign_id, subscription_id),
    CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);

-- Back-in-stock alerts: a shopper leaves an address on a sold-out product
-- (double opt-in: nothing is sent but the confirmation until the link in
-- it is followed). When the product's stock rises from zero, each
-- confirmed request gets one e-mail and is closed (notified_at) in the
-- transaction that queues it.
CREATE TABLE back_in_stock_requests (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id      bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    email           text NOT NULL CHECK (email = lower(email) AND email LIKE '%_@_%'),
    language        text NOT NULL CHECK (language IN ('es', 'pt')),
    consent_version text NOT NULL CHECK (consent_version <> ''),
    requested_at    timestamptz NOT NULL DEFAULT now(),
    confirmed_at    timestamptz,
    notified_at     timestamptz
);
-- One open request per product and address.
CREATE UNIQUE INDEX back_in_stock_open_idx ON back_in_stock_requests (product_id, email) WHERE notified_at IS NULL;
-- The requests a restock wakes.
CREATE INDEX back_in_stock_waiting_idx ON back_in_stock_requests (product_id)
    WHERE confirmed_at IS NOT NULL AND notified_at IS NULL;

ALTER TABLE outbound_emails ADD COLUMN back_in_stock_id bigint REFERENCES back_in_stock_requests (id) ON DELETE CASCADE;
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'ready_for_pickup', 'collected',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message',
        'webhook_disabled', 'api_key_expiring',
        'lot_recall', 'lot_expiry_digest',
        'back_in_stock_confirm', 'back_in_stock_alert'));

-- Stock returning, whatever brings it (a correction, goods-in, the CSV
-- import, a cancelled order, a return at the till), is a row of the stock
-- ledger whose stock_after is above zero and whose stock before was not.
-- For each such product with confirmed requests waiting, the ledger's
-- insert queues one River job (jobs.BackInStockArgs, kind
-- 'back_in_stock') in the same transaction, and wakes River's producers
-- as its own inserts do. River's other clients (Python, Ruby) insert jobs
-- in SQL the same way; the worker closes each request it e-mails, so a
-- second job for a product finds nothing to do.
-- +goose StatementBegin
CREATE FUNCTION queue_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO river_job (kind, args, max_attempts, queue)
    SELECT 'back_in_stock', jsonb_build_object('product_id', p.product_id), 10, 'default'
    FROM (SELECT DISTINCT m.product_id FROM new_movements m
          WHERE m.stock_after > 0 AND m.stock_after - m.delta <= 0) p
    WHERE EXISTS (SELECT 1 FROM back_in_stock_requests r
                  WHERE r.product_id = p.product_id AND r.confirmed_at IS NOT NULL AND r.notified_at IS NULL)
    ORDER BY p.product_id;
    IF FOUND THEN
        PERFORM pg_notify(current_schema() || '.river_insert', '{"queue": "default"}');
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER stock_movements_back_in_stock AFTER INSERT ON stock_movements
    REFERENCING NEW TABLE AS new_movements
    FOR EACH STATEMENT EXECUTE FUNCTION queue_back_in_stock();

-- +goose Down
DROP TRIGGER stock_movements_back_in_stock ON stock_movements;
DROP FUNCTION queue_back_in_stock;
DELETE FROM outbound_emails WHERE kind IN ('back_in_stock_confirm', 'back_in_stock_alert');
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'ready_for_pickup', 'collected',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message',
        'webhook_disabled', 'api_key_expiring',
        'lot_recall', 'lot_expiry_digest'));
ALTER TABLE outbound_emails DROP COLUMN back_in_stock_id;
DROP TABLE back_in_stock_requests;
DROP TABLE newsletter_deliveries;
DROP TABLE newsletter_campaigns;
