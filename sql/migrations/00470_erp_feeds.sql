-- +goose Up
-- What an ERP needs of the API (issue 39): keys that may correct stock and
-- read events, a batch of stock corrections answered once per idempotency
-- key, and two feeds read in commit order: the orders that changed and the
-- shop's domain events.
--
-- Both feeds are written by triggers, so they are written in the very
-- transaction that changes an order, a product or its stock, whatever code
-- path does it (checkout, the desk, the carrier's webhook, the till, an
-- import): a path that forgot to write them would be a change an ERP
-- never hears of.
--
-- Why an xid8 and not the identity or the time: a sequence value and
-- now() are taken while a transaction runs, but rows become visible when
-- it commits, and transactions commit in another order than they start. A
-- reader that saw rows 1 and 3 and moved its cursor past 3 would never see
-- row 2, committed a moment later. Each row records the id of the
-- transaction writing it (pg_current_xact_id()), and readers hand out only
-- rows whose transaction id is below pg_snapshot_xmin(pg_current_snapshot()),
-- the oldest transaction still running: every transaction below it has
-- ended, so no row can ever appear below it again, and every transaction
-- still running or yet to take an id has an id at or above it. Ordering by
-- (xid, seq) and resuming after the last (xid, seq) handed out therefore
-- skips nothing (backend/internal/feed). The price is latency: a long
-- transaction holds every later row back until it ends.

ALTER TABLE api_keys DROP CONSTRAINT api_keys_scopes_check;
ALTER TABLE api_keys
    ADD CONSTRAINT api_keys_scopes_check CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY[
        'catalog_read', 'catalog_write', 'orders_read', 'stock_write', 'events_read']);

-- A batch of stock corrections sent with an idempotency key: the answer is
-- kept so a retry after a timeout gets it again instead of counting twice,
-- and a reuse of the key for other lines is refused (request_hash). Keys are
-- per caller ("api-key:7"), kept a day.
CREATE TABLE stock_syncs (
    caller          text NOT NULL,
    idempotency_key text NOT NULL CHECK (idempotency_key <> ''),
    request_hash    bytea NOT NULL,
    response        jsonb NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (caller, idempotency_key)
);
CREATE INDEX stock_syncs_created_idx ON stock_syncs (created_at);

-- One row per order per transaction that changed it (the order itself, or
-- its parcel): readers collapse them to the order's latest state.
CREATE TABLE order_changes (
    seq        bigint GENERATED ALWAYS AS IDENTITY,
    xid        xid8 NOT NULL DEFAULT pg_current_xact_id(),
    order_id   bigint NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (xid, seq),
    UNIQUE (xid, order_id)
);
CREATE INDEX order_changes_created_idx ON order_changes (created_at);

-- Domain events with a stable id (what a webhook receiver deduplicates
-- on). data holds ids and figures only, no personal data: the reader
-- fetches the order or product it names.
CREATE TABLE api_events (
    seq        bigint GENERATED ALWAYS AS IDENTITY,
    xid        xid8 NOT NULL DEFAULT pg_current_xact_id(),
    id         uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    type       text NOT NULL CHECK (type IN (
        'order.placed', 'order.paid', 'order.cancelled', 'order.shipped', 'order.delivered',
        'refund.completed', 'stock.changed', 'product.changed')),
    data       jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (xid, seq)
);
CREATE INDEX api_events_created_idx ON api_events (created_at);

-- Statement triggers over transition tables: an update of many rows is
-- one INSERT, not one per row (migration 00151's lesson).

-- +goose StatementBegin
CREATE FUNCTION feed_changed_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_changes (order_id)
    SELECT DISTINCT id FROM changed_orders ORDER BY id
    ON CONFLICT (xid, order_id) DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER orders_feed_inserted AFTER INSERT ON orders
    REFERENCING NEW TABLE AS changed_orders
    FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_orders();
CREATE TRIGGER orders_feed_updated AFTER UPDATE ON orders
    REFERENCING NEW TABLE AS changed_orders
    FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_orders();

-- +goose StatementBegin
CREATE FUNCTION feed_changed_parcels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_changes (order_id)
    SELECT DISTINCT order_id FROM changed_parcels ORDER BY order_id
    ON CONFLICT (xid, order_id) DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER parcels_feed_inserted AFTER INSERT ON parcels
    REFERENCING NEW TABLE AS changed_parcels
    FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_parcels();
CREATE TRIGGER parcels_feed_updated AFTER UPDATE ON parcels
    REFERENCING NEW TABLE AS changed_parcels
    FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_parcels();

-- The order lifecycle's steps (order_events, one per step) are the order
-- events: the fulfilment machine's placed, shipped, delivered and
-- cancelled, the payment machine's paid.
-- +goose StatementBegin
CREATE FUNCTION feed_order_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO api_events (type, data)
    SELECT CASE WHEN e.machine = 'payment' THEN 'order.paid' ELSE 'order.' || e.to_state END,
           jsonb_build_object('order_id', e.order_id)
    FROM steps e
    WHERE (e.machine = 'fulfilment' AND e.to_state IN ('placed', 'shipped', 'delivered', 'cancelled'))
       OR (e.machine = 'payment' AND e.to_state = 'paid')
    ORDER BY e.id;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER order_events_feed AFTER INSERT ON order_events
    REFERENCING NEW TABLE AS steps
    FOR EACH STATEMENT EXECUTE FUNCTION feed_order_events();

-- A card or Bizum refund completes when Redsys accepts it; a transfer's
-- when the desk records the bank transfer made.
-- +goose StatementBegin
CREATE FUNCTION feed_card_refunds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO api_events (type, data)
    SELECT 'refund.completed',
           jsonb_build_object('order_id', a.order_id, 'refund_id', 'card:' || n.id, 'amount_cents', n.amount_cents)
    FROM new_refunds n
    JOIN payment_attempts a ON a.redsys_order = n.redsys_order
    LEFT JOIN old_refunds o ON o.id = n.id
    WHERE n.status = 'accepted' AND o.status IS DISTINCT FROM 'accepted'
    ORDER BY n.id;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER payment_refunds_feed AFTER UPDATE ON payment_refunds
    REFERENCING OLD TABLE AS old_refunds NEW TABLE AS new_refunds
    FOR EACH STATEMENT EXECUTE FUNCTION feed_card_refunds();

-- +goose StatementBegin
CREATE FUNCTION feed_bank_refunds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO api_events (type, data)
    SELECT 'refund.completed',
           jsonb_build_object('order_id', n.order_id, 'refund_id', 'bank:' || n.id, 'amount_cents', n.amount_cents)
    FROM new_refunds n
    ORDER BY n.id;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER bank_refunds_feed AFTER INSERT ON bank_refunds
    REFERENCING NEW TABLE AS new_refunds
    FOR EACH STATEMENT EXECUTE FUNCTION feed_bank_refunds();

-- Every row of the stock ledger is a stock.changed: a sale, a cancellation,
-- a correction, a receipt, the till.
-- +goose StatementBegin
CREATE FUNCTION feed_stock_movements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO api_events (type, data)
    SELECT 'stock.changed',
           jsonb_build_object('product_id', m.product_id, 'sku', p.sku, 'ean', p.ean, 'delta', m.delta,
                              'stock', m.stock_after, 'kind', m.kind)
    FROM new_movements m
    JOIN products p ON p.id = m.product_id
    ORDER BY m.id;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER stock_movements_feed AFTER INSERT ON stock_movements
    REFERENCING NEW TABLE AS new_movements
    FOR EACH STATEMENT EXECUTE FUNCTION feed_stock_movements();

-- A product is changed when anything but its stock (which stock.changed
-- tells) and the bookkeeping of who touched it last changes.
-- +goose StatementBegin
CREATE FUNCTION feed_changed_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO api_events (type, data)
        SELECT 'product.changed', jsonb_build_object('product_id', n.id, 'sku', n.sku, 'ean', n.ean)
        FROM new_products n
        ORDER BY n.id;
    ELSE
        INSERT INTO api_events (type, data)
        SELECT 'product.changed', jsonb_build_object('product_id', n.id, 'sku', n.sku, 'ean', n.ean)
        FROM new_products n
        JOIN old_products o ON o.id = n.id
        WHERE to_jsonb(n) - 'stock' - 'updated_at' - 'updated_by'
              IS DISTINCT FROM to_jsonb(o) - 'stock' - 'updated_at' - 'updated_by'
        ORDER BY n.id;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER products_feed_inserted AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_products
    FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_products();
CREATE TRIGGER products_feed_updated AFTER UPDATE ON products
    REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
    FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_products();

-- +goose Down
DROP TRIGGER products_feed_updated ON products;
DROP TRIGGER products_feed_inserted ON products;
DROP FUNCTION feed_changed_products;
DROP TRIGGER stock_movements_feed ON stock_movements;
DROP FUNCTION feed_stock_movements;
DROP TRIGGER bank_refunds_feed ON bank_refunds;
DROP FUNCTION feed_bank_refunds;
DROP TRIGGER payment_refunds_feed ON payment_refunds;
DROP FUNCTION feed_card_refunds;
DROP TRIGGER order_events_feed ON order_events;
DROP FUNCTION feed_order_events;
DROP TRIGGER parcels_feed_updated ON parcels;
DROP TRIGGER parcels_feed_inserted ON parcels;
DROP FUNCTION feed_changed_parcels;
DROP TRIGGER orders_feed_updated ON orders;
DROP TRIGGER orders_feed_inserted ON orders;
DROP FUNCTION feed_changed_orders;
DROP TABLE api_events;
DROP TABLE order_changes;
DROP TABLE stock_syncs;
UPDATE api_keys SET scopes = array_remove(array_remove(scopes, 'stock_write'), 'events_read');
DELETE FROM api_keys WHERE cardinality(scopes) = 0;
ALTER TABLE api_keys DROP CONSTRAINT api_keys_scopes_check;
ALTER TABLE api_keys
    ADD CONSTRAINT api_keys_scopes_check
        CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['catalog_read', 'catalog_write', 'orders_read']);
