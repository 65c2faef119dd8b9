-- +goose Up
-- Webhooks (issue 39): the owner registers endpoints for event types; a
-- dispatcher reads api_events in commit order (the feed's cursor, migration
-- 00470) and queues one River delivery per event and endpoint in the same
-- transaction that moves its cursor, so each event is queued exactly once
-- and delivered at least once.
CREATE TABLE webhook_endpoints (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    url         text NOT NULL CHECK (url ~ '^https?://'),
    types       text[] NOT NULL CHECK (cardinality(types) > 0),
    -- The signing secret ("whsec_" and base64), kept as is: signing needs
    -- it. Shown to the owner once, when created.
    secret      text NOT NULL CHECK (secret LIKE 'whsec\_%'),
    -- The secret before the last rotation, still signing (beside the new
    -- one) until previous_until, so receivers switch without a gap.
    previous_secret text,
    previous_until  timestamptz,
    created_by  bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- The dispatcher's position in api_events: one row.
CREATE TABLE webhook_dispatch (
    id  boolean PRIMARY KEY DEFAULT true CHECK (id),
    xid xid8 NOT NULL DEFAULT '0',
    seq bigint NOT NULL DEFAULT 0
);
INSERT INTO webhook_dispatch DEFAULT VALUES;

-- +goose Down
DROP TABLE webhook_dispatch;
DROP TABLE webhook_endpoints;
