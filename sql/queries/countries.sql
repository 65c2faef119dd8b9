-- name: CountryConfigList :many
SELECT * FROM countries ORDER BY sort_order, slug;

-- name: CountryConfigBySlug :one
SELECT * FROM countries WHERE slug = @slug;

-- name: CountryConfigBySlugForUpdate :one
SELECT * FROM countries WHERE slug = @slug FOR UPDATE;

-- name: CountryConfigUpdate :one
UPDATE countries
SET name = @name, name_pt = @name_pt, flag_emoji = @flag_emoji, image_url = @image_url,
    background_classes = @background_classes, href = @href,
    updated_at = now(), updated_by = sqlc.narg('updated_by')
WHERE slug = @slug
RETURNING *;
