-- +goose Up
-- The back-office dashboard (AdminService.GetDashboardStats) read its
-- figures by scanning every order on each request: fine for a hundred
-- orders, seconds for a million. Here they are kept as rollups instead:
-- per Madrid day (orders and revenue, cancelled orders excluded) and per
-- product (units and revenue of the lines of orders not cancelled).
--
-- Why triggers writing deltas, folded by a job:
-- * Exact, in the same transaction as the change. Triggers on orders and
--   order_lines see every writer (checkout, shop.Advance, shop.Cancel, the
--   expiry job, data-rights erasure, the seed, tests' fixtures): no path can
--   forget the rollups, and a rolled-back order takes its delta with it. A
--   materialized view refreshed by a periodic job would be stale between
--   refreshes and would still read every order at each refresh.
-- * No hot row. Updating one row per day in the checkout's transaction
--   would queue every checkout of the day behind the one before it until it
--   commits, and together with the products' stock locks could deadlock with
--   a cancellation (day row then product, against product then day row).
--   The triggers only INSERT into append-only delta tables, which never
--   wait on anyone. The periodic job (jobs.foldStatsWorker) folds the deltas
--   into the rollups; a read sums rollups plus the deltas not yet folded in
--   one snapshot, so it is exact whether a fold has run or not, and reads at
--   most one fold interval's worth of deltas.

CREATE TABLE order_stats_days (
    day           date PRIMARY KEY,
    order_count   bigint NOT NULL,
    revenue_cents bigint NOT NULL
);

CREATE TABLE order_stats_products (
    -- No foreign key: a product whose orders were all cancelled keeps a
    -- row of zeros, which must not stop the product from being deleted.
    product_id    bigint PRIMARY KEY,
    quantity      bigint NOT NULL,
    revenue_cents bigint NOT NULL
);
-- The best sellers: the top of this index, whatever the catalogue's size.
CREATE INDEX order_stats_products_top_idx ON order_stats_products (quantity DESC, product_id);

-- The deltas: one row per change, no index (only inserted, summed whole and
-- deleted whole by the fold).
CREATE TABLE order_stats_day_deltas (
    day           date NOT NULL,
    order_count   integer NOT NULL,
    revenue_cents bigint NOT NULL
);

CREATE TABLE order_stats_product_deltas (
    product_id    bigint NOT NULL,
    quantity      integer NOT NULL,
    revenue_cents bigint NOT NULL
);

-- order_stats_order_change records an order entering or leaving the counted
-- orders (any status but cancelled), or moving day or total while counted;
-- its lines follow it in and out.
-- +goose StatementBegin
CREATE FUNCTION order_stats_order_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    old_in boolean := false;
    new_in boolean := false;
BEGIN
    IF TG_OP <> 'INSERT' THEN
        old_in := OLD.status <> 'cancelled';
    END IF;
    IF TG_OP <> 'DELETE' THEN
        new_in := NEW.status <> 'cancelled';
    END IF;
    IF TG_OP = 'UPDATE' AND old_in = new_in AND OLD.total_cents = NEW.total_cents
       AND timezone('Europe/Madrid', OLD.created_at)::date = timezone('Europe/Madrid', NEW.created_at)::date THEN
        RETURN NULL;
    END IF;
    IF old_in THEN
        INSERT INTO order_stats_day_deltas
        VALUES (timezone('Europe/Madrid', OLD.created_at)::date, -1, -OLD.total_cents);
    END IF;
    IF new_in THEN
        INSERT INTO order_stats_day_deltas
        VALUES (timezone('Europe/Madrid', NEW.created_at)::date, 1, NEW.total_cents);
    END IF;
    -- Lines move with the order only when it enters or leaves the count.
    -- A deleted order's lines are taken out by the BEFORE DELETE trigger,
    -- while they still exist (the cascade deletes them before this runs).
    IF TG_OP = 'UPDATE' AND old_in <> new_in THEN
        INSERT INTO order_stats_product_deltas
        SELECT l.product_id,
               CASE WHEN new_in THEN l.quantity ELSE -l.quantity END,
               CASE WHEN new_in THEN l.line_total_cents ELSE -l.line_total_cents END
        FROM order_lines l WHERE l.order_id = NEW.id;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION order_stats_order_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF OLD.status <> 'cancelled' THEN
        INSERT INTO order_stats_product_deltas
        SELECT l.product_id, -l.quantity, -l.line_total_cents
        FROM order_lines l WHERE l.order_id = OLD.id;
    END IF;
    RETURN OLD;
END
$$;
-- +goose StatementEnd

-- order_stats_line_change counts a line while its order is counted. A line
-- whose order is gone (deleted by the cascade) was taken out with the order.
-- +goose StatementBegin
CREATE FUNCTION order_stats_line_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM orders WHERE id = OLD.order_id AND status <> 'cancelled') THEN
        INSERT INTO order_stats_product_deltas VALUES (OLD.product_id, -OLD.quantity, -OLD.line_total_cents);
    END IF;
    IF TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM orders WHERE id = NEW.order_id AND status <> 'cancelled') THEN
        INSERT INTO order_stats_product_deltas VALUES (NEW.product_id, NEW.quantity, NEW.line_total_cents);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER order_stats_order_change
    AFTER INSERT OR UPDATE OF status, total_cents, created_at OR DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION order_stats_order_change();
CREATE TRIGGER order_stats_order_delete
    BEFORE DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION order_stats_order_delete();
CREATE TRIGGER order_stats_line_change
    AFTER INSERT OR UPDATE OF order_id, product_id, quantity, line_total_cents OR DELETE ON order_lines
    FOR EACH ROW EXECUTE FUNCTION order_stats_line_change();

-- order_stats_fold moves the deltas into the rollups. One fold at a time
-- (the advisory lock; a second returns at once); the DELETE takes only the
-- deltas its snapshot sees, so deltas committed meanwhile wait for the next
-- fold and none is counted twice or lost. Days and products are upserted in
-- key order, so a fold never deadlocks with a rebuild.
-- +goose StatementBegin
CREATE FUNCTION order_stats_fold() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('order_stats_fold')) THEN
        RETURN;
    END IF;
    WITH d AS (DELETE FROM order_stats_day_deltas RETURNING *)
    INSERT INTO order_stats_days AS s (day, order_count, revenue_cents)
    SELECT day, sum(order_count), sum(revenue_cents) FROM d GROUP BY day ORDER BY day
    ON CONFLICT (day) DO UPDATE
    SET order_count = s.order_count + excluded.order_count,
        revenue_cents = s.revenue_cents + excluded.revenue_cents;
    WITH d AS (DELETE FROM order_stats_product_deltas RETURNING *)
    INSERT INTO order_stats_products AS s (product_id, quantity, revenue_cents)
    SELECT product_id, sum(quantity), sum(revenue_cents) FROM d GROUP BY product_id ORDER BY product_id
    ON CONFLICT (product_id) DO UPDATE
    SET quantity = s.quantity + excluded.quantity,
        revenue_cents = s.revenue_cents + excluded.revenue_cents;
END
$$;
-- +goose StatementEnd

-- order_stats_rebuild recomputes the rollups from the orders: the backfill
-- below, and the bench's seed, which loads its million orders with the
-- triggers off. It holds orders and order_lines against writes meanwhile,
-- and truncates rather than deletes: a delta table left full of dead rows
-- would be scanned whole by every dashboard read until vacuumed.
-- +goose StatementBegin
CREATE FUNCTION order_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    LOCK TABLE orders, order_lines IN SHARE MODE;
    LOCK TABLE order_stats_days, order_stats_products, order_stats_day_deltas, order_stats_product_deltas
        IN EXCLUSIVE MODE;
    TRUNCATE order_stats_day_deltas, order_stats_product_deltas, order_stats_days, order_stats_products;
    INSERT INTO order_stats_days (day, order_count, revenue_cents)
    SELECT timezone('Europe/Madrid', created_at)::date, count(*), sum(total_cents)
    FROM orders WHERE status <> 'cancelled'
    GROUP BY 1 ORDER BY 1;
    INSERT INTO order_stats_products (product_id, quantity, revenue_cents)
    SELECT l.product_id, sum(l.quantity), sum(l.line_total_cents)
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.status <> 'cancelled'
    GROUP BY 1 ORDER BY 1;
END
$$;
-- +goose StatementEnd

SELECT order_stats_rebuild();

-- +goose Down
DROP TRIGGER order_stats_line_change ON order_lines;
DROP TRIGGER order_stats_order_delete ON orders;
DROP TRIGGER order_stats_order_change ON orders;
DROP FUNCTION order_stats_rebuild();
DROP FUNCTION order_stats_fold();
DROP FUNCTION order_stats_line_change();
DROP FUNCTION order_stats_order_delete();
DROP FUNCTION order_stats_order_change();
DROP TABLE order_stats_product_deltas, order_stats_day_deltas, order_stats_products, order_stats_days;
