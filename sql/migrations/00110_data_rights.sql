-- +goose Up
-- Data rights (GDPR arts. 7(1), 15, 17). A deleted account keeps its users
-- row as an anonymous tombstone, because orders (tax records kept 6 years)
-- still point at it; its identity is gone, so the same person signing in
-- again gets a new, empty account.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;

-- An order whose shopper deleted their account is kept for tax law, marked,
-- with the date until which it must be kept; contact data is erased.
ALTER TABLE orders
    ADD COLUMN account_deleted_at timestamptz,
    ADD COLUMN retain_until date,
    ADD CHECK ((account_deleted_at IS NULL) = (retain_until IS NULL));

-- Each cookie choice a signed-in shopper saves: what was agreed, when, and
-- to which version of the cookie policy, so consent can be demonstrated.
CREATE TABLE cookie_consents (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    analytics       boolean NOT NULL,
    marketing       boolean NOT NULL,
    personalization boolean NOT NULL,
    policy_version  text NOT NULL CHECK (policy_version <> ''),
    -- consented_at is when the shopper chose (the browser's clock);
    -- recorded_at is when the server stored it.
    consented_at    timestamptz NOT NULL,
    recorded_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cookie_consents_user_idx ON cookie_consents (user_id, recorded_at DESC, id DESC);

-- Nothing new is written for a deleted account. A call already past the
-- session check when the deletion commits would otherwise add an order,
-- customer or consent that the deletion never saw: the deletion holds the
-- user row FOR UPDATE, so this lock waits for it and then sees deleted_at.
-- +goose StatementBegin
CREATE FUNCTION refuse_deleted_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.user_id IS NOT NULL THEN
        PERFORM 1 FROM users WHERE id = NEW.user_id AND deleted_at IS NULL FOR KEY SHARE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'user % was deleted', NEW.user_id USING ERRCODE = 'foreign_key_violation';
        END IF;
    END IF;
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER orders_live_user BEFORE INSERT ON orders
    FOR EACH ROW EXECUTE FUNCTION refuse_deleted_user();
CREATE TRIGGER customers_live_user BEFORE INSERT OR UPDATE OF user_id ON customers
    FOR EACH ROW EXECUTE FUNCTION refuse_deleted_user();
CREATE TRIGGER cookie_consents_live_user BEFORE INSERT ON cookie_consents
    FOR EACH ROW EXECUTE FUNCTION refuse_deleted_user();

-- +goose Down
DROP TRIGGER customers_live_user ON customers;
DROP TRIGGER orders_live_user ON orders;
DROP TABLE cookie_consents;
DROP FUNCTION refuse_deleted_user;
ALTER TABLE orders DROP COLUMN retain_until, DROP COLUMN account_deleted_at;
ALTER TABLE users DROP COLUMN deleted_at;
