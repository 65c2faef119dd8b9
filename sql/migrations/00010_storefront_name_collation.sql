-- +goose Up
-- The storefront sorts names A–Z the way a Spanish reader expects ("Açaí"
-- beside "Acerola", not after "Zumo"), which the database's default
-- collation (often C) does not. The name-ordered listings now sort with the
-- ICU Spanish collation, so their partial indexes must carry it to be used.
CREATE INDEX products_online_name_es_idx ON products (name COLLATE "es-x-icu", id) WHERE sold_online;
CREATE INDEX products_online_category_name_es_idx ON products (category, name COLLATE "es-x-icu", id) WHERE sold_online;
-- Only the storefront's name-ordered listings used these.
DROP INDEX products_online_name_idx;
DROP INDEX products_online_category_name_idx;

-- +goose Down
CREATE INDEX products_online_name_idx ON products (name, id) WHERE sold_online;
CREATE INDEX products_online_category_name_idx ON products (category, name, id) WHERE sold_online;
DROP INDEX products_online_category_name_es_idx;
DROP INDEX products_online_name_es_idx;
