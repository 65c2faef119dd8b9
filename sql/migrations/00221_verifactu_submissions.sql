-- +goose Up
-- VERI*FACTU submissions: each row is one RegFactuSistemaFacturacion message
-- (up to 1000 records, consecutive in the chain) that the submission job
-- built and validated the shape of, ready to be sent to the AEAT. Sending
-- waits for the shop's certificate (docs/verifactu.md): until then every
-- row stays 'ready' and records are never sent twice, since the next
-- message starts after the last record of the one before.
CREATE TABLE verifactu_submissions (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    first_record_id bigint NOT NULL REFERENCES verifactu_records (id),
    last_record_id  bigint NOT NULL UNIQUE REFERENCES verifactu_records (id),
    record_count    integer NOT NULL CHECK (record_count BETWEEN 1 AND 1000),
    message         text NOT NULL,
    state           text NOT NULL DEFAULT 'ready'
        CHECK (state IN ('ready', 'sent', 'accepted', 'partially_accepted', 'rejected')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    CHECK (first_record_id <= last_record_id)
);

-- +goose Down
DROP TABLE verifactu_submissions;
