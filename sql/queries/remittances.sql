-- Cash-on-delivery remittances (migration 00420, backend/internal/carrier).

-- RemittanceCandidates are the orders a remittance's lines may name, by
-- order number or by tracking number (upper case), with what the carrier
-- was to collect: the parcel's amount when its label was bought through
-- the platform. The orders are locked, in id order, so two remittances
-- naming one order queue.
-- name: RemittanceCandidates :many
SELECT o.id, o.payment_method, o.status, o.payment_status, o.total_cents,
       upper(coalesce(p.tracking_number, o.tracking_number))::text AS tracking_number,
       p.cod_cents AS parcel_cod_cents
FROM orders o
LEFT JOIN parcels p ON p.order_id = o.id
WHERE o.id = ANY(@order_ids::bigint[])
   OR (o.tracking_number <> '' AND upper(o.tracking_number) = ANY(@tracking_numbers::text[]))
   OR o.id IN (SELECT order_id FROM parcels WHERE upper(parcels.tracking_number) = ANY(@tracking_numbers::text[]))
ORDER BY o.id
FOR UPDATE OF o;

-- InsertRemittance records a remittance; one with the same reference
-- already recorded gets no row.
-- name: InsertRemittance :one
INSERT INTO cod_remittances (reference, carrier, remitted_on, total_cents, entered_by)
VALUES (@reference, @carrier, @remitted_on, @total_cents, sqlc.narg(entered_by))
ON CONFLICT (reference) DO NOTHING
RETURNING *;

-- name: InsertRemittanceLine :exec
INSERT INTO cod_remittance_lines (remittance_id, position, reference, amount_cents, order_id, expected_cents, verdict)
VALUES (@remittance_id, @position, @reference, @amount_cents, sqlc.narg(order_id), sqlc.narg(expected_cents), @verdict);

-- name: RemittanceByReference :one
SELECT * FROM cod_remittances WHERE reference = @reference;

-- name: GetRemittance :one
SELECT * FROM cod_remittances WHERE id = @id;

-- name: RemittanceLines :many
SELECT * FROM cod_remittance_lines WHERE remittance_id = @remittance_id ORDER BY position;

-- ListRemittances is the desk's list, newest first, with how many lines
-- paid their order and how many are differences.
-- name: ListRemittances :many
SELECT r.*,
       (SELECT count(*) FROM cod_remittance_lines l WHERE l.remittance_id = r.id AND l.verdict = 'paid')::int AS paid_lines,
       (SELECT count(*) FROM cod_remittance_lines l WHERE l.remittance_id = r.id AND l.verdict <> 'paid')::int AS difference_lines
FROM cod_remittances r
ORDER BY r.created_at DESC, r.id DESC
LIMIT @row_limit;
