-- +goose Up
-- The audit trail names which key or which session acted (issue 37), not
-- only whose: the key by id (its name is read from api_keys, where keys are
-- revoked, never deleted), the session by id and the time it was signed
-- in, kept here since sessions are deleted when they end. Events recorded
-- before stay without them; the command line and the system have neither.
ALTER TABLE audit_events
    ADD COLUMN api_key_id bigint,
    ADD COLUMN session_id bigint,
    ADD COLUMN session_started_at timestamptz,
    ADD CONSTRAINT audit_events_one_way CHECK (api_key_id IS NULL OR session_id IS NULL),
    ADD CONSTRAINT audit_events_session_start CHECK ((session_id IS NULL) = (session_started_at IS NULL));

-- +goose Down
ALTER TABLE audit_events
    DROP CONSTRAINT audit_events_session_start,
    DROP CONSTRAINT audit_events_one_way,
    DROP COLUMN session_started_at,
    DROP COLUMN session_id,
    DROP COLUMN api_key_id;
