-- +goose Up
-- Cash-on-delivery remittances: the money a carrier collected at the door
-- and paid over to the shop, with the parcels it covers (docs/shipping-labels.md).
-- A cash order whose label was bought through the platform stays
-- on_delivery after its delivery until a remittance covers it: then it is
-- paid, with its invoice and e-mail, through the order lifecycle. The
-- carrier's reference is unique: a remittance entered twice is answered as
-- recorded the first time and pays nothing again.
CREATE TABLE cod_remittances (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reference   text NOT NULL UNIQUE CHECK (reference <> '' AND length(reference) <= 100),
    carrier     text NOT NULL DEFAULT '',
    remitted_on date NOT NULL,
    -- The sum of the lines, as the carrier paid it.
    total_cents bigint NOT NULL,
    entered_by  bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cod_remittances_created_idx ON cod_remittances (created_at DESC, id DESC);

-- Each line as the carrier wrote it (its tracking number or the order
-- number, and the amount), with what the shop made of it: paid, or the
-- difference the desk must look into (the order is then left as it was).
CREATE TABLE cod_remittance_lines (
    remittance_id  bigint NOT NULL REFERENCES cod_remittances (id) ON DELETE CASCADE,
    position       integer NOT NULL CHECK (position >= 0),
    reference      text NOT NULL,
    amount_cents   bigint NOT NULL,
    order_id       bigint REFERENCES orders (id) ON DELETE SET NULL,
    -- What the carrier was to collect for that order; null when unknown.
    expected_cents bigint,
    verdict        text NOT NULL CHECK (verdict IN (
        'paid', 'amount_mismatch', 'unknown', 'already_paid', 'not_cash', 'not_delivered', 'repeated')),
    PRIMARY KEY (remittance_id, position)
);
CREATE INDEX cod_remittance_lines_order_idx ON cod_remittance_lines (order_id) WHERE order_id IS NOT NULL;

-- A line names its parcel by tracking number, as the carrier knows it:
-- the platform's, or the one the desk typed for a label bought outside it.
CREATE INDEX parcels_tracking_idx ON parcels (upper(tracking_number));
CREATE INDEX orders_tracking_idx ON orders (upper(tracking_number)) WHERE tracking_number <> '';

-- +goose Down
DROP INDEX orders_tracking_idx;
DROP INDEX parcels_tracking_idx;
DROP TABLE cod_remittance_lines;
DROP TABLE cod_remittances;
