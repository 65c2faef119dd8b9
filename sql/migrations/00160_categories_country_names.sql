-- +goose Up
-- The storefront's categories as data: their names in Spanish and
-- Portuguese and their order, so the /todos filter, the country pages' tiles
-- and the back office name a category the same way from one place, and a
-- category added here (with its products) needs no list edited in code
-- beyond its page's route.
CREATE TABLE categories (
    slug       text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    name_es    text NOT NULL CHECK (name_es <> ''),
    name_pt    text NOT NULL CHECK (name_pt <> ''),
    sort_order integer NOT NULL DEFAULT 0
);

INSERT INTO categories (slug, name_es, name_pt, sort_order) VALUES
    ('bebidas', 'Bebidas', 'Bebidas', 1),
    ('alimentos', 'Alimentos', 'Alimentos', 2),
    ('doces', 'Dulces', 'Doces', 3),
    ('congelados', 'Congelados', 'Congelados', 4),
    ('beleza', 'Belleza', 'Beleza', 5),
    ('perfumes', 'Perfumes', 'Perfumes', 6);

CREATE TRIGGER categories_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

-- A country's name in Portuguese; '' falls back to the Spanish name.
ALTER TABLE countries ADD COLUMN name_pt text NOT NULL DEFAULT '';
UPDATE countries c SET name_pt = v.name_pt
FROM (VALUES
    ('brasil', 'Brasil'), ('colombia', 'Colômbia'), ('cabo-verde', 'Cabo Verde'), ('peru', 'Peru'),
    ('argentina', 'Argentina'), ('republica-dominicana', 'República Dominicana'),
    ('venezuela', 'Venezuela'), ('uruguai', 'Uruguai'), ('cuba', 'Cuba'), ('senegal', 'Senegal'),
    ('angola', 'Angola')) AS v (slug, name_pt)
WHERE c.slug = v.slug;

-- +goose Down
ALTER TABLE countries DROP COLUMN name_pt;
DROP TABLE categories;
