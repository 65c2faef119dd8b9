-- +goose Up
-- The newsletter with double opt-in (GDPR art. 7(1): the shop must be able
-- to show that each subscriber consented, to what and when; LSSI art. 21:
-- commercial e-mail needs prior consent and an easy way out). A row is
-- written when someone asks; it counts as a subscriber only once the link
-- in the confirmation e-mail was followed (confirmed_at), and stops when
-- they leave (unsubscribed_at). consent_version names the text they agreed
-- to (the storefront's newsletter consent, versioned in the app).
CREATE TABLE newsletter_subscriptions (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email           text NOT NULL CHECK (email = lower(email) AND email LIKE '%_@_%'),
    language        text NOT NULL CHECK (language IN ('es', 'pt')),
    consent_version text NOT NULL CHECK (consent_version <> ''),
    requested_at    timestamptz NOT NULL DEFAULT now(),
    confirmed_at    timestamptz,
    unsubscribed_at timestamptz,
    UNIQUE (email)
);
-- The back office's list, newest first.
CREATE INDEX newsletter_subscriptions_requested_idx ON newsletter_subscriptions (requested_at DESC, id DESC);

-- Messages sent through the contact page: kept for the back office, and
-- sent on to the shop's e-mail address.
CREATE TABLE contact_messages (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text NOT NULL CHECK (name <> ''),
    email      text NOT NULL CHECK (email LIKE '%_@_%'),
    phone      text NOT NULL DEFAULT '',
    subject    text NOT NULL CHECK (subject IN ('consulta-productos', 'pedido', 'devoluciones', 'otros')),
    message    text NOT NULL CHECK (message <> ''),
    language   text NOT NULL CHECK (language IN ('es', 'pt')),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC, id DESC);

-- The e-mail outbox carries these two kinds too, each pointing at its row.
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'cancelled',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message')),
    ADD COLUMN newsletter_id bigint REFERENCES newsletter_subscriptions (id) ON DELETE CASCADE,
    ADD COLUMN contact_id bigint REFERENCES contact_messages (id) ON DELETE CASCADE;

-- +goose Down
DELETE FROM outbound_emails WHERE kind IN ('newsletter_confirm', 'contact_message');
ALTER TABLE outbound_emails DROP COLUMN contact_id, DROP COLUMN newsletter_id;
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'cancelled',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded'));
DROP TABLE contact_messages;
DROP TABLE newsletter_subscriptions;
