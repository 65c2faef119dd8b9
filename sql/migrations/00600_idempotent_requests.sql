-- +goose Up
-- Back-office writes sent with an Idempotency-Key (issue 39): the first call
-- claims the caller's key, and a retry of the same call gets the answer it
-- kept instead of writing twice (guard.IdempotencyKeys). SyncStock claims
-- its keys in its own transaction instead (stock_syncs, migration 00470).
CREATE TABLE idempotent_requests (
    -- "key:<id>" or "user:<id>": keys are the client's, unique per caller.
    caller          text NOT NULL,
    idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    procedure       text NOT NULL,
    -- SHA-256 of the request message, so a key sent with another request
    -- is refused rather than answered with the first one's result.
    request_hash    bytea NOT NULL,
    -- The answer (the response message, binary); NULL while the call runs.
    response        bytea,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (caller, idempotency_key)
);
CREATE INDEX idempotent_requests_created_at ON idempotent_requests (created_at);

-- +goose Down
DROP TABLE idempotent_requests;
