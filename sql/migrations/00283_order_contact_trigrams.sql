-- +goose Up
-- The desk's search read order_contacts' trigram index with every trigram
-- of what was typed, and a GIN scan costs what its commonest trigram's list
-- costs: "cliente12345" read the lists of "cli", "lie", "ien", "ent" and
-- "nte", each naming nearly every contact, for 11 matches (393 buffers,
-- 3.8 ms; "%12345%" alone: 0.3 ms). Any substring of the text is found in
-- every contact the text is, so the index is asked for the two rarest of
-- the text's trigrams only (shopd's contactsKey) and the whole text is
-- checked on the orders of the contacts it returns
-- (AdminListOrdersByContact). Rarity is counted here, per trigram, in
-- contacts; the counts only choose which trigrams to ask for (and whether
-- to walk the newest orders instead), so they may lag or run high (a
-- contact changed away keeps its counts) without changing any answer.
CREATE TABLE order_contact_trigrams (
    trigram  text PRIMARY KEY,
    contacts integer NOT NULL
);

-- order_contact_trigrams_count adds contacts newly listed in
-- order_contacts to the counts. The fold and the rare-write trigger (an
-- erasure, an order dated in the past) both call it: in trigram order,
-- two transactions take the rows they share in one order and cannot
-- deadlock.
-- +goose StatementBegin
CREATE FUNCTION order_contact_trigrams_count(listed text[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO order_contact_trigrams AS t (trigram, contacts)
    SELECT g, count(*) FROM unnest(listed) c, unnest(show_trgm(c)) g GROUP BY g ORDER BY g
    ON CONFLICT (trigram) DO UPDATE SET contacts = t.contacts + excluded.contacts;
$$;
-- +goose StatementEnd

-- The fold of migration 00282, counting the contacts it lists.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_fold() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    since timestamptz;
    upto timestamptz;
    listed text[];
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('order_contacts_fold')) THEN
        RETURN;
    END IF;
    SELECT folded_to INTO since FROM order_contacts_folded;
    SELECT least(now(), min(CASE WHEN a.state IS NULL THEN now() - interval '65 seconds' ELSE a.xact_start END))
    INTO upto
    FROM pg_stat_activity a
    WHERE a.backend_type = 'client backend' AND a.datname = current_database() AND a.pid <> pg_backend_pid();
    WITH added AS (
        INSERT INTO order_contacts (contact_search)
        SELECT DISTINCT o.contact_search FROM orders o WHERE o.created_at >= since
        ON CONFLICT DO NOTHING
        RETURNING contact_search)
    SELECT array_agg(contact_search) INTO listed FROM added;
    PERFORM order_contact_trigrams_count(listed);
    UPDATE order_contacts_folded SET folded_to = greatest(since, upto);
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE order_contacts, order_contact_trigrams;
    UPDATE order_contacts_folded SET folded_to = '-infinity';
    PERFORM order_contacts_fold();
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_contacts (contact_search) VALUES (NEW.contact_search) ON CONFLICT DO NOTHING;
    IF FOUND THEN
        PERFORM order_contact_trigrams_count(ARRAY[NEW.contact_search]);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

SELECT order_contact_trigrams_count(array_agg(contact_search)) FROM order_contacts;

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO order_contacts (contact_search) VALUES (NEW.contact_search) ON CONFLICT DO NOTHING;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    TRUNCATE order_contacts;
    UPDATE order_contacts_folded SET folded_to = '-infinity';
    PERFORM order_contacts_fold();
END
$$;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contacts_fold() RETURNS void LANGUAGE plpgsql AS $$
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
    UPDATE order_contacts_folded SET folded_to = greatest(since, upto);
END
$$;
-- +goose StatementEnd
DROP FUNCTION order_contact_trigrams_count(text[]);
DROP TABLE order_contact_trigrams;
