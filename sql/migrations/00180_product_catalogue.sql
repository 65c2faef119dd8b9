-- +goose Up
-- The back office creates, edits and archives products (issue 15).
--
-- ean is the product's barcode (EAN-8, UPC-A, EAN-13 or GTIN-14; its check
-- digit is checked by backend/internal/gtin), '' for none, unique when set.
-- archived_at marks a product taken off the storefront for good: products
-- that were sold stay on their orders and invoices, so none is deleted.
ALTER TABLE products
    ADD COLUMN ean         text NOT NULL DEFAULT '' CHECK (ean ~ '^([0-9]{8}|[0-9]{12,14})?$'),
    ADD COLUMN archived_at timestamptz;
CREATE UNIQUE INDEX products_ean_key ON products (ean) WHERE ean <> '';

-- An archived product is not sold online whatever its visibility: the same
-- sold_online flag every storefront read, the order's stock take and the
-- counts already filter on, kept by the visibility trigger and by the
-- archive trigger below.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION refresh_sold_online(target bigint) RETURNS void
LANGUAGE sql AS $$
    UPDATE products p
    SET sold_online = p.archived_at IS NULL AND (
        NOT EXISTS (SELECT 1 FROM product_country_visibility v WHERE v.product_id = p.id)
        OR EXISTS (
            SELECT 1 FROM product_country_visibility v
            WHERE v.product_id = p.id AND v.is_visible AND v.sales_channel IN ('online', 'both')))
    WHERE p.id = target;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION product_archive_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM refresh_sold_online(NEW.id);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER products_archive_sold_online
    AFTER UPDATE OF archived_at ON products
    FOR EACH ROW WHEN (OLD.archived_at IS DISTINCT FROM NEW.archived_at)
    EXECUTE FUNCTION product_archive_changed();

-- +goose Down
DROP TRIGGER products_archive_sold_online ON products;
DROP FUNCTION product_archive_changed;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION refresh_sold_online(target bigint) RETURNS void
LANGUAGE sql AS $$
    UPDATE products p
    SET sold_online = NOT EXISTS (SELECT 1 FROM product_country_visibility v WHERE v.product_id = p.id)
        OR EXISTS (
            SELECT 1 FROM product_country_visibility v
            WHERE v.product_id = p.id AND v.is_visible AND v.sales_channel IN ('online', 'both'))
    WHERE p.id = target;
$$;
-- +goose StatementEnd
DROP INDEX products_ean_key;
ALTER TABLE products DROP COLUMN archived_at, DROP COLUMN ean;
