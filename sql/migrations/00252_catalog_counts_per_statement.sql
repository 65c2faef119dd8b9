-- +goose Up
-- Updates were counted per row (migration 00040): each changed product
-- updated the same few catalog_counts rows once or twice. A catalogue CSV
-- import that moves 100 000 products to new sections made 400 000 updates
-- of about twenty rows inside one transaction, each walking the growing
-- chain of its row's versions, and never finished. Counted once per
-- statement from the transition tables, it is one grouped update.
--
-- A trigger with transition tables cannot name columns, so this one sees
-- every update of products (orders change the stock all day); the join
-- keeps only the products whose count keys changed, and a stock update
-- finds none.
-- +goose StatementBegin
CREATE FUNCTION catalog_counts_statement_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    -- One statement: the subtractions and the additions touch different
    -- keys (a key's net change is one or the other).
    WITH d AS (
        SELECT k.category, k.online_category, sum(k.delta) AS delta
        FROM old_rows AS o
        JOIN new_rows AS n USING (id)
        CROSS JOIN LATERAL (
            SELECT ok.category, ok.online_category, -1 AS delta
            FROM catalog_count_keys(o.category, o.online_categories) AS ok
            WHERE o.sold_online
            UNION ALL
            SELECT nk.category, nk.online_category, 1
            FROM catalog_count_keys(n.category, n.online_categories) AS nk
            WHERE n.sold_online
        ) AS k
        WHERE (o.sold_online, o.category, o.online_categories)
              IS DISTINCT FROM (n.sold_online, n.category, n.online_categories)
        GROUP BY k.category, k.online_category
        HAVING sum(k.delta) <> 0
    ), subtracted AS (
        UPDATE catalog_counts AS c SET products = c.products + d.delta
        FROM d
        WHERE d.delta < 0 AND c.category = d.category AND c.online_category = d.online_category
    )
    INSERT INTO catalog_counts AS c (category, online_category, products)
    SELECT category, online_category, delta FROM d WHERE delta > 0
    ON CONFLICT ON CONSTRAINT catalog_counts_pkey DO UPDATE SET products = c.products + EXCLUDED.products;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

DROP TRIGGER products_counts_updated ON products;
DROP FUNCTION catalog_counts_row_updated();

CREATE TRIGGER products_counts_updated
    AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_counts_statement_updated();

-- +goose Down
DROP TRIGGER products_counts_updated ON products;
DROP FUNCTION catalog_counts_statement_updated();

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
