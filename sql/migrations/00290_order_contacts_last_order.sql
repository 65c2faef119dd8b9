-- +goose Up
-- The desk's first page of a search is the 10 newest orders of the
-- matching contacts, and those can only come from the 10 matching contacts
-- whose last orders are the newest: each contact ahead of one holds an
-- order newer than all of its orders. order_contacts keeps each contact's
-- last order key and its number of orders, so the first page reads 11
-- contacts and their few newest orders ("sofia diaz", 735 contacts of 3 675
-- orders: 4 500 buffers of order keys sorted before, a walk of the contacts
-- by their last order now) and the capped count sums the contacts' orders
-- rather than visiting them. The btree on the last order lets a common name
-- ("martínez", a contact in 17) walk the contacts newest first until 11
-- match, as it walked the orders.
ALTER TABLE order_contacts
    ADD COLUMN last_created_at timestamptz,
    ADD COLUMN last_id bigint,
    ADD COLUMN order_count bigint NOT NULL DEFAULT 0;

-- The counter and the last order change under the contact's row lock, in
-- the order's transaction: concurrent writers of one contact queue on it,
-- and each sees the others' committed orders when it recomputes the last.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_contacts AS c (contact_search, last_created_at, last_id, order_count)
    VALUES (NEW.contact_search, NEW.created_at, NEW.id, 1)
    ON CONFLICT (contact_search) DO UPDATE SET
        order_count = c.order_count + 1,
        last_created_at = CASE WHEN (EXCLUDED.last_created_at, EXCLUDED.last_id) > (c.last_created_at, c.last_id)
                               THEN EXCLUDED.last_created_at ELSE c.last_created_at END,
        last_id = CASE WHEN (EXCLUDED.last_created_at, EXCLUDED.last_id) > (c.last_created_at, c.last_id)
                       THEN EXCLUDED.last_id ELSE c.last_id END;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- order_contacts_drop forgets a contact whose last order goes (an erasure
-- blanks the e-mail, an order is deleted): the search must not find what
-- the orders no longer hold. When the contact's last order goes, the next
-- is read from orders_contact_created_idx, a statement after the row lock
-- and so a snapshot that sees every order of the contact committed.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_drop() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    left_over bigint;
    last_at timestamptz;
    last bigint;
BEGIN
    UPDATE order_contacts SET order_count = order_count - 1 WHERE contact_search = OLD.contact_search
    RETURNING order_count, last_created_at, last_id INTO left_over, last_at, last;
    IF left_over = 0 THEN
        DELETE FROM order_contacts WHERE contact_search = OLD.contact_search;
    ELSIF (last_at, last) = (OLD.created_at, OLD.id) THEN
        UPDATE order_contacts SET (last_created_at, last_id) = (
            SELECT o.created_at, o.id FROM orders o WHERE o.contact_search = OLD.contact_search
            ORDER BY o.created_at DESC, o.id DESC LIMIT 1)
        WHERE contact_search = OLD.contact_search;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd

-- An order's created_at moves its contact's last order too (fixtures and
-- corrections do): the old key goes, the new comes.
DROP TRIGGER orders_contact_change ON orders;
DROP TRIGGER orders_contact_drop ON orders;
CREATE TRIGGER orders_contact_drop AFTER UPDATE OF delivery_name, delivery_email, created_at ON orders
    FOR EACH ROW WHEN (OLD.contact_search IS DISTINCT FROM NEW.contact_search OR OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION order_contacts_drop();
CREATE TRIGGER orders_contact_change AFTER UPDATE OF delivery_name, delivery_email, created_at ON orders
    FOR EACH ROW WHEN (OLD.contact_search IS DISTINCT FROM NEW.contact_search OR OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION order_contacts_add();

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_rebuild() RETURNS void LANGUAGE sql AS $$
    TRUNCATE order_contacts;
    INSERT INTO order_contacts (contact_search, last_created_at, last_id, order_count)
    SELECT DISTINCT ON (contact_search) contact_search, created_at, id, count(*) OVER (PARTITION BY contact_search)
    FROM orders ORDER BY contact_search, created_at DESC, id DESC;
$$;
-- +goose StatementEnd
SELECT order_contacts_rebuild();
ALTER TABLE order_contacts ALTER COLUMN last_created_at SET NOT NULL, ALTER COLUMN last_id SET NOT NULL;
CREATE INDEX order_contacts_last_idx ON order_contacts (last_created_at DESC, last_id DESC);

-- +goose Down
DROP INDEX order_contacts_last_idx;
DROP TRIGGER orders_contact_change ON orders;
DROP TRIGGER orders_contact_drop ON orders;
CREATE TRIGGER orders_contact_change AFTER UPDATE OF delivery_name, delivery_email ON orders
    FOR EACH ROW WHEN (OLD.contact_search IS DISTINCT FROM NEW.contact_search)
    EXECUTE FUNCTION order_contacts_add();
CREATE TRIGGER orders_contact_drop AFTER UPDATE OF delivery_name, delivery_email ON orders
    FOR EACH ROW WHEN (OLD.contact_search IS DISTINCT FROM NEW.contact_search)
    EXECUTE FUNCTION order_contacts_drop();
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM order_contacts WHERE contact_search = NEW.contact_search FOR KEY SHARE;
    IF NOT FOUND THEN
        INSERT INTO order_contacts (contact_search) VALUES (NEW.contact_search) ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_drop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM order_contacts WHERE contact_search = OLD.contact_search FOR UPDATE;
    IF FOUND AND NOT EXISTS (SELECT 1 FROM orders WHERE contact_search = OLD.contact_search) THEN
        DELETE FROM order_contacts WHERE contact_search = OLD.contact_search;
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_rebuild() RETURNS void LANGUAGE sql AS $$
    TRUNCATE order_contacts;
    INSERT INTO order_contacts (contact_search) SELECT DISTINCT contact_search FROM orders;
$$;
-- +goose StatementEnd
ALTER TABLE order_contacts DROP COLUMN order_count, DROP COLUMN last_id, DROP COLUMN last_created_at;
