-- +goose Up
-- Listings show "Mostrando a-b de n productos", so every uncached listing
-- needs the number of products sold online that match its filters. Counting
-- them read every matching index entry: about 3 ms for a category of 15 000
-- products and 15 ms for the whole catalogue of 100 000, the bulk of a
-- listing's cost and growing with the catalogue. catalog_counts keeps those
-- totals, maintained by triggers in the transaction that changes a product,
-- so a count is one primary-key lookup whatever the catalogue's size.
--
-- One row per filter a listing can combine: a category, a section (online
-- category), both, or neither; '' stands for "any", as in the list queries.
-- Country pages count through the visibility index instead (a country holds
-- a few thousand products at most).
CREATE TABLE catalog_counts (
    category        text NOT NULL,
    online_category text NOT NULL,
    products        bigint NOT NULL CHECK (products >= 0),
    PRIMARY KEY (category, online_category)
);

-- catalog_count_keys are the rows of catalog_counts a product sold online
-- adds one to. A section listed twice in a product counts once, as the list
-- queries' @> finds the product once.
-- +goose StatementBegin
CREATE FUNCTION catalog_count_keys(category text, online_categories text[])
RETURNS TABLE (category text, online_category text)
LANGUAGE sql IMMUTABLE AS $$
    SELECT k.category, k.online_category
    FROM (VALUES ('', ''), ($1, '')) AS k (category, online_category)
    UNION ALL
    SELECT k.category, s.section
    FROM (SELECT DISTINCT section FROM unnest($2) AS u (section) WHERE section <> '') AS s,
         (VALUES (''), ($1)) AS k (category)
$$;
-- +goose StatementEnd

-- catalog_counts_add adds delta (+1 or -1) for one product's keys. Only an
-- addition can meet a missing row; a subtraction is an UPDATE, as the
-- proposed row of an INSERT … ON CONFLICT is checked (products >= 0) before
-- the conflict is.
-- +goose StatementBegin
CREATE FUNCTION catalog_counts_add(category text, online_categories text[], delta bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF delta > 0 THEN
        INSERT INTO catalog_counts AS c (category, online_category, products)
        SELECT k.category, k.online_category, delta FROM catalog_count_keys($1, $2) AS k
        ON CONFLICT ON CONSTRAINT catalog_counts_pkey DO UPDATE SET products = c.products + EXCLUDED.products;
    ELSE
        UPDATE catalog_counts AS c SET products = c.products + delta
        FROM catalog_count_keys($1, $2) AS k
        WHERE c.category = k.category AND c.online_category = k.online_category;
    END IF;
END;
$$;
-- +goose StatementEnd

-- Inserts and deletes come in bulk (the seed COPYs 100 000 products), so
-- they are counted once per statement from the transition table.
-- +goose StatementBegin
CREATE FUNCTION catalog_counts_statement() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM catalog_counts;
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
        INSERT INTO catalog_counts AS c (category, online_category, products)
        SELECT k.category, k.online_category, count(*)
        FROM changed_rows AS p, catalog_count_keys(p.category, p.online_categories) AS k
        WHERE p.sold_online
        GROUP BY k.category, k.online_category
        ON CONFLICT ON CONSTRAINT catalog_counts_pkey DO UPDATE SET products = c.products + EXCLUDED.products;
    ELSE
        UPDATE catalog_counts AS c SET products = c.products - d.removed
        FROM (
            SELECT k.category, k.online_category, count(*) AS removed
            FROM changed_rows AS p, catalog_count_keys(p.category, p.online_categories) AS k
            WHERE p.sold_online
            GROUP BY k.category, k.online_category
        ) AS d
        WHERE c.category = d.category AND c.online_category = d.online_category;
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER products_counts_inserted
    AFTER INSERT ON products REFERENCING NEW TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_counts_statement();

CREATE TRIGGER products_counts_deleted
    AFTER DELETE ON products REFERENCING OLD TABLE AS changed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_counts_statement();

CREATE TRIGGER products_counts_truncated
    AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_counts_statement();

-- Updates are counted per row, and only those of the three columns a count
-- depends on: orders update the stock all day long and never reach this.
-- +goose StatementBegin
CREATE FUNCTION catalog_counts_row_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.sold_online THEN
        PERFORM catalog_counts_add(OLD.category, OLD.online_categories, -1);
    END IF;
    IF NEW.sold_online THEN
        PERFORM catalog_counts_add(NEW.category, NEW.online_categories, 1);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER products_counts_updated
    AFTER UPDATE OF sold_online, category, online_categories ON products
    FOR EACH ROW
    WHEN (OLD.sold_online IS DISTINCT FROM NEW.sold_online
        OR OLD.category IS DISTINCT FROM NEW.category
        OR OLD.online_categories IS DISTINCT FROM NEW.online_categories)
    EXECUTE FUNCTION catalog_counts_row_updated();

INSERT INTO catalog_counts (category, online_category, products)
SELECT k.category, k.online_category, count(*)
FROM products AS p, catalog_count_keys(p.category, p.online_categories) AS k
WHERE p.sold_online
GROUP BY k.category, k.online_category;

-- +goose Down
DROP TRIGGER products_counts_updated ON products;
DROP TRIGGER products_counts_truncated ON products;
DROP TRIGGER products_counts_deleted ON products;
DROP TRIGGER products_counts_inserted ON products;
DROP FUNCTION catalog_counts_row_updated, catalog_counts_statement, catalog_counts_add, catalog_count_keys;
DROP TABLE catalog_counts;
