-- A product's packaging by material (RD 1055/2022, migration 00622).

-- name: ProductPackaging :many
SELECT material, milligrams FROM product_packaging WHERE product_id = @product_id ORDER BY material;

-- name: DeleteProductPackaging :exec
DELETE FROM product_packaging WHERE product_id = @product_id;

-- name: InsertProductPackaging :exec
INSERT INTO product_packaging (product_id, material, milligrams, updated_by)
VALUES (@product_id, @material, @milligrams, sqlc.narg(updated_by));

-- name: PackagingUnitsPlaced :many
-- The units of each packaged product placed on the market from @from_time
-- (included) to @to_time (excluded), net of those that came back, with its
-- packaging: the units of the invoices issued then, each issued with its
-- payment (a web order's when paid, a till sale's at the counter), less
-- those of the corrective invoices issued then (a cancelled paid order, a
-- withdrawal, a till return), as the dashboard's best sellers count them.
-- A complete invoice replacing a simplified one (F3) does not sell twice.
WITH units AS (
    SELECT l.product_id, sum(il.quantity)::bigint AS units
    FROM invoices i
    JOIN invoice_lines il ON il.invoice_id = i.id
    JOIN order_lines l ON l.order_id = i.order_id AND l.line_no = il.line_no
    WHERE i.issued_at >= @from_time::timestamptz AND i.issued_at < @to_time::timestamptz
      AND i.aeat_type <> 'F3'
    GROUP BY l.product_id
)
SELECT u.product_id, u.units, pp.material, pp.milligrams
FROM units u
JOIN product_packaging pp ON pp.product_id = u.product_id
ORDER BY u.product_id, pp.material;
