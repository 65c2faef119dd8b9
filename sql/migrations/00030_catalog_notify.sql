-- +goose Up
-- Every shopd replica keeps an in-process cache of catalogue reads
-- (backend/internal/catalogcache). These triggers tell all of them, through
-- NOTIFY on the channel catalog_changed, that something a shopper sees has
-- changed, so each drops its cache and serves the change within moments.
-- NOTIFY is delivered at commit and folded per transaction, so a bulk edit
-- costs one message.

-- +goose StatementBegin
CREATE FUNCTION notify_catalog_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER products_catalog_changed
    AFTER INSERT OR DELETE OR TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

-- Orders take stock all day long: a change of the stock count alone does
-- not drop the caches (the cart and checkout always read the live stock, and
-- the caches expire the count within seconds), but running out or coming
-- back in stock does, because the storefront shows it.
CREATE TRIGGER products_catalog_updated
    AFTER UPDATE ON products
    FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'stock' - 'updated_at')
        OR (OLD.stock = 0) <> (NEW.stock = 0))
    EXECUTE FUNCTION notify_catalog_changed();

CREATE TRIGGER visibility_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_country_visibility
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

CREATE TRIGGER promotions_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_promotions
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

-- A promotion shows the lowest price of the 30 days before it started.
CREATE TRIGGER price_history_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_history
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

CREATE TRIGGER countries_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON countries
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

-- +goose Down
DROP TRIGGER countries_catalog_changed ON countries;
DROP TRIGGER price_history_catalog_changed ON price_history;
DROP TRIGGER promotions_catalog_changed ON product_promotions;
DROP TRIGGER visibility_catalog_changed ON product_country_visibility;
DROP TRIGGER products_catalog_updated ON products;
DROP TRIGGER products_catalog_changed ON products;
DROP FUNCTION notify_catalog_changed;
