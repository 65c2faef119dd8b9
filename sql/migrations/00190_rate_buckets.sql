-- +goose Up
-- Token buckets shared by every shopd replica (the order limit: a burst,
-- then one call per interval), so three replicas allow the burst once, not
-- three times. tokens is what was left at updated_at; each hit refills for
-- the time since. allowed is the last hit's answer, which RETURNING cannot
-- otherwise tell apart from the tokens left. UNLOGGED like rate_limits:
-- losing the buckets in a crash only forgives some hits.
CREATE UNLOGGED TABLE rate_buckets (
    key        text PRIMARY KEY,
    tokens     double precision NOT NULL,
    updated_at timestamptz NOT NULL,
    allowed    boolean NOT NULL
);
-- Pruning full buckets scans by age.
CREATE INDEX rate_buckets_updated_idx ON rate_buckets (updated_at);

-- +goose Down
DROP TABLE rate_buckets;
