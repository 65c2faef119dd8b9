-- +goose Up
-- Secrets every replica of shopd must share, such as the key sealing the
-- sign-in flow cookie: a sign-in that starts on one replica may come back
-- to another, or to the same one after a restart. The first shopd that
-- needs a secret makes it; the others read it. Only shopd reads this
-- table: it is not a setting and no RPC exposes it.
CREATE TABLE secrets (
    name       text PRIMARY KEY,
    value      bytea NOT NULL CHECK (octet_length(value) >= 32),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE secrets;
