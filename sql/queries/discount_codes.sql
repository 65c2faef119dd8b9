-- Discount codes (issue 41; package discount).

-- name: DiscountCodeByCode :one
SELECT * FROM discount_codes WHERE code = @code;

-- name: DiscountCodeByID :one
SELECT * FROM discount_codes WHERE id = @id;

-- ClaimDiscountCodeUse counts one use of a code in PlaceOrder's transaction:
-- the row lock the update takes makes concurrent checkouts queue, and each
-- re-reads uses after the one before committed, so past the limit no row
-- comes back.
-- name: ClaimDiscountCodeUse :one
UPDATE discount_codes SET uses = uses + 1
WHERE id = @id AND paused_at IS NULL AND (max_uses = 0 OR uses < max_uses)
RETURNING uses;

-- ShopperDiscountHistory is what a code's shopper rules need: the
-- shopper's orders with the code (not given back by a cancellation), and
-- their orders not cancelled.
-- name: ShopperDiscountHistory :one
SELECT
    (SELECT count(*) FROM order_discounts d
     WHERE d.code_id = @code_id AND d.user_id = @user_id AND d.released_at IS NULL)::integer AS code_uses,
    (SELECT count(*) FROM orders o WHERE o.user_id = @user_id AND o.status <> 'cancelled')::bigint AS past_orders;

-- InsertOrderDiscount writes an order's discount and its parts by rate
-- (parallel arrays) in one statement.
-- name: InsertOrderDiscount :exec
WITH d AS (
    INSERT INTO order_discounts (order_id, code_id, code, user_id, amount_cents, shipping_waived_cents)
    VALUES (@order_id, @code_id, @code, @user_id, @amount_cents, @shipping_waived_cents)
    RETURNING order_id
)
INSERT INTO order_discount_parts (order_id, vat_basis_points, amount_cents, vat_cents)
SELECT d.order_id, unnest(@vat_basis_points::integer[]), unnest(@part_amounts_cents::bigint[]), unnest(@part_vat_cents::bigint[])
FROM d;

-- name: OrderDiscount :one
SELECT * FROM order_discounts WHERE order_id = @order_id;

-- name: OrderDiscountParts :many
SELECT * FROM order_discount_parts WHERE order_id = @order_id ORDER BY vat_basis_points;

-- name: InsertDiscountCode :one
INSERT INTO discount_codes (code, kind, percent_basis_points, amount_cents, minimum_cents, starts_on, ends_on,
    max_uses, max_uses_per_shopper, first_order_only, free_shipping, excluded_product_ids, excluded_categories)
VALUES (@code, @kind, @percent_basis_points, @amount_cents, @minimum_cents, sqlc.narg(starts_on)::date, sqlc.narg(ends_on)::date,
    @max_uses, @max_uses_per_shopper, @first_order_only, @free_shipping, @excluded_product_ids::bigint[], @excluded_categories::text[])
ON CONFLICT (code) DO NOTHING
RETURNING *;

-- name: SetDiscountCodePaused :one
UPDATE discount_codes SET paused_at = CASE WHEN @paused::boolean THEN coalesce(paused_at, now()) END
WHERE id = @id
RETURNING *;

-- ReleaseOrderDiscount gives a cancelled order's use back to its code,
-- once: the order keeps its discount row, marked released.
-- name: ReleaseOrderDiscount :execrows
WITH released AS (
    UPDATE order_discounts SET released_at = now()
    WHERE order_id = @order_id AND released_at IS NULL
    RETURNING code_id
)
UPDATE discount_codes c SET uses = c.uses - 1
FROM released WHERE c.id = released.code_id;

-- ListDiscountCodes is the back office's list, newest first, with what
-- each code has taken off orders not cancelled.
-- name: ListDiscountCodes :many
SELECT c.*, coalesce(sum(d.amount_cents), 0)::bigint AS discounted_cents,
    coalesce(sum(d.shipping_waived_cents), 0)::bigint AS shipping_waived_cents
FROM discount_codes c
LEFT JOIN order_discounts d ON d.code_id = c.id AND d.released_at IS NULL
GROUP BY c.id
ORDER BY c.created_at DESC, c.id DESC
LIMIT 200;

-- InsertOrderLineDiscounts writes each line's share of an order's discount
-- (parallel arrays).
-- name: InsertOrderLineDiscounts :exec
INSERT INTO order_line_discounts (order_id, line_no, amount_cents)
SELECT @order_id, unnest(@line_nos::integer[]), unnest(@amounts_cents::bigint[]);

-- name: OrderLineDiscounts :many
SELECT line_no, amount_cents FROM order_line_discounts WHERE order_id = @order_id ORDER BY line_no;

-- OrderDiscountsOf are the discounts of several orders (a page of a list).
-- name: OrderDiscountsOf :many
SELECT * FROM order_discounts WHERE order_id = ANY(@order_ids::bigint[]);

-- name: OrderDiscountPartsOf :many
SELECT * FROM order_discount_parts WHERE order_id = ANY(@order_ids::bigint[]) ORDER BY order_id, vat_basis_points;
