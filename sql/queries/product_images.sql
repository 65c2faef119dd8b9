-- Uploaded product pictures (migration 00181).

-- name: ListProductImages :many
SELECT * FROM product_images WHERE product_id = @product_id ORDER BY position, id;

-- name: InsertImageRendition :exec
INSERT INTO image_renditions (hash, width, content_type, data)
VALUES (@hash, @width, @content_type, @data)
ON CONFLICT (hash, width) DO NOTHING;

-- InsertProductImage appends a picture after the product's others; the
-- caller holds the product's row lock, so positions do not race.
-- name: InsertProductImage :one
INSERT INTO product_images (product_id, position, hash, width, height, created_by)
VALUES (@product_id,
    (SELECT coalesce(max(position) + 1, 0) FROM product_images WHERE product_id = @product_id),
    @hash, @width, @height, sqlc.narg(created_by))
ON CONFLICT (product_id, hash) DO NOTHING
RETURNING *;

-- name: SetProductImagePosition :exec
UPDATE product_images SET position = @position WHERE id = @id AND product_id = @product_id;

-- name: DeleteProductImage :one
DELETE FROM product_images WHERE id = @id AND product_id = @product_id RETURNING *;

-- name: SetProductImageURL :exec
UPDATE products SET image_url = @image_url WHERE id = @id AND image_url <> @image_url;

-- GetImageRendition serves one picture by its URL's hash and width.
-- name: GetImageRendition :one
SELECT content_type, data FROM image_renditions WHERE hash = @hash AND width = @width;
