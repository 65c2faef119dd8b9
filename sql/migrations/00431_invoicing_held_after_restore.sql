-- +goose Up
-- A restored backup may lack invoices whose records the AEAT already holds:
-- issuing again would give their numbers twice and fork the chain. shopd
-- restore holds invoicing (one row here) until the AEAT's records, read
-- with its query service (ConsultaFactuSistemaFacturacion), are all in the
-- local chain and its last one is a local record. Each check is kept on the
-- row; the row goes when a check matches.
CREATE TABLE invoicing_hold (
    singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    held_since  timestamptz NOT NULL,
    checked_at  timestamptz,
    -- The AEAT's last record (its number and huella) and the local head's.
    aeat_head_number text NOT NULL DEFAULT '',
    aeat_head_hash   text NOT NULL DEFAULT '',
    local_head_hash  text NOT NULL DEFAULT '',
    -- The records the AEAT holds and the shop lacks, as the last check read
    -- them: [{"number", "date", "hash", "state", "generated_at"}].
    missing     jsonb NOT NULL DEFAULT '[]',
    check_error text NOT NULL DEFAULT ''
);

-- The invoices a paid or refunded order did not get while invoicing was
-- held: the payment is recorded (the money moved) and the invoice is issued
-- when the hold is lifted, so nothing is lost.
CREATE TABLE invoices_awaiting (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id  bigint NOT NULL REFERENCES orders (id),
    kind      text NOT NULL CHECK (kind IN ('simplified', 'corrective')),
    reason    text NOT NULL DEFAULT '',
    held_at   timestamptz NOT NULL,
    UNIQUE (order_id, kind)
);

-- +goose Down
DROP TABLE invoices_awaiting;
DROP TABLE invoicing_hold;
