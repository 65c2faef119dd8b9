-- +goose Up
-- The order lifecycle (backend/internal/shop/lifecycle.go): orders.status is
-- the fulfilment state, orders.payment_status the payment state, and every
-- step of either is a row of order_events, the timeline shopper and admin see.

-- Orders placed before the lifecycle existed get one event saying where
-- they stood, written before their status is renamed so it keeps the old text.
CREATE TABLE order_events (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id      bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    machine       text NOT NULL CHECK (machine IN ('fulfilment', 'payment')),
    -- NULL on an order's first event: it came from nowhere.
    from_state    text,
    to_state      text NOT NULL,
    actor         text NOT NULL CHECK (actor IN ('shopper', 'admin', 'system')),
    actor_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
    note          text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now()
);
-- The timeline of one order, oldest first.
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

INSERT INTO order_events (order_id, machine, to_state, actor, note, created_at)
SELECT id, 'fulfilment',
       CASE status WHEN 'pending' THEN 'placed' WHEN 'completed' THEN 'delivered'
                   WHEN 'cancelled' THEN 'cancelled' ELSE 'placed' END,
       'system', 'recorded when order history began (was ' || status || ')', created_at
FROM orders;

UPDATE orders SET status = CASE status WHEN 'completed' THEN 'delivered' WHEN 'cancelled' THEN 'cancelled'
                                       ELSE 'placed' END;

ALTER TABLE orders
    ALTER COLUMN status SET DEFAULT 'placed',
    DROP CONSTRAINT orders_status_check,
    ADD CONSTRAINT orders_status_check
        CHECK (status IN ('placed', 'preparing', 'shipped', 'delivered', 'cancelled')),
    DROP CONSTRAINT orders_payment_status_check,
    ADD CONSTRAINT orders_payment_status_check
        CHECK (payment_status IN ('awaiting_payment', 'on_delivery', 'paid', 'partially_refunded', 'refunded')),
    ADD COLUMN carrier text NOT NULL DEFAULT '',
    ADD COLUMN tracking_number text NOT NULL DEFAULT '',
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Orders holding stock without their money: expiry scans them by method and
-- age, the hoarding limits count them per shopper.
CREATE INDEX orders_unpaid_created_idx ON orders (payment_method, created_at)
    WHERE status = 'placed' AND payment_status = 'awaiting_payment';
CREATE INDEX orders_unpaid_user_idx ON orders (user_id)
    WHERE status = 'placed' AND payment_status = 'awaiting_payment';

-- The stock ledger: every change of products.stock is a row here, so the sum
-- of a product's deltas is its stock. A trigger writes the rows rather than
-- each query, so no writer (a sale, the seed, a console UPDATE) can change
-- stock without a trace. Writers say why through transaction-local settings
-- (set_config(..., true)); a change that gives no reason is an adjustment
-- with reason 'unrecorded', visible as such in the back office.
CREATE TABLE stock_movements (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id    bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    delta         integer NOT NULL CHECK (delta <> 0),
    kind          text NOT NULL CHECK (kind IN ('sale', 'cancellation', 'expiry', 'adjustment')),
    -- Only adjustments carry a reason: a store_sale is a unit sold in the physical shop.
    reason        text CHECK (reason IN ('receipt', 'count', 'damage', 'return', 'store_sale', 'unrecorded')),
    order_id      bigint REFERENCES orders (id) ON DELETE SET NULL,
    actor_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
    note          text NOT NULL DEFAULT '',
    stock_after   integer NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    CHECK ((kind = 'adjustment') = (reason IS NOT NULL))
);
-- A product's history, newest first.
CREATE INDEX stock_movements_product_idx ON stock_movements (product_id, id DESC);
CREATE INDEX stock_movements_order_idx ON stock_movements (order_id) WHERE order_id IS NOT NULL;

-- The opening balance: what was on the shelf when the ledger began.
INSERT INTO stock_movements (product_id, delta, kind, reason, note, stock_after)
SELECT id, stock, 'adjustment', 'count', 'opening balance', stock FROM products WHERE stock <> 0;

-- +goose StatementBegin
CREATE FUNCTION record_stock_movement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    change integer := NEW.stock - CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.stock END;
    movement text := coalesce(nullif(current_setting('sabores.stock_kind', true), ''), 'adjustment');
    why text := nullif(current_setting('sabores.stock_reason', true), '');
BEGIN
    IF change = 0 THEN
        RETURN NULL;
    END IF;
    IF movement <> 'adjustment' THEN
        why := NULL;
    ELSIF why IS NULL THEN
        -- A new product's stock was received; any other silent change is unexplained.
        why := CASE WHEN TG_OP = 'INSERT' THEN 'receipt' ELSE 'unrecorded' END;
    END IF;
    INSERT INTO stock_movements (product_id, delta, kind, reason, order_id, actor_user_id, note, stock_after)
    VALUES (NEW.id, change, movement, why,
            nullif(current_setting('sabores.stock_order', true), '')::bigint,
            nullif(current_setting('sabores.stock_actor', true), '')::bigint,
            coalesce(current_setting('sabores.stock_note', true), ''), NEW.stock);
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER products_stock_ledger AFTER INSERT OR UPDATE OF stock ON products
    FOR EACH ROW EXECUTE FUNCTION record_stock_movement();

-- +goose Down
DROP TRIGGER products_stock_ledger ON products;
DROP FUNCTION record_stock_movement;
DROP TABLE stock_movements;
DROP INDEX orders_unpaid_user_idx, orders_unpaid_created_idx;
ALTER TABLE orders
    DROP COLUMN updated_at, DROP COLUMN tracking_number, DROP COLUMN carrier,
    DROP CONSTRAINT orders_payment_status_check,
    ADD CONSTRAINT orders_payment_status_check CHECK (payment_status IN ('awaiting_payment', 'on_delivery', 'paid')),
    DROP CONSTRAINT orders_status_check,
    ADD CONSTRAINT orders_status_check CHECK (status <> ''),
    ALTER COLUMN status SET DEFAULT 'pending';
UPDATE orders SET status = CASE status WHEN 'delivered' THEN 'completed' WHEN 'cancelled' THEN 'cancelled'
                                       ELSE 'pending' END;
DROP TABLE order_events;
