-- +goose Up
-- order_contact_trigrams_count (migration 00283) upserted a contact's
-- trigrams in whatever order GROUP BY produced. The fold and the rare-write
-- trigger (an erasure, an order dated in the past) both call it, and two
-- transactions taking the same trigram rows in different orders can
-- deadlock, failing the erasure. In trigram order, both take their locks
-- in one order.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contact_trigrams_count(listed text[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO order_contact_trigrams AS t (trigram, contacts)
    SELECT g, count(*) FROM unnest(listed) c, unnest(show_trgm(c)) g GROUP BY g ORDER BY g
    ON CONFLICT (trigram) DO UPDATE SET contacts = t.contacts + excluded.contacts;
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION order_contact_trigrams_count(listed text[]) RETURNS void LANGUAGE sql AS $$
    INSERT INTO order_contact_trigrams AS t (trigram, contacts)
    SELECT g, count(*) FROM unnest(listed) c, unnest(show_trgm(c)) g GROUP BY g
    ON CONFLICT (trigram) DO UPDATE SET contacts = t.contacts + excluded.contacts;
$$;
-- +goose StatementEnd
