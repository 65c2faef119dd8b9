-- +goose Up
-- The storefront shows the exact count of a product running low ("Últimas 7"
-- below 10 units: frontend/src/features/catalog/stock.ts), and its
-- prerendered pages keep that count until the change feed moves (issue 38:
-- a badge said "Últimas 7" with 5 left, for minutes). 00030 announced a
-- stock change only when the product ran out or came back; it now also
-- announces one the badge shows: any change of the count while it is, or
-- was, below 10. Changes of a plentiful stock (most of an order's) still
-- drop no cache.
DROP TRIGGER products_catalog_updated ON products;
CREATE TRIGGER products_catalog_updated
    AFTER UPDATE ON products
    FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')
        OR (OLD.stock IS DISTINCT FROM NEW.stock AND (OLD.stock < 10 OR NEW.stock < 10)))
    EXECUTE FUNCTION notify_catalog_changed();

-- +goose Down
DROP TRIGGER products_catalog_updated ON products;
CREATE TRIGGER products_catalog_updated
    AFTER UPDATE ON products
    FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')
        OR (OLD.stock = 0) <> (NEW.stock = 0))
    EXECUTE FUNCTION notify_catalog_changed();
