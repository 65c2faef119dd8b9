-- +goose Up
-- Parcels whose label the desk bought through the carrier platform
-- (Sendcloud's API v3, backend/internal/carrier, docs/shipping-labels.md).
-- One per order: the label is bought with the platform's idempotency key
-- (external_reference_id, the order), so a retried purchase finds the same
-- parcel instead of paying for a second one. A parcel only moves forward:
-- announced (label bought, the order shipped), in transit (the carrier has
-- it), delivered (which also delivers the order and starts its 14-day
-- withdrawal period). Parcels of a method labelled outside the platform are
-- not here: the desk types their carrier and number on the order, as before.
CREATE TABLE parcels (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id           bigint NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
    platform           text NOT NULL CHECK (platform IN ('sendcloud')),
    -- The platform's shipment (v3 `data.id`) and parcel (`parcels[].id`,
    -- which its webhooks name) ids.
    shipment_id        text NOT NULL CHECK (shipment_id <> ''),
    platform_parcel_id bigint NOT NULL,
    carrier            text NOT NULL,
    service_code       text NOT NULL,
    tracking_number    text NOT NULL CHECK (tracking_number <> ''),
    tracking_url       text NOT NULL DEFAULT '',
    state              text NOT NULL DEFAULT 'announced'
        CHECK (state IN ('announced', 'in_transit', 'delivered')),
    -- The platform's last status as it worded it, for the desk.
    platform_status    text NOT NULL DEFAULT '',
    weight_grams       integer NOT NULL CHECK (weight_grams > 0),
    -- What the carrier collects at the door (cash on delivery), 0 for none.
    cod_cents          bigint NOT NULL DEFAULT 0 CHECK (cod_cents >= 0),
    -- The platform's age check was bought (alcohol), rather than the note
    -- on the label.
    age_check          boolean NOT NULL DEFAULT false,
    bought_by          bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    delivered_at       timestamptz,
    -- When the fallback poll last asked the platform.
    polled_at          timestamptz,
    UNIQUE (platform, platform_parcel_id)
);
-- The desk's list by state, newest first, and the poll's parcels on their way.
CREATE INDEX parcels_state_idx ON parcels (state, created_at DESC, id DESC);

-- The label as the platform issued it, apart from the parcel's row: lists
-- and the order page read parcels without tens of kilobytes of PDF each.
CREATE TABLE parcel_labels (
    parcel_id bigint PRIMARY KEY REFERENCES parcels (id) ON DELETE CASCADE,
    pdf       bytea NOT NULL CHECK (length(pdf) > 0)
);

-- The shopper is told when the parcel is on its way and when it arrived.
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'in_transit', 'delivered', 'cancelled', 'bank_refunded',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message'));

-- +goose Down
DELETE FROM outbound_emails WHERE kind IN ('in_transit', 'delivered');
ALTER TABLE outbound_emails DROP CONSTRAINT outbound_emails_kind_check;
ALTER TABLE outbound_emails
    ADD CONSTRAINT outbound_emails_kind_check CHECK (kind IN (
        'order_received', 'payment_received', 'shipped', 'cancelled', 'bank_refunded',
        'withdrawal_received', 'withdrawal_goods_received', 'withdrawal_refunded',
        'newsletter_confirm', 'contact_message'));
DROP TABLE parcel_labels;
DROP TABLE parcels;
