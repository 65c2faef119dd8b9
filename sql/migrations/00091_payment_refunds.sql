-- +goose Up
-- Refunds asked of Redsys for a paid attempt: a cancelled order, a late
-- payment, returned lines (partial). The row is written before Redsys is
-- called, so a call whose answer was lost stays visible as 'unknown' for
-- someone to check in Redsys's portal instead of being asked again.
CREATE TABLE payment_refunds (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    redsys_order  text NOT NULL REFERENCES payment_attempts (redsys_order),
    amount_cents  bigint NOT NULL CHECK (amount_cents > 0),
    reason        text NOT NULL DEFAULT '',
    status        text NOT NULL DEFAULT 'requested'
        CHECK (status IN ('requested', 'accepted', 'refused', 'unknown')),
    response_code integer,
    error_code    text NOT NULL DEFAULT '',
    requested_at  timestamptz NOT NULL DEFAULT now(),
    decided_at    timestamptz
);
CREATE INDEX payment_refunds_order_idx ON payment_refunds (redsys_order);

-- +goose Down
DROP TABLE payment_refunds;
