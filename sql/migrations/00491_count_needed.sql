-- +goose Up
-- The products the owner is asked to count (issue 35): a till sale sold the
-- unit in the customer's hand although the count said none was left, so the
-- counted stock is negative. The dashboard lists them on every load; the
-- partial index keeps that a look at the few, not a scan of the catalogue.
CREATE INDEX products_count_needed_idx ON products (stock, id) WHERE stock < 0 AND archived_at IS NULL;

-- +goose Down
DROP INDEX products_count_needed_idx;
