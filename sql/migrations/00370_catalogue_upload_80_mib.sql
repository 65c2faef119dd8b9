-- +goose Up
-- A catalogue file may be 80 MiB again, as before it came in pieces (issue
-- 29): the dry run and the import read it 2 048 lines at a time, so the
-- size no longer shows in shopd's memory, and a full catalogue export of
-- the shop's largest supplier lists (~196 000 rows, 80 MB) fits.
ALTER TABLE catalogue_uploads DROP CONSTRAINT catalogue_uploads_bytes_check,
    ADD CONSTRAINT catalogue_uploads_bytes_check CHECK (bytes BETWEEN 0 AND 83886080);

-- +goose Down
ALTER TABLE catalogue_uploads DROP CONSTRAINT catalogue_uploads_bytes_check,
    ADD CONSTRAINT catalogue_uploads_bytes_check CHECK (bytes BETWEEN 0 AND 67108864);
