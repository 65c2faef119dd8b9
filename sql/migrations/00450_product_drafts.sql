-- +goose Up
-- Products go on sale when the owner publishes them, not when they are
-- created or imported (issue 37): a draft is not sold online, so every
-- storefront read, the cart, the order's stock take, the sitemap and the
-- prerenderer, which all filter on sold_online, leave it out.
--
-- published_at is NULL for a draft. The default publishes the rows that
-- exist (the catalogue on sale today stays on sale) and rows inserted
-- outside the back office (seed data, fixtures); the back office's
-- CreateProducts inserts drafts explicitly.
ALTER TABLE products ADD COLUMN published_at timestamptz DEFAULT now();

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION refresh_sold_online(target bigint) RETURNS void
LANGUAGE sql AS $$
    UPDATE products p
    SET sold_online = p.archived_at IS NULL AND p.published_at IS NOT NULL AND (
        NOT EXISTS (SELECT 1 FROM product_country_visibility v WHERE v.product_id = p.id)
        OR EXISTS (
            SELECT 1 FROM product_country_visibility v
            WHERE v.product_id = p.id AND v.is_visible AND v.sales_channel IN ('online', 'both')))
    WHERE p.id = target;
$$;
-- +goose StatementEnd

-- Publishing and unpublishing recompute sold_online as archiving does
-- (product_archive_changed, migration 00180); the row's update notifies
-- catalog_changed (migration 00030), so the caches drop or add it.
CREATE TRIGGER products_publish_sold_online
    AFTER UPDATE OF published_at ON products
    FOR EACH ROW WHEN (OLD.published_at IS DISTINCT FROM NEW.published_at)
    EXECUTE FUNCTION product_archive_changed();

-- +goose Down
DROP TRIGGER products_publish_sold_online ON products;
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
SELECT refresh_sold_online(id) FROM products WHERE published_at IS NULL;
ALTER TABLE products DROP COLUMN published_at;
