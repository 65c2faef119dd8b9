-- +goose Up
-- A catalogue CSV file arrives in pieces of at most 1 MiB (issue 29), so
-- no request carries the whole file and the server never holds it: the
-- pieces are kept here in order and read back as a stream by the dry run
-- and the import. An upload belongs to the admin who started it; bytes and
-- chunks are its running totals, checked against the cap as each piece
-- comes (the row is locked, so pieces of one upload are added one at a
-- time). Uploads nobody imported are pruned when the next one starts; an
-- import deletes its upload when it finishes.
CREATE TABLE catalogue_uploads (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_by bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    bytes      bigint NOT NULL DEFAULT 0 CHECK (bytes BETWEEN 0 AND 67108864),
    chunks     integer NOT NULL DEFAULT 0 CHECK (chunks >= 0),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX catalogue_uploads_created_at_idx ON catalogue_uploads (created_at);

CREATE TABLE catalogue_upload_chunks (
    upload_id bigint NOT NULL REFERENCES catalogue_uploads (id) ON DELETE CASCADE,
    seq       integer NOT NULL CHECK (seq >= 0),
    content   bytea NOT NULL CHECK (length(content) BETWEEN 1 AND 1048576),
    PRIMARY KEY (upload_id, seq)
);

-- An import reads its file from its upload; one upload feeds one import.
-- Imports still waiting for a worker had their file in content: they are
-- refused (the owner uploads the file again), so there is one way to read
-- a file.
ALTER TABLE catalogue_imports ADD COLUMN upload_id bigint UNIQUE REFERENCES catalogue_uploads (id) ON DELETE SET NULL;
UPDATE catalogue_imports
SET status = 'failed', progress_percent = 100, finished_at = now(), problem_count = 1,
    problems = '[{"line":0,"column":"","reason":"IMPORT_FAILED","message":"the import failed and wrote nothing; try again"}]'
WHERE status IN ('queued', 'running');
ALTER TABLE catalogue_imports DROP COLUMN content;

-- +goose Down
ALTER TABLE catalogue_imports ADD COLUMN content bytea NOT NULL DEFAULT '';
ALTER TABLE catalogue_imports DROP COLUMN upload_id;
DROP TABLE catalogue_upload_chunks;
DROP TABLE catalogue_uploads;
