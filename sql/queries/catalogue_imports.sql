-- name: CreateCatalogueImport :one
INSERT INTO catalogue_imports (file_name, upload_id, created_by, created_by_actor)
VALUES (@file_name, @upload_id::bigint, sqlc.narg('created_by'), @created_by_actor)
RETURNING id, file_name, status, progress_percent, rows_total, created, updated, problems, problem_count,
          created_by, created_at, finished_at;

-- name: GetCatalogueImport :one
SELECT id, file_name, status, progress_percent, rows_total, created, updated, problems, problem_count,
       created_by, created_at, finished_at
FROM catalogue_imports WHERE id = @id;

-- name: GetCatalogueImportFile :one
SELECT file_name, upload_id, created_by, created_by_actor, status FROM catalogue_imports WHERE id = @id;

-- CatalogueImportProgress is written outside the import's transaction, so
-- pollers see it while the import runs.
-- name: CatalogueImportProgress :exec
UPDATE catalogue_imports SET status = 'running', progress_percent = @progress_percent, rows_total = @rows_total
WHERE id = @id AND status IN ('queued', 'running');

-- name: FinishCatalogueImport :exec
UPDATE catalogue_imports
SET status = @status, progress_percent = 100, rows_total = @rows_total, created = @created, updated = @updated,
    problems = @problems, problem_count = @problem_count, finished_at = now()
WHERE id = @id;

-- DeleteImportUpload drops a finished import's file: it is not kept once
-- imported or refused, the audit trail says what it was.
-- name: DeleteImportUpload :exec
DELETE FROM catalogue_uploads u WHERE u.id = (SELECT i.upload_id FROM catalogue_imports i WHERE i.id = @import_id);

-- name: CatalogueCountrySlugs :many
SELECT slug FROM countries;

-- CatalogueProductsByCodes finds the products holding any of an import's
-- SKUs, codes or barcodes. Each list is joined as a table (a hash join, or
-- the unique index for a short file): "sku = ANY(array)" ORed three ways
-- compared every product with each of 100 000 values, 14 s on this
-- machine. LockCatalogueProductsByCodes locks them for the import, so
-- nothing changes them between check and write; the import reads its file
-- in batches, so LockCatalogueProducts has locked the whole file's products
-- first, in id order like every other writer, and each batch finds its own
-- locked already.
-- name: CatalogueProductsByCodes :many
SELECT id, sku, code, ean, image_url, price_cents
FROM products
WHERE id IN (
    SELECT p.id FROM products p JOIN unnest(@skus::text[]) AS s (v) ON p.sku = s.v
    UNION ALL
    SELECT p.id FROM products p JOIN unnest(@codes::text[]) AS c (v) ON p.code = c.v
    UNION ALL
    SELECT p.id FROM products p JOIN unnest(@eans::text[]) AS e (v) ON p.ean = e.v AND p.ean <> '');

-- name: LockCatalogueProductsByCodes :many
SELECT id, sku, code, ean, image_url, price_cents
FROM products
WHERE id IN (
    SELECT p.id FROM products p JOIN unnest(@skus::text[]) AS s (v) ON p.sku = s.v
    UNION ALL
    SELECT p.id FROM products p JOIN unnest(@codes::text[]) AS c (v) ON p.code = c.v
    UNION ALL
    SELECT p.id FROM products p JOIN unnest(@eans::text[]) AS e (v) ON p.ean = e.v AND p.ean <> '')
ORDER BY id
FOR UPDATE;

-- name: LockCatalogueProducts :exec
SELECT id FROM products WHERE id = ANY(@ids::bigint[]) ORDER BY id FOR UPDATE;

-- name: CopyCatalogueImportRows :copyfrom
INSERT INTO catalogue_import_rows (
    import_id, line, id, old_price_cents, name, code, sku, ean, brand, description, category, country_slug,
    price_cents, vat_basis_points, stock, online_categories, image_url, name_pt, description_pt, is_food,
    frozen, perishable, sealed_hygiene, age_restricted, has_food, ingredients_es, ingredients_pt, contains,
    may_contain, net_quantity, net_unit, drained_weight_g, storage_es, storage_pt, energy_kj, energy_kcal,
    fat_mg, saturates_mg, carbohydrate_mg, sugars_mg, protein_mg, salt_mg, abv_basis_points, operator_name,
    operator_address, shipping_weight_grams, safety_columns, has_safety, manufacturer_name, manufacturer_address,
    manufacturer_contact, manufacturer_country, responsible_name, responsible_address, responsible_contact,
    warnings_es, warnings_pt
) VALUES (
    @import_id, @line, @id, @old_price_cents, @name, @code, @sku, @ean, @brand, @description, @category, @country_slug,
    @price_cents, @vat_basis_points, @stock, @online_categories, @image_url, @name_pt, @description_pt, @is_food,
    @frozen, @perishable, @sealed_hygiene, @age_restricted, @has_food, @ingredients_es, @ingredients_pt, @contains,
    @may_contain, @net_quantity, @net_unit, @drained_weight_g, @storage_es, @storage_pt, @energy_kj, @energy_kcal,
    @fat_mg, @saturates_mg, @carbohydrate_mg, @sugars_mg, @protein_mg, @salt_mg, @abv_basis_points, @operator_name,
    @operator_address, @shipping_weight_grams, @safety_columns, @has_safety, @manufacturer_name, @manufacturer_address,
    @manufacturer_contact, @manufacturer_country, @responsible_name, @responsible_address, @responsible_contact,
    @warnings_es, @warnings_pt
);

-- ImportUpdateProducts rewrites the existing products whose row differs,
-- leaving the others untouched (no new updated_at, no ledger row); the
-- allergen_risk its food information implies is part of the row.
-- name: ImportUpdateProducts :execrows
UPDATE products p
SET name = s.name, code = s.code, ean = s.ean, brand = s.brand, description = s.description,
    category = s.category, country_slug = s.country_slug, price_cents = s.price_cents,
    vat_basis_points = s.vat_basis_points, stock = s.stock, online_categories = s.online_categories,
    image_url = s.image_url, name_pt = s.name_pt, description_pt = s.description_pt, is_food = s.is_food,
    frozen = s.frozen, perishable = s.perishable, sealed_hygiene = s.sealed_hygiene,
    age_restricted = s.age_restricted, shipping_weight_grams = s.shipping_weight_grams,
    allergen_risk = CASE WHEN s.has_food THEN allergen_risk(s.contains, s.may_contain) END,
    updated_by = sqlc.narg('actor')::bigint, updated_at = now()
FROM catalogue_import_rows s
WHERE s.import_id = @import_id AND s.old_price_cents IS NOT NULL AND p.id = s.id
  AND (p.name, p.code, p.ean, p.brand, p.description, p.category, p.country_slug, p.price_cents,
       p.vat_basis_points, p.stock, p.online_categories, p.image_url, p.name_pt, p.description_pt, p.is_food,
       p.frozen, p.perishable, p.sealed_hygiene, p.age_restricted, p.allergen_risk, p.shipping_weight_grams)
      IS DISTINCT FROM
      (s.name, s.code, s.ean, s.brand, s.description, s.category, s.country_slug, s.price_cents,
       s.vat_basis_points, s.stock, s.online_categories, s.image_url, s.name_pt, s.description_pt, s.is_food,
       s.frozen, s.perishable, s.sealed_hygiene, s.age_restricted,
       CASE WHEN s.has_food THEN allergen_risk(s.contains, s.may_contain) END, s.shipping_weight_grams);

-- name: ImportDeleteFoodInfo :exec
DELETE FROM product_food_info f
USING catalogue_import_rows s
WHERE s.import_id = @import_id AND NOT s.has_food AND f.product_id = s.id;

-- name: ImportUpsertFoodInfo :exec
INSERT INTO product_food_info (
    product_id, ingredients_es, ingredients_pt, contains, may_contain, net_quantity, net_unit, drained_weight_g,
    storage_es, storage_pt, energy_kj, energy_kcal, fat_mg, saturates_mg, carbohydrate_mg, sugars_mg, protein_mg,
    salt_mg, abv_basis_points, operator_name, operator_address, updated_by
)
SELECT id, ingredients_es, ingredients_pt, contains, may_contain, net_quantity, net_unit, drained_weight_g,
       storage_es, storage_pt, energy_kj, energy_kcal, fat_mg, saturates_mg, carbohydrate_mg, sugars_mg, protein_mg,
       salt_mg, abv_basis_points, operator_name, operator_address, sqlc.narg('actor')::bigint
FROM catalogue_import_rows
WHERE import_id = @import_id AND has_food
ON CONFLICT (product_id) DO UPDATE
SET ingredients_es = excluded.ingredients_es, ingredients_pt = excluded.ingredients_pt,
    contains = excluded.contains, may_contain = excluded.may_contain, net_quantity = excluded.net_quantity,
    net_unit = excluded.net_unit, drained_weight_g = excluded.drained_weight_g, storage_es = excluded.storage_es,
    storage_pt = excluded.storage_pt, energy_kj = excluded.energy_kj, energy_kcal = excluded.energy_kcal,
    fat_mg = excluded.fat_mg, saturates_mg = excluded.saturates_mg, carbohydrate_mg = excluded.carbohydrate_mg,
    sugars_mg = excluded.sugars_mg, protein_mg = excluded.protein_mg, salt_mg = excluded.salt_mg,
    abv_basis_points = excluded.abv_basis_points, operator_name = excluded.operator_name,
    operator_address = excluded.operator_address, updated_by = excluded.updated_by, updated_at = now()
WHERE (product_food_info.ingredients_es, product_food_info.ingredients_pt, product_food_info.contains,
       product_food_info.may_contain, product_food_info.net_quantity, product_food_info.net_unit,
       product_food_info.drained_weight_g, product_food_info.storage_es, product_food_info.storage_pt,
       product_food_info.energy_kj, product_food_info.energy_kcal, product_food_info.fat_mg,
       product_food_info.saturates_mg, product_food_info.carbohydrate_mg, product_food_info.sugars_mg,
       product_food_info.protein_mg, product_food_info.salt_mg, product_food_info.abv_basis_points,
       product_food_info.operator_name, product_food_info.operator_address)
      IS DISTINCT FROM
      (excluded.ingredients_es, excluded.ingredients_pt, excluded.contains, excluded.may_contain,
       excluded.net_quantity, excluded.net_unit, excluded.drained_weight_g, excluded.storage_es,
       excluded.storage_pt, excluded.energy_kj, excluded.energy_kcal, excluded.fat_mg, excluded.saturates_mg,
       excluded.carbohydrate_mg, excluded.sugars_mg, excluded.protein_mg, excluded.salt_mg,
       excluded.abv_basis_points, excluded.operator_name, excluded.operator_address);

-- ImportDeleteSafety removes the safety information of the products whose
-- row, in a file with the safety columns, fills none of them.
-- name: ImportDeleteSafety :exec
DELETE FROM product_safety sf
USING catalogue_import_rows s
WHERE s.import_id = @import_id AND s.safety_columns AND NOT s.has_safety AND sf.product_id = s.id;

-- name: ImportUpsertSafety :exec
INSERT INTO product_safety (
    product_id, manufacturer_name, manufacturer_address, manufacturer_contact, manufacturer_country,
    responsible_name, responsible_address, responsible_contact, warnings_es, warnings_pt, updated_by
)
SELECT id, manufacturer_name, manufacturer_address, manufacturer_contact, manufacturer_country,
       responsible_name, responsible_address, responsible_contact, warnings_es, warnings_pt,
       sqlc.narg('actor')::bigint
FROM catalogue_import_rows
WHERE import_id = @import_id AND has_safety
ON CONFLICT (product_id) DO UPDATE
SET manufacturer_name = excluded.manufacturer_name, manufacturer_address = excluded.manufacturer_address,
    manufacturer_contact = excluded.manufacturer_contact, manufacturer_country = excluded.manufacturer_country,
    responsible_name = excluded.responsible_name, responsible_address = excluded.responsible_address,
    responsible_contact = excluded.responsible_contact, warnings_es = excluded.warnings_es,
    warnings_pt = excluded.warnings_pt, updated_by = excluded.updated_by, updated_at = now()
WHERE (product_safety.manufacturer_name, product_safety.manufacturer_address, product_safety.manufacturer_contact,
       product_safety.manufacturer_country, product_safety.responsible_name, product_safety.responsible_address,
       product_safety.responsible_contact, product_safety.warnings_es, product_safety.warnings_pt)
      IS DISTINCT FROM
      (excluded.manufacturer_name, excluded.manufacturer_address, excluded.manufacturer_contact,
       excluded.manufacturer_country, excluded.responsible_name, excluded.responsible_address,
       excluded.responsible_contact, excluded.warnings_es, excluded.warnings_pt);

-- ImportNewPrices are the prices an import changes: every existing
-- product's whose price differs (catalogue.CreateProducts records the new
-- products' first prices).
-- name: ImportNewPrices :many
SELECT id::bigint AS id, price_cents
FROM catalogue_import_rows
WHERE import_id = @import_id AND old_price_cents <> price_cents
ORDER BY line;

-- name: ImportDeleteRows :exec
DELETE FROM catalogue_import_rows WHERE import_id = @import_id;

-- ExportCataloguePage reads the catalogue for the CSV export a page at a
-- time, by id, with each product's food or safety information when it has
-- any.
-- name: ExportCataloguePage :many
SELECT sqlc.embed(p),
       (f.product_id IS NOT NULL)::boolean AS has_food,
       coalesce(f.ingredients_es, '') AS ingredients_es, coalesce(f.ingredients_pt, '') AS ingredients_pt,
       coalesce(f.contains, '{}')::text[] AS contains, coalesce(f.may_contain, '{}')::text[] AS may_contain,
       coalesce(f.net_quantity, 0)::bigint AS net_quantity, coalesce(f.net_unit, '') AS net_unit,
       f.drained_weight_g, coalesce(f.storage_es, '') AS storage_es, coalesce(f.storage_pt, '') AS storage_pt,
       f.energy_kj, f.energy_kcal, f.fat_mg, f.saturates_mg, f.carbohydrate_mg, f.sugars_mg, f.protein_mg, f.salt_mg,
       f.abv_basis_points, coalesce(f.operator_name, '') AS operator_name,
       coalesce(f.operator_address, '') AS operator_address,
       (sf.product_id IS NOT NULL)::boolean AS has_safety,
       coalesce(sf.manufacturer_name, '') AS manufacturer_name, coalesce(sf.manufacturer_address, '') AS manufacturer_address,
       coalesce(sf.manufacturer_contact, '') AS manufacturer_contact, coalesce(sf.manufacturer_country, '') AS manufacturer_country,
       coalesce(sf.responsible_name, '') AS responsible_name, coalesce(sf.responsible_address, '') AS responsible_address,
       coalesce(sf.responsible_contact, '') AS responsible_contact,
       coalesce(sf.warnings_es, '') AS warnings_es, coalesce(sf.warnings_pt, '') AS warnings_pt
FROM products p
LEFT JOIN product_food_info f ON f.product_id = p.id
LEFT JOIN product_safety sf ON sf.product_id = p.id
WHERE p.id > @after_id
ORDER BY p.id
LIMIT @page_limit;

-- CatalogueFileStatementTimeout lifts the pool's statement timeout for the
-- rest of a dry run's or an import's transaction: their statements read or
-- write 100 000 rows each, as `shopd seed` does with DB_STATEMENT_TIMEOUT=10m.
-- name: CatalogueFileStatementTimeout :exec
SELECT set_config('statement_timeout', '600000', true);

-- AnalyzeCatalogueImportRows and AnalyzeProducts refresh the planner's
-- statistics inside the import's transaction, which sees its own rows:
-- after 100 000 rows copied or inserted, the next statements (the allergen
-- trigger's UPDATE … FROM, the food information's INSERT) would otherwise be
-- planned for the table as it was before, with nested loops over it.
-- name: AnalyzeCatalogueImportRows :exec
ANALYZE catalogue_import_rows;

-- name: AnalyzeProducts :exec
ANALYZE products;
