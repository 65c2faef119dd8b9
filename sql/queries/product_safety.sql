-- A non-food product's safety information (GPSR, migration 00601).

-- name: GetProductSafety :one
SELECT * FROM product_safety WHERE product_id = @product_id;

-- ProductSafetyByIDs is the safety information of a page of products, for
-- what publishing each lacks.
-- name: ProductSafetyByIDs :many
SELECT * FROM product_safety WHERE product_id = ANY(@ids::bigint[]);

-- name: UpsertProductSafety :exec
INSERT INTO product_safety (product_id, manufacturer_name, manufacturer_address, manufacturer_contact,
    manufacturer_country, responsible_name, responsible_address, responsible_contact, warnings_es,
    warnings_pt, updated_by)
VALUES (@product_id, @manufacturer_name, @manufacturer_address, @manufacturer_contact,
    @manufacturer_country, @responsible_name, @responsible_address, @responsible_contact, @warnings_es,
    @warnings_pt, sqlc.narg(updated_by))
ON CONFLICT (product_id) DO UPDATE SET
    manufacturer_name = EXCLUDED.manufacturer_name, manufacturer_address = EXCLUDED.manufacturer_address,
    manufacturer_contact = EXCLUDED.manufacturer_contact, manufacturer_country = EXCLUDED.manufacturer_country,
    responsible_name = EXCLUDED.responsible_name, responsible_address = EXCLUDED.responsible_address,
    responsible_contact = EXCLUDED.responsible_contact, warnings_es = EXCLUDED.warnings_es,
    warnings_pt = EXCLUDED.warnings_pt, updated_by = EXCLUDED.updated_by, updated_at = now();

-- name: DeleteProductSafety :exec
DELETE FROM product_safety WHERE product_id = @product_id;
