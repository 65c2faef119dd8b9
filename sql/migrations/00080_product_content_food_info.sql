-- +goose Up
-- Content in two languages and the food information of EU Regulation
-- 1169/2011 (art. 9 and 14), issue 15.
--
-- name and description stay the Spanish text; name_pt and description_pt
-- are the Portuguese, '' meaning "fall back to the Spanish". The flags say
-- what the law asks of the product whatever it is: frozen (cold chain),
-- perishable and sealed_hygiene (both exempt from withdrawal, TRLGDCU 103),
-- age_restricted (alcohol; energy drinks in Galicia). is_food is false for
-- beauty and perfumes, which carry no food information.
ALTER TABLE products
    ADD COLUMN name_pt        text NOT NULL DEFAULT '',
    ADD COLUMN description_pt text NOT NULL DEFAULT '',
    ADD COLUMN is_food        boolean NOT NULL DEFAULT true,
    ADD COLUMN frozen         boolean NOT NULL DEFAULT false,
    ADD COLUMN perishable     boolean NOT NULL DEFAULT false,
    ADD COLUMN sealed_hygiene boolean NOT NULL DEFAULT false,
    ADD COLUMN age_restricted boolean NOT NULL DEFAULT false,
    -- The allergens the product contains or may contain, kept from
    -- product_food_info by the trigger below so a listing's "without
    -- allergen X" filter reads the row it already reads; NULL when the
    -- product has no food information, which no such filter can vouch for.
    ADD COLUMN allergen_risk  text[];

UPDATE products SET is_food = false WHERE category IN ('beleza', 'perfumes');

-- Search finds a product by either language's name. The generated column
-- is recomputed with name_pt after the Spanish name, so the prefix tier
-- (search_text starting with the typed text) still ranks Spanish names and
-- the containing tier finds the Portuguese ones. Its two indexes go with it.
ALTER TABLE products DROP COLUMN search_text;
ALTER TABLE products ADD COLUMN search_text text
    GENERATED ALWAYS AS (search_normalize(name || ' ' || name_pt || ' ' || code || ' ' || sku)) STORED;
CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops);
CREATE INDEX products_online_search_prefix_idx ON products ((search_text COLLATE "C"), id) WHERE sold_online;
-- Migration 00060's index of every word went with the column: the search of
-- several words now finds a product by either language's words.
CREATE INDEX products_online_search_words_idx ON products
    USING gin (to_tsvector('simple', search_text)) WHERE sold_online;

-- One row per food product that has its information filled in. Text comes
-- in both languages ('' in Portuguese falls back to Spanish); allergens are
-- emphasised inside the ingredient text with **…**, checked against
-- contains by backend/internal/foodinfo before saving. Quantities are
-- grams, millilitres or pieces whatever net_unit shows them in; nutrition
-- is per 100 g or 100 ml, masses in milligrams, all NULL or all set; ABV in
-- basis points of volume (450 = 4.5 %).
CREATE TABLE product_food_info (
    product_id          bigint PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
    ingredients_es      text NOT NULL DEFAULT '',
    ingredients_pt      text NOT NULL DEFAULT '',
    contains            text[] NOT NULL DEFAULT '{}',
    may_contain         text[] NOT NULL DEFAULT '{}',
    net_quantity        bigint NOT NULL CHECK (net_quantity > 0),
    net_unit            text NOT NULL CHECK (net_unit IN ('g', 'kg', 'ml', 'l', 'units')),
    drained_weight_g    bigint CHECK (drained_weight_g > 0),
    storage_es          text NOT NULL DEFAULT '',
    storage_pt          text NOT NULL DEFAULT '',
    energy_kj           integer CHECK (energy_kj >= 0),
    energy_kcal         integer CHECK (energy_kcal >= 0),
    fat_mg              integer CHECK (fat_mg BETWEEN 0 AND 100000),
    saturates_mg        integer CHECK (saturates_mg BETWEEN 0 AND 100000),
    carbohydrate_mg     integer CHECK (carbohydrate_mg BETWEEN 0 AND 100000),
    sugars_mg           integer CHECK (sugars_mg BETWEEN 0 AND 100000),
    protein_mg          integer CHECK (protein_mg BETWEEN 0 AND 100000),
    salt_mg             integer CHECK (salt_mg BETWEEN 0 AND 100000),
    abv_basis_points    integer CHECK (abv_basis_points BETWEEN 0 AND 10000),
    operator_name       text NOT NULL CHECK (operator_name <> ''),
    operator_address    text NOT NULL CHECK (operator_address <> ''),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    updated_by          bigint REFERENCES users (id) ON DELETE SET NULL,
    CHECK (contains <@ ARRAY['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts',
        'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs']),
    CHECK (may_contain <@ ARRAY['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts',
        'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs']),
    CHECK ((energy_kj IS NULL) = (energy_kcal IS NULL) AND (energy_kj IS NULL) = (fat_mg IS NULL)
        AND (energy_kj IS NULL) = (saturates_mg IS NULL) AND (energy_kj IS NULL) = (carbohydrate_mg IS NULL)
        AND (energy_kj IS NULL) = (sugars_mg IS NULL) AND (energy_kj IS NULL) = (protein_mg IS NULL)
        AND (energy_kj IS NULL) = (salt_mg IS NULL))
);

-- Keeps products.allergen_risk, once per statement (the seed writes food
-- information for 100 000 generated products at once). Updating products
-- also drops the storefront caches (migration 00030), which show it.
-- +goose StatementBegin
CREATE FUNCTION food_info_allergen_risk() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE products p SET allergen_risk = NULL
        FROM changed_rows c WHERE p.id = c.product_id;
    ELSE
        UPDATE products p SET allergen_risk = ARRAY(
            SELECT DISTINCT a FROM unnest(c.contains || c.may_contain) AS a ORDER BY a)
        FROM changed_rows c
        WHERE p.id = c.product_id
          AND p.allergen_risk IS DISTINCT FROM ARRAY(
            SELECT DISTINCT a FROM unnest(c.contains || c.may_contain) AS a ORDER BY a);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER food_info_allergens_inserted
    AFTER INSERT ON product_food_info REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION food_info_allergen_risk();
CREATE TRIGGER food_info_allergens_updated
    AFTER UPDATE ON product_food_info REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION food_info_allergen_risk();
CREATE TRIGGER food_info_allergens_deleted
    AFTER DELETE ON product_food_info REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION food_info_allergen_risk();

-- The product page shows the food information: any change drops the caches.
CREATE TRIGGER food_info_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_food_info
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

-- +goose Down
DROP TABLE product_food_info;
DROP FUNCTION food_info_allergen_risk;
ALTER TABLE products DROP COLUMN search_text;
ALTER TABLE products ADD COLUMN search_text text
    GENERATED ALWAYS AS (search_normalize(name || ' ' || code || ' ' || sku)) STORED;
CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops);
CREATE INDEX products_online_search_prefix_idx ON products ((search_text COLLATE "C"), id) WHERE sold_online;
CREATE INDEX products_online_search_words_idx ON products
    USING gin (to_tsvector('simple', search_text)) WHERE sold_online;
ALTER TABLE products DROP COLUMN allergen_risk, DROP COLUMN age_restricted, DROP COLUMN sealed_hygiene,
    DROP COLUMN perishable, DROP COLUMN frozen, DROP COLUMN is_food, DROP COLUMN description_pt,
    DROP COLUMN name_pt;
