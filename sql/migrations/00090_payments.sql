-- +goose Up
-- One row per Redsys order number the shop signed: an order gets one when
-- the shopper goes to pay and another for each "pay again", since Redsys
-- refuses a number it has seen. The notification names the number; this
-- row says which order it is for and how much it must say was paid.
CREATE TABLE payment_attempts (
    redsys_order       text PRIMARY KEY CHECK (redsys_order ~ '^[0-9]{4}[0-9A-Za-z]{1,8}$'),
    order_id           bigint NOT NULL REFERENCES orders (id),
    attempt            integer NOT NULL CHECK (attempt BETWEEN 1 AND 9999),
    method             text NOT NULL CHECK (method IN ('card', 'bizum')),
    amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
    -- Decided once, by the first verified notification; later ones are
    -- duplicates and change nothing.
    status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'authorised', 'refused')),
    response_code      integer,
    authorisation_code text NOT NULL DEFAULT '',
    created_at         timestamptz NOT NULL DEFAULT now(),
    decided_at         timestamptz,
    UNIQUE (order_id, attempt),
    CHECK ((status = 'pending') = (decided_at IS NULL))
);

-- Every notification received, genuine or not, with what it did: the
-- evidence when a shopper or the bank disputes a payment, and the trace of
-- forged or replayed ones (which change nothing else). redsys_order and
-- amount_cents are what the message claimed, so not a reference: a forged
-- one may name any order.
CREATE TABLE payment_notifications (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    received_at   timestamptz NOT NULL DEFAULT now(),
    redsys_order  text,
    amount_cents  bigint,
    response_code integer,
    outcome       text NOT NULL CHECK (outcome IN (
        'authorised',    -- paid: the attempt and its order were told
        'refused',       -- the bank or the shopper said no
        'late',          -- paid, but the order could no longer take it: to refund
        'duplicate',     -- the attempt was already decided: nothing changed
        'mismatch',      -- genuine, but amount or currency differ from the attempt
        'unknown_order', -- genuine, but for a number the shop never signed
        'ignored',       -- genuine, about another kind of operation
        'forged',        -- signature, version or merchant wrong
        'malformed'      -- not readable as a notification
    )),
    detail        text NOT NULL DEFAULT '',
    remote_addr   text NOT NULL DEFAULT '',
    -- Ds_MerchantParameters as received, cut at 4 KiB.
    parameters    text NOT NULL DEFAULT ''
);
CREATE INDEX payment_notifications_order_idx ON payment_notifications (redsys_order, received_at);

-- +goose Down
DROP TABLE payment_notifications;
DROP TABLE payment_attempts;
