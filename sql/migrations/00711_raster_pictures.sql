-- +goose Up
-- The generated pictures are raster since issue 36 (backend/internal/
-- productimage): a browser made each SVG picture a document of its own on
-- the page's main thread. The catalogue's stored URLs move to the new ones,
-- so that its pages do not go through a redirect per picture; orders keep
-- the URLs they were placed with, which redirect.
UPDATE products
SET image_url = regexp_replace(image_url, '\.svg$', '.jpg')
WHERE image_url ~ '^/images/(products/[a-z0-9-]+/[a-z0-9-]+|categories/[a-z0-9-]+)\.svg$';
UPDATE countries
SET image_url = regexp_replace(image_url, '\.svg$', '.png')
WHERE image_url ~ '^/images/flags/[a-z0-9-]+\.svg$';

-- +goose Down
UPDATE products
SET image_url = regexp_replace(image_url, '\.jpg$', '.svg')
WHERE image_url ~ '^/images/(products/[a-z0-9-]+/[a-z0-9-]+|categories/[a-z0-9-]+)\.jpg$';
UPDATE countries
SET image_url = regexp_replace(image_url, '\.png$', '.svg')
WHERE image_url ~ '^/images/flags/[a-z0-9-]+\.png$';
