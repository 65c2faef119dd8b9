-- Food information (EU Regulation 1169/2011) and the product content in
-- both languages (migration 00080).

-- name: GetFoodInfo :one
SELECT * FROM product_food_info WHERE product_id = @product_id;

-- GetFoodInfoByIDs reads the food information of a page of products by
-- primary key, for the unit price beside each price.
-- name: GetFoodInfoByIDs :many
SELECT * FROM product_food_info WHERE product_id = ANY(@ids::bigint[]);

-- name: UpsertFoodInfo :one
INSERT INTO product_food_info (product_id, ingredients_es, ingredients_pt, contains, may_contain,
    net_quantity, net_unit, drained_weight_g, storage_es, storage_pt, energy_kj, energy_kcal, fat_mg,
    saturates_mg, carbohydrate_mg, sugars_mg, protein_mg, salt_mg, abv_basis_points, operator_name,
    operator_address, updated_by)
VALUES (@product_id, @ingredients_es, @ingredients_pt, @contains::text[], @may_contain::text[],
    @net_quantity, @net_unit, sqlc.narg(drained_weight_g), @storage_es, @storage_pt, sqlc.narg(energy_kj),
    sqlc.narg(energy_kcal), sqlc.narg(fat_mg), sqlc.narg(saturates_mg), sqlc.narg(carbohydrate_mg),
    sqlc.narg(sugars_mg), sqlc.narg(protein_mg), sqlc.narg(salt_mg), sqlc.narg(abv_basis_points),
    @operator_name, @operator_address, sqlc.narg(updated_by))
ON CONFLICT (product_id) DO UPDATE SET
    ingredients_es = EXCLUDED.ingredients_es, ingredients_pt = EXCLUDED.ingredients_pt,
    contains = EXCLUDED.contains, may_contain = EXCLUDED.may_contain,
    net_quantity = EXCLUDED.net_quantity, net_unit = EXCLUDED.net_unit,
    drained_weight_g = EXCLUDED.drained_weight_g, storage_es = EXCLUDED.storage_es,
    storage_pt = EXCLUDED.storage_pt, energy_kj = EXCLUDED.energy_kj, energy_kcal = EXCLUDED.energy_kcal,
    fat_mg = EXCLUDED.fat_mg, saturates_mg = EXCLUDED.saturates_mg,
    carbohydrate_mg = EXCLUDED.carbohydrate_mg, sugars_mg = EXCLUDED.sugars_mg,
    protein_mg = EXCLUDED.protein_mg, salt_mg = EXCLUDED.salt_mg,
    abv_basis_points = EXCLUDED.abv_basis_points, operator_name = EXCLUDED.operator_name,
    operator_address = EXCLUDED.operator_address, updated_by = EXCLUDED.updated_by, updated_at = now()
RETURNING *;

-- name: DeleteFoodInfo :exec
DELETE FROM product_food_info WHERE product_id = @product_id;

-- name: UpdateProductContent :one
UPDATE products
SET name = @name, name_pt = @name_pt, description = @description, description_pt = @description_pt,
    is_food = @is_food, frozen = @frozen, perishable = @perishable, sealed_hygiene = @sealed_hygiene,
    age_restricted = @age_restricted, updated_by = sqlc.narg(updated_by), updated_at = now()
WHERE id = @id
RETURNING *;

-- GetPortugueseNames reads the Portuguese names of a cart's products, for
-- a cart shown in Portuguese ('' falls back to the Spanish).
-- name: GetPortugueseNames :many
SELECT id, name_pt FROM products WHERE id = ANY(@ids::bigint[]) AND name_pt <> '';

-- GetOrderLineNamesPt reads the Portuguese names, as sold, of the lines of
-- some orders, for orders shown in Portuguese.
-- name: GetOrderLineNamesPt :many
SELECT order_id, product_id, product_name_pt FROM order_lines
WHERE order_id = ANY(@order_ids::bigint[]) AND product_name_pt <> '';
