-- +goose Up
-- Uploaded product pictures, kept in PostgreSQL so every replica serves
-- them and a backup holds them (issue 15). An upload is resized once to the
-- storefront's widths (backend/internal/productimage); each rendition is
-- stored under the SHA-256 of the uploaded file and its width, and served at
-- a URL naming both, so it can be cached for ever. Renditions are shared by
-- every product holding the same picture and kept when a product lets its
-- picture go: an order line may still show it.
CREATE TABLE image_renditions (
    hash         text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
    width        integer NOT NULL CHECK (width > 0),
    content_type text NOT NULL CHECK (content_type IN ('image/jpeg')),
    data         bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (hash, width)
);

-- A product's pictures in order; the first is the one listings show, and
-- products.image_url names it (or the generated placeholder when none).
CREATE TABLE product_images (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position   integer NOT NULL CHECK (position >= 0),
    hash       text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
    width      integer NOT NULL CHECK (width > 0),
    height     integer NOT NULL CHECK (height > 0),
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (product_id, hash)
);
CREATE INDEX product_images_product_idx ON product_images (product_id, position);

-- The product page shows every picture: a change drops the caches.
CREATE TRIGGER product_images_catalog_changed
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

-- +goose Down
DROP TABLE product_images;
DROP TABLE image_renditions;
