-- The shipping rates (migration 00380): read whole into memory by
-- shipping.Snapshot, changed one row at a time by the back office's use
-- cases under the method's row lock.

-- name: ShippingMethods :many
SELECT * FROM shipping_methods ORDER BY position, id;

-- name: ShippingZones :many
SELECT * FROM shipping_zones ORDER BY method_id, id;

-- name: ShippingBands :many
SELECT * FROM shipping_bands ORDER BY zone_id, up_to_grams;

-- name: ShippingSettings :one
SELECT default_weight_grams FROM shipping_settings;

-- name: UpdateShippingSettings :exec
UPDATE shipping_settings SET default_weight_grams = @default_weight_grams;

-- LockShippingMethod takes a method's row lock: every change to it, its
-- zones or their bands holds it, so the overlap and duplicate checks see
-- every other change.
-- name: LockShippingMethod :one
SELECT * FROM shipping_methods WHERE id = @id FOR UPDATE;

-- name: ShippingZoneMethod :one
SELECT method_id FROM shipping_zones WHERE id = @id;

-- name: ShippingBandMethod :one
SELECT z.method_id FROM shipping_bands b JOIN shipping_zones z ON z.id = b.zone_id WHERE b.id = @id;

-- name: InsertShippingMethod :one
INSERT INTO shipping_methods (code, name_es, name_pt, kind, free_above_cents, dispatch_weekdays, surcharge_cents,
    label_outside_platform, active, position)
VALUES (@code, @name_es, @name_pt, @kind, sqlc.narg(free_above_cents), @dispatch_weekdays::smallint[], @surcharge_cents,
    @label_outside_platform, @active, @position)
RETURNING id;

-- name: UpdateShippingMethod :exec
UPDATE shipping_methods
SET code = @code, name_es = @name_es, name_pt = @name_pt, kind = @kind, free_above_cents = sqlc.narg(free_above_cents),
    dispatch_weekdays = @dispatch_weekdays::smallint[], surcharge_cents = @surcharge_cents,
    label_outside_platform = @label_outside_platform, active = @active, position = @position
WHERE id = @id;

-- name: DeleteShippingMethod :exec
DELETE FROM shipping_methods WHERE id = @id;

-- name: ShippingMethodCodeTaken :one
SELECT EXISTS (SELECT 1 FROM shipping_methods WHERE code = @code AND id <> @id);

-- name: InsertShippingZone :one
INSERT INTO shipping_zones (method_id, name, postal_prefixes)
VALUES (@method_id, @name, @postal_prefixes::text[])
RETURNING id;

-- name: UpdateShippingZone :exec
UPDATE shipping_zones SET name = @name, postal_prefixes = @postal_prefixes::text[] WHERE id = @id;

-- name: DeleteShippingZone :exec
DELETE FROM shipping_zones WHERE id = @id;

-- name: InsertShippingBand :one
INSERT INTO shipping_bands (zone_id, up_to_grams, price_cents)
VALUES (@zone_id, @up_to_grams, @price_cents)
RETURNING id;

-- name: UpdateShippingBand :exec
UPDATE shipping_bands SET up_to_grams = @up_to_grams, price_cents = @price_cents WHERE id = @id;

-- name: DeleteShippingBand :exec
DELETE FROM shipping_bands WHERE id = @id;

-- CountProductsWithoutWeight counts the products a shopper can buy whose
-- shipping weight is unknown, so the owner sees how many the default
-- weight prices.
-- name: CountProductsWithoutWeight :one
SELECT count(*) FROM products WHERE sold_online AND shipping_weight_grams IS NULL;
