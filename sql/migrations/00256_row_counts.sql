-- +goose Up
-- Exact row counts the back office shows on every page (the customers'
-- and the audit trail's totals for their page numbers, the dashboard's
-- customers and products) without counting 200 000 rows per request: kept
-- as migration 00255 keeps the order statistics, by triggers that only
-- append deltas (no row to wait on for a sign-up or an audited action),
-- folded by the same periodic job; a read sums the count and the pending
-- deltas in one statement, so it is exact whenever the fold last ran.

CREATE TABLE row_counts (
    name text PRIMARY KEY,
    n    bigint NOT NULL
);

CREATE TABLE row_count_deltas (
    name text NOT NULL,
    n    integer NOT NULL
);

-- row_count_change counts the table's rows under the name TG_ARGV[0].
-- +goose StatementBegin
CREATE FUNCTION row_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO row_count_deltas VALUES (TG_ARGV[0], CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END);
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- customers_active_change counts the active customers (the list's rows).
-- +goose StatementBegin
CREATE FUNCTION customers_active_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    d integer := 0;
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.active THEN
        d := d - 1;
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.active THEN
        d := d + 1;
    END IF;
    IF d <> 0 THEN
        INSERT INTO row_count_deltas VALUES ('customers_active', d);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER customers_active_count
    AFTER INSERT OR UPDATE OF active OR DELETE ON customers
    FOR EACH ROW EXECUTE FUNCTION customers_active_change();
CREATE TRIGGER audit_events_count
    AFTER INSERT OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION row_count_change('audit_events');
CREATE TRIGGER products_count
    AFTER INSERT OR DELETE ON products
    FOR EACH ROW EXECUTE FUNCTION row_count_change('products');

-- row_counts_fold moves the deltas into the counts, one fold at a time, as
-- order_stats_fold does.
-- +goose StatementBegin
CREATE FUNCTION row_counts_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('row_counts_fold')) THEN
        RETURN;
    END IF;
    WITH d AS (DELETE FROM row_count_deltas RETURNING *)
    INSERT INTO row_counts AS c (name, n)
    SELECT name, sum(n) FROM d GROUP BY name ORDER BY name
    ON CONFLICT (name) DO UPDATE SET n = c.n + excluded.n;
END
$$;
-- +goose StatementEnd

-- row_counts_rebuild counts again: the backfill below and the bench's
-- seed, which loads with the triggers off.
-- +goose StatementBegin
CREATE FUNCTION row_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    LOCK TABLE customers, audit_events, products IN SHARE MODE;
    LOCK TABLE row_counts, row_count_deltas IN EXCLUSIVE MODE;
    TRUNCATE row_count_deltas, row_counts;
    INSERT INTO row_counts VALUES
        ('customers_active', (SELECT count(*) FROM customers WHERE active)),
        ('audit_events', (SELECT count(*) FROM audit_events)),
        ('products', (SELECT count(*) FROM products));
END
$$;
-- +goose StatementEnd

SELECT row_counts_rebuild();

-- +goose Down
DROP TRIGGER products_count ON products;
DROP TRIGGER audit_events_count ON audit_events;
DROP TRIGGER customers_active_count ON customers;
DROP FUNCTION row_counts_rebuild();
DROP FUNCTION row_counts_fold();
DROP FUNCTION customers_active_change();
DROP FUNCTION row_count_change();
DROP TABLE row_count_deltas, row_counts;
