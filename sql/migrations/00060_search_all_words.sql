-- +goose Up
-- The header search looked for what was typed as one piece of text: "cafe
-- colombia" found nothing beside "Café de Colombia Supremo". A search of
-- several words now asks for every word, in any order, each as the start of
-- a word of the name, code or SKU (accent-free already in search_text),
-- through this full-text index: the words' posting lists are intersected,
-- never the catalogue read.
CREATE INDEX products_online_search_words_idx ON products
    USING gin (to_tsvector('simple', search_text)) WHERE sold_online;

-- +goose Down
DROP INDEX products_online_search_words_idx;
