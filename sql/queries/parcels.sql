-- Parcels bought through the carrier platform (migration 00390,
-- backend/internal/carrier). Every writer locks the order's row first
-- (GetOrderForUpdate) or the parcel's (LockParcel*), so a webhook, the poll
-- and the desk moving one parcel queue and each sees the last one's state.

-- InsertParcel records the parcel of a label just bought; an order that has
-- one already (a purchase retried with the same idempotency key) keeps it
-- and gets no row.
-- name: InsertParcel :one
INSERT INTO parcels (order_id, platform, shipment_id, platform_parcel_id, carrier, service_code,
                     tracking_number, tracking_url, platform_status, weight_grams, cod_cents, age_check, bought_by)
VALUES (@order_id, @platform, @shipment_id, @platform_parcel_id, @carrier, @service_code,
        @tracking_number, @tracking_url, @platform_status, @weight_grams, @cod_cents, @age_check, sqlc.narg(bought_by))
ON CONFLICT (order_id) DO NOTHING
RETURNING *;

-- name: InsertParcelLabel :exec
INSERT INTO parcel_labels (parcel_id, pdf) VALUES (@parcel_id, @pdf);

-- name: ParcelLabel :one
SELECT pdf FROM parcel_labels WHERE parcel_id = @parcel_id;

-- name: GetParcel :one
SELECT * FROM parcels WHERE id = @id;

-- ParcelOfOrder is an order's parcel, if its label was bought through the
-- platform.
-- name: ParcelOfOrder :one
SELECT * FROM parcels WHERE order_id = @order_id;

-- name: LockParcel :one
SELECT * FROM parcels WHERE id = @id FOR UPDATE;

-- LockPlatformParcel finds the parcel a webhook names by the platform's id.
-- name: LockPlatformParcel :one
SELECT * FROM parcels WHERE platform = @platform AND platform_parcel_id = @platform_parcel_id FOR UPDATE;

-- SetParcelState records where a parcel stands after a tracking event.
-- name: SetParcelState :one
UPDATE parcels
SET state = @state, platform_status = @platform_status, delivered_at = sqlc.narg(delivered_at), updated_at = now()
WHERE id = @id
RETURNING *;

-- ListParcels is the desk's list, newest first, of one state ('' for all),
-- after the cursor's parcel (at, at_id; none for the first page), limit
-- rows (paging.ParseForwardKeyset).
-- name: ListParcels :many
SELECT * FROM parcels
WHERE (@state::text = '' OR state = @state)
  AND (sqlc.narg(at)::timestamptz IS NULL OR (created_at, id) < (sqlc.narg(at)::timestamptz, sqlc.narg(at_id)::bigint))
ORDER BY created_at DESC, id DESC
LIMIT @row_limit;

-- ParcelsToPoll are the parcels on their way the platform was not asked
-- about since polled_before, those never asked first.
-- name: ParcelsToPoll :many
SELECT * FROM parcels
WHERE state IN ('announced', 'in_transit') AND (polled_at IS NULL OR polled_at < @polled_before::timestamptz)
ORDER BY polled_at NULLS FIRST, id
LIMIT @page_size;

-- name: MarkParcelPolled :exec
UPDATE parcels SET polled_at = now() WHERE id = @id;

-- OrdersForSlips are the orders whose packing slips the desk prints for a
-- day: those being prepared, and those whose label was bought that day
-- (from and to bound the day in the shop's zone), oldest first.
-- name: OrdersForSlips :many
SELECT * FROM orders
WHERE status = 'preparing'
   OR id IN (SELECT p.order_id FROM parcels p WHERE p.created_at >= @day_from AND p.created_at < @day_to)
ORDER BY id
LIMIT 500;
