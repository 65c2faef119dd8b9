-- +goose Up
-- Hits per key (such as a client address) per fixed window, shared by every
-- replica so N replicas do not allow N times the rate. UNLOGGED: counters
-- are worth no WAL, and losing them in a crash only forgives some hits.
CREATE UNLOGGED TABLE rate_limits (
    key          text NOT NULL,
    window_start timestamptz NOT NULL,
    hits         integer NOT NULL,
    PRIMARY KEY (key, window_start)
);

-- +goose Down
DROP TABLE rate_limits;
