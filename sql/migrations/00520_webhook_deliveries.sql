-- +goose Up
-- Webhooks the owner can watch and that wake up only when there is
-- something to send (issue 39).
--
-- The dispatcher used to be a River job every second: ~86 000 job rows a
-- day with no endpoint at all. Now a statement trigger on api_events
-- NOTIFYs api_events when an enabled endpoint exists; shopd's dispatcher
-- LISTENs and queues the deliveries at once, and sweeps once a minute in
-- case a notification was missed (a lost connection). A NOTIFY is sent at
-- commit and folded into one per transaction, so a checkout's few events
-- wake the dispatcher once.
--
-- An endpoint is enabled, disabled by the owner, or disabled because its
-- deliveries failed for a day without one success (failing_since, failures;
-- Stripe and Standard Webhooks disable a failing endpoint the same way).
ALTER TABLE webhook_endpoints
    ADD COLUMN disabled_at timestamptz,
    ADD COLUMN disabled_reason text NOT NULL DEFAULT '' CHECK (disabled_reason IN ('', 'owner', 'failing')),
    ADD COLUMN failing_since timestamptz,
    ADD COLUMN failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
    ADD CONSTRAINT webhook_endpoints_disabled_check CHECK ((disabled_at IS NULL) = (disabled_reason = ''));

-- One row per event and endpoint: the delivery log the back office shows,
-- kept as long as the events (30 days). "Send again" queues the same row
-- again. status: pending (queued, not tried yet), delivered (a 2xx),
-- failing (the last try failed, another is queued), failed (no try left, or
-- the endpoint was disabled). response_code is 0 when no answer came (a
-- refused address, a timeout).
CREATE TABLE webhook_deliveries (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    endpoint_id     bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_id        uuid NOT NULL,
    event_type      text NOT NULL,
    status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failing', 'failed')),
    attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    response_code   integer NOT NULL DEFAULT 0,
    last_error      text NOT NULL DEFAULT '',
    last_attempt_at timestamptz,
    created_at      timestamptz NOT NULL DEFAULT now(),
    UNIQUE (endpoint_id, event_id)
);
-- The log of an endpoint, newest first; and the pruning by age.
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at);

-- +goose StatementBegin
CREATE FUNCTION notify_api_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM webhook_endpoints WHERE disabled_at IS NULL) THEN
        PERFORM pg_notify('api_events', '');
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER api_events_notify AFTER INSERT ON api_events
    FOR EACH STATEMENT EXECUTE FUNCTION notify_api_events();

-- +goose Down
DROP TRIGGER api_events_notify ON api_events;
DROP FUNCTION notify_api_events;
DROP TABLE webhook_deliveries;
ALTER TABLE webhook_endpoints
    DROP CONSTRAINT webhook_endpoints_disabled_check,
    DROP COLUMN failures,
    DROP COLUMN failing_since,
    DROP COLUMN disabled_reason,
    DROP COLUMN disabled_at;
