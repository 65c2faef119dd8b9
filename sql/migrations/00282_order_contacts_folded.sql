-- +goose Up
-- The order desk's search by name or e-mail read the trigram index of a
-- million orders, where every e-mail shares "cli", "ent", "@ex", "com"...
-- once per order. The trigrams move to the distinct contacts, one row per
-- contact_search value (the bench: 200 000 for 1 000 000 orders), and the
-- orders are joined by that value through a btree in the desk's order.
-- Migration 00281 kept the contacts by triggers in the order's transaction
-- and the checkout paid for it (a new contact extended a table and its GIN
-- there): it was reverted. Here the checkout writes nothing more than
-- before, one GIN less: a periodic job folds the new orders' contacts in
-- after they commit (order_contacts_fold), and the search reads the orders
-- the fold has not reached yet by their own LIKE (AdminListOrdersByContact).
CREATE TABLE order_contacts (
    contact_search text PRIMARY KEY
);
CREATE INDEX order_contacts_trgm_idx ON order_contacts USING gin (contact_search gin_trgm_ops);
CREATE INDEX orders_contact_created_idx ON orders (contact_search, created_at DESC, id DESC);
-- Only the desk's search read it; the tail the fold has not reached is read
-- through orders_created_idx.
DROP INDEX orders_contact_trgm_idx;

-- order_contacts_folded is the fold's position: every order created before
-- folded_to has its contact in order_contacts.
CREATE TABLE order_contacts_folded (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    folded_to timestamptz NOT NULL
);
INSERT INTO order_contacts_folded (folded_to) VALUES ('-infinity');

-- order_contacts_fold lists the contacts of the orders created since the
-- last fold. Transactions commit out of order: an order created (its
-- transaction's start, created_at's default now()) before the fold may not
-- have committed yet, and the fold's snapshot misses it. So the new
-- position is not the fold's clock but the start of the oldest transaction
-- still running, read from pg_stat_activity before the INSERT takes its
-- snapshot: a transaction gone from there has committed (PostgreSQL makes a
-- commit visible before it clears the backend's xact_start), and one still
-- there created its orders at or after its start. An order not yet folded
-- is therefore at or after folded_to, where the search reads the orders
-- themselves. Exact where a fixed overlap is not: the shop's connections
-- bound a statement (statement_timeout) and an idle gap in a transaction
-- (idle_in_transaction_session_timeout, 60 s) but not the number of
-- statements, so no overlap bounds a transaction's life; and an overlap
-- wide enough for the usual case (65 s) would make every search LIKE-scan
-- a minute of orders, 13 000 at the bench's 200 orders a second, where the
-- oldest transaction is usually milliseconds old. A backend of another
-- role hides its xact_start (state NULL without pg_read_all_stats): it
-- counts as 65 s old, the idle timeout plus a statement's 5 s. Orders
-- written dated in the past (the seed, imports) or moved earlier are listed
-- by orders_contact_dated at once, as a changed contact is; the checkout's
-- INSERT, dated now(), fires nothing. One fold at a time (the advisory
-- lock; a second returns at once).
-- +goose StatementBegin
CREATE FUNCTION order_contacts_fold() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    since timestamptz;
    upto timestamptz;
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('order_contacts_fold')) THEN
        RETURN;
    END IF;
    SELECT folded_to INTO since FROM order_contacts_folded;
    SELECT least(now(), min(CASE WHEN a.state IS NULL THEN now() - interval '65 seconds' ELSE a.xact_start END))
    INTO upto
    FROM pg_stat_activity a
    WHERE a.backend_type = 'client backend' AND a.datname = current_database() AND a.pid <> pg_backend_pid();
    INSERT INTO order_contacts (contact_search)
    SELECT DISTINCT o.contact_search FROM orders o WHERE o.created_at >= since
    ON CONFLICT DO NOTHING;
    -- The older position stays when a hidden backend pulls upto back: the
    -- orders before it were folded already.
    UPDATE order_contacts_folded SET folded_to = greatest(since, upto);
END
$$;
-- +goose StatementEnd

-- order_contacts_rebuild lists every order's contact again: the backfill
-- below, and the bench's seed, which loads its orders with triggers off.
-- +goose StatementBegin
CREATE FUNCTION order_contacts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE order_contacts;
    UPDATE order_contacts_folded SET folded_to = '-infinity';
    PERFORM order_contacts_fold();
END
$$;
-- +goose StatementEnd

-- order_contacts_add lists an order's contact in its own transaction, for
-- the rare writes the fold would miss: an order dated before its
-- transaction (maybe before folded_to), a contact changed on an existing
-- order (the data-rights erasure blanks the e-mail), an order moved
-- earlier. The old contact stays listed: a contact no order holds matches
-- no order, as the search joins the orders by it.
-- +goose StatementBegin
CREATE FUNCTION order_contacts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_contacts (contact_search) VALUES (NEW.contact_search) ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER orders_contact_dated AFTER INSERT ON orders
    FOR EACH ROW WHEN (NEW.created_at < now()) EXECUTE FUNCTION order_contacts_add();
CREATE TRIGGER orders_contact_change AFTER UPDATE OF delivery_name, delivery_email, created_at ON orders
    FOR EACH ROW WHEN (OLD.contact_search IS DISTINCT FROM NEW.contact_search OR NEW.created_at < OLD.created_at)
    EXECUTE FUNCTION order_contacts_add();

SELECT order_contacts_rebuild();

-- +goose Down
DROP TRIGGER orders_contact_change ON orders;
DROP TRIGGER orders_contact_dated ON orders;
DROP FUNCTION order_contacts_add();
DROP FUNCTION order_contacts_rebuild();
DROP FUNCTION order_contacts_fold();
DROP TABLE order_contacts_folded;
CREATE INDEX orders_contact_trgm_idx ON orders USING gin (contact_search gin_trgm_ops);
DROP INDEX orders_contact_created_idx;
DROP TABLE order_contacts;
