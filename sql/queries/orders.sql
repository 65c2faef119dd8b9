-- FindOrderByIdempotencyKey finds the order a retried checkout already placed.
-- name: FindOrderByIdempotencyKey :one
SELECT id FROM orders
WHERE user_id = @user_id AND idempotency_key = @idempotency_key;

-- UpsertCustomerForUser records the shopper as a customer from the delivery
-- data of their latest order; a user is one customer. The delivery form
-- asks for the whole name in one field, so the surname a customer had
-- (seeded or imported) is cleared: kept, the back office showed "María
-- Silva Silva".
-- name: UpsertCustomerForUser :one
INSERT INTO customers (user_id, name, email, phone)
VALUES (@user_id, @name, @email, @phone)
ON CONFLICT (user_id) DO UPDATE
SET name = EXCLUDED.name, surname = '', email = EXCLUDED.email, phone = EXCLUDED.phone,
    active = true, updated_at = now()
RETURNING id;

-- PlaceOrder writes a new order with its first event and its lines in one
-- statement, so checkout's transaction spends one round trip on them. The
-- order claims the idempotency key: a concurrent transaction holding the
-- same key makes this wait for it, and when it committed, no row comes back
-- (nor any event or line, which select from the order) and the caller
-- returns that order instead. The line arrays are parallel, one element per
-- line (unnests in a SELECT list zip); a promotion id of 0 means none. A
-- cold-chain order's dispatch day (migration 00220), an age-restricted
-- order's declaration and ID check (00141) and the shipping method, parcel
-- weight and pickup code (00380) are written with the row.
-- name: PlaceOrder :one
WITH placed AS (
    INSERT INTO orders (
        user_id, customer_id, idempotency_key, status, payment_method, payment_status,
        subtotal_cents, shipping_cents, payment_surcharge_cents, vat_cents, total_cents,
        delivery_name, delivery_email, delivery_phone, delivery_address, delivery_city, delivery_postal_code, language,
        dispatch_on, age_declared_at, id_check_required,
        shipping_method, shipping_kind, cold_chain, pickup_code, shipping_weight_grams
    ) VALUES (
        @user_id, @customer_id, @idempotency_key, 'placed', @payment_method, @payment_status,
        @subtotal_cents, @shipping_cents, @payment_surcharge_cents, @vat_cents, @total_cents,
        @delivery_name, @delivery_email, @delivery_phone, @delivery_address, @delivery_city, @delivery_postal_code, @language,
        sqlc.narg(dispatch_on)::date, CASE WHEN @id_check_required::boolean THEN now() END, @id_check_required::boolean,
        @shipping_method::text, @shipping_kind::text, @cold_chain::boolean, sqlc.narg(pickup_code)::text,
        @shipping_weight_grams::integer
    )
    ON CONFLICT (user_id, idempotency_key) DO NOTHING
    RETURNING *
), event AS (
    INSERT INTO order_events (order_id, machine, to_state, actor, actor_user_id, note)
    SELECT id, 'fulfilment', 'placed', 'shopper', user_id, '' FROM placed
), lines AS (
    INSERT INTO order_lines (
        order_id, line_no, product_id, product_name, image_url, quantity, unit_price_cents,
        regular_unit_price_cents, promotion_id, promotion_label, vat_basis_points, line_total_cents
    )
    SELECT placed.id, unnest(@line_nos::integer[]), unnest(@product_ids::bigint[]),
           unnest(@product_names::text[]), unnest(@image_urls::text[]), unnest(@quantities::integer[]),
           unnest(@unit_prices_cents::bigint[]), unnest(@regular_unit_prices_cents::bigint[]),
           NULLIF(unnest(@promotion_ids::bigint[]), 0), unnest(@promotion_labels::text[]),
           unnest(@vat_basis_points::integer[]), unnest(@line_totals_cents::bigint[])
    FROM placed
)
SELECT * FROM placed;

-- TakeOrderStock takes an order's units of each line's product, booked in
-- the ledger as a sale of the order, and returns the products it took from
-- (take_order_stock, migration 00275).
-- name: TakeOrderStock :many
SELECT take_order_stock(@order_id::bigint, @actor_user_id::bigint, @product_ids::bigint[], @quantities::integer[])::bigint AS product_id;

-- name: GetOrderForUser :one
-- A shopper's own web order; a till sale (channel store) belongs to the
-- shop, though its user is the till staff who made it.
SELECT * FROM orders
WHERE id = @id AND user_id = @user_id AND channel = 'web';

-- name: ListOrdersForUser :many
SELECT * FROM orders
WHERE user_id = @user_id AND channel = 'web'
ORDER BY created_at DESC, id DESC
LIMIT @page_limit OFFSET @page_offset;

-- name: CountOrdersForUser :one
SELECT count(*) FROM orders
WHERE user_id = @user_id AND channel = 'web';

-- ListOrderLines reads the lines of a page of orders at once.
-- name: ListOrderLines :many
SELECT * FROM order_lines
WHERE order_id = ANY(@order_ids::bigint[])
ORDER BY order_id, line_no;

-- OrderProductIDs are the products an order holds stock of, for LockProducts.
-- name: OrderProductIDs :many
SELECT DISTINCT product_id FROM order_lines WHERE order_id = @order_id ORDER BY product_id;

-- CancelOrder cancels an order still in one of from_states (and, with
-- only_unpaid, still awaiting its payment). Concurrent cancels queue on the
-- row lock and re-check the condition, so exactly one gets the row back:
-- that one gives the stock back.
-- name: CancelOrder :one
UPDATE orders
SET status = 'cancelled', updated_at = now()
WHERE id = @id AND status = ANY(@from_states::text[])
  AND (NOT @only_unpaid::boolean OR payment_status = 'awaiting_payment')
RETURNING *;

-- GetOrder reads an order whoever owns it (system and back-office paths).
-- name: GetOrder :one
SELECT * FROM orders WHERE id = @id;

-- ListExpiredUnpaidOrders lists unpaid orders of one payment method placed
-- at or before cutoff, oldest first (orders_unpaid_created_idx).
-- name: ListExpiredUnpaidOrders :many
SELECT id FROM orders
WHERE status = 'placed' AND payment_status = 'awaiting_payment'
  AND payment_method = @payment_method AND created_at <= @cutoff
ORDER BY created_at
LIMIT @page_limit;

-- CountUnpaidOrdersForUser counts the orders a shopper holds stock with
-- and has not paid: awaiting a card, Bizum or transfer payment, or cash on
-- delivery not yet delivered (orders_held_user_idx).
-- With it, in the same round trip, the units the shopper ordered since
-- @since, cancelled orders aside (orders_user_created_idx).
-- name: CountUnpaidOrdersForUser :one
SELECT (SELECT count(*) FROM orders u
        WHERE u.user_id = @user_id
          AND ((u.status = 'placed' AND u.payment_status = 'awaiting_payment')
            OR (u.status IN ('placed', 'preparing', 'ready_for_pickup', 'shipped') AND u.payment_status = 'on_delivery'))) AS unpaid,
       (SELECT coalesce(sum(l.quantity), 0)
        FROM orders o
        JOIN order_lines l ON l.order_id = o.id
        WHERE o.user_id = @user_id AND o.channel = 'web' AND o.created_at > @since AND o.status <> 'cancelled')::bigint AS units_since;

-- UnpaidTransferUnits are the units of each product held by unpaid transfer
-- and cash-on-delivery orders other than order_id (the one being placed),
-- the ones that may wait days. Checkout reads it with the products locked,
-- so concurrent buyers see each other's orders.
-- name: UnpaidTransferUnits :many
SELECT l.product_id, sum(l.quantity)::integer AS units
FROM order_lines l
JOIN orders o ON o.id = l.order_id
WHERE l.product_id = ANY(@product_ids::bigint[])
  AND ((o.payment_method = 'transfer' AND o.status = 'placed' AND o.payment_status = 'awaiting_payment')
    OR (o.payment_method = 'cash' AND o.status IN ('placed', 'preparing', 'ready_for_pickup', 'shipped') AND o.payment_status = 'on_delivery'))
  AND o.id <> @order_id
GROUP BY l.product_id;

-- GetOrderForUpdate reads an order and locks its row for a lifecycle step:
-- steps of one order queue, each seeing the state the last one left.
-- name: GetOrderForUpdate :one
SELECT * FROM orders WHERE id = @id FOR UPDATE;

-- SetOrderState writes an order's states and shipping data after a step.
-- name: SetOrderState :one
UPDATE orders
SET status = @status, payment_status = @payment_status, carrier = @carrier,
    tracking_number = @tracking_number, updated_at = now()
WHERE id = @id
RETURNING *;
