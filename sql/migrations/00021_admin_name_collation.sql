-- +goose Up
-- The back office lists every product A–Z the way the storefront does (ICU
-- Spanish collation, see 00010), 100 at a time; this index serves those pages.
CREATE INDEX products_name_es_idx ON products (name COLLATE "es-x-icu", id);

-- +goose Down
DROP INDEX products_name_es_idx;
