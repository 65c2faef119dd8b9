-- +goose Up
-- The order desk's search by name or e-mail read the trigram index of a
-- million orders: every e-mail shares "cli", "ent", "@ex", "com"..., whose
-- posting lists are as long as the table, and a shop's customers place
-- their orders under the same few contacts again and again. The trigrams
-- move to the distinct contacts, one row per contact_search value of some
-- order (the bench: 200 000 for 1 000 000 orders), and the orders are
-- joined by that value through a btree in the desk's order: a rare contact
-- reads its few orders, a common one walks orders_created_idx against the
-- hashed contacts until its page is full.
CREATE TABLE order_contacts (
    contact_search text PRIMARY KEY
);
CREATE INDEX order_contacts_trgm_idx ON order_contacts USING gin (contact_search gin_trgm_ops);
CREATE INDEX orders_contact_created_idx ON orders (contact_search, created_at DESC, id DESC);
DROP INDEX orders_contact_trgm_idx;

-- order_contacts_add keeps a contact listed while an order of it is being
-- written: the FOR KEY SHARE lock makes order_contacts_drop, which locks
-- the row before it looks for orders, wait for this transaction and then
-- see its order. Triggers rather than the checkout's statements, so every
-- writer (checkout, erasure, the seed, tests' fixtures) keeps the list,
-- in the same transaction as the order.
-- +goose StatementBegin
CREATE FUNCTION order_contacts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM order_contacts WHERE contact_search = NEW.contact_search FOR KEY SHARE;
    IF NOT FOUND THEN
        INSERT INTO order_contacts (contact_search) VALUES (NEW.contact_search) ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- order_contacts_drop forgets a contact no order has any more (an erasure
-- blanks the e-mail): the search must not find what the orders no longer
-- hold. The row is locked first, so the check for orders, a statement of
-- its own and so a snapshot of its own, sees every order committed by a
-- transaction that held it.
-- +goose StatementBegin
CREATE FUNCTION order_contacts_drop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM order_contacts WHERE contact_search = OLD.contact_search FOR UPDATE;
    IF FOUND AND NOT EXISTS (SELECT 1 FROM orders WHERE contact_search = OLD.contact_search) THEN
        DELETE FROM order_contacts WHERE contact_search = OLD.contact_search;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

CREATE TRIGGER orders_contact_add AFTER INSERT ON orders
    FOR EACH ROW EXECUTE FUNCTION order_contacts_add();
CREATE TRIGGER orders_contact_change AFTER UPDATE OF delivery_name, delivery_email ON orders
    FOR EACH ROW WHEN (OLD.contact_search IS DISTINCT FROM NEW.contact_search)
    EXECUTE FUNCTION order_contacts_add();
CREATE TRIGGER orders_contact_drop AFTER UPDATE OF delivery_name, delivery_email ON orders
    FOR EACH ROW WHEN (OLD.contact_search IS DISTINCT FROM NEW.contact_search)
    EXECUTE FUNCTION order_contacts_drop();
CREATE TRIGGER orders_contact_delete AFTER DELETE ON orders
    FOR EACH ROW EXECUTE FUNCTION order_contacts_drop();

-- order_contacts_rebuild lists the orders' contacts again: the backfill,
-- and the bench's after a load with triggers off.
-- +goose StatementBegin
CREATE FUNCTION order_contacts_rebuild() RETURNS void LANGUAGE sql AS $$
    TRUNCATE order_contacts;
    INSERT INTO order_contacts (contact_search) SELECT DISTINCT contact_search FROM orders;
$$;
-- +goose StatementEnd
SELECT order_contacts_rebuild();

-- +goose Down
DROP TRIGGER orders_contact_delete ON orders;
DROP TRIGGER orders_contact_drop ON orders;
DROP TRIGGER orders_contact_change ON orders;
DROP TRIGGER orders_contact_add ON orders;
DROP FUNCTION order_contacts_rebuild, order_contacts_drop, order_contacts_add;
CREATE INDEX orders_contact_trgm_idx ON orders USING gin (contact_search gin_trgm_ops);
DROP INDEX orders_contact_created_idx;
DROP TABLE order_contacts;
