-- +goose Up
-- Quarantine (issue 40): units an order gives back (a withdrawal's goods,
-- a till return, a cancellation) go back to the lots the order took, and
-- those of a lot that is blocked (recalled, a use-by past its margin, a
-- best-before past its date) must not go back on sale. They were given to
-- the unknown lot, on sale, because the give-back skipped blocked lots.
--
-- Now the give-back offers the order's blocked lots first: a returned unit
-- cannot be told apart from the order's others in the parcel, and when it
-- may be of a recalled lot the safe assumption is that it is. The units a
-- blocked lot receives leave the stock again at once through the ledger
-- (lot_blocked, naming the order) into lots.quarantined, which no sale,
-- FEFO or storefront reads; the owner sees them on the lot's screens.
-- The writers of returns do not change.

ALTER TABLE lots ADD COLUMN quarantined integer NOT NULL DEFAULT 0 CHECK (quarantined >= 0);

-- +goose StatementBegin
-- As 00530, but the give-back to an order's lots takes its blocked lots
-- first, then the latest-expiring (lots.GiveBack).
CREATE OR REPLACE FUNCTION apply_stock_to_lots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    change integer := NEW.stock - OLD.stock;
    named bigint := nullif(current_setting('sabores.stock_lot', true), '')::bigint;
    sale bigint := nullif(current_setting('sabores.stock_order', true), '')::bigint;
    lot record;
    n integer;
BEGIN
    IF change = 0 THEN
        RETURN NULL;
    END IF;
    IF named IS NOT NULL THEN
        UPDATE lots SET remaining = remaining + change WHERE id = named AND product_id = NEW.id;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'lot % is not a lot of product %', named, NEW.id;
        END IF;
        RETURN NULL;
    END IF;
    IF change < 0 THEN
        change := -change;
        FOR lot IN
            SELECT l.id, l.remaining FROM lots l
            WHERE l.product_id = NEW.id AND l.remaining > 0
            ORDER BY l.code IS NOT NULL, l.expires_on, l.id
            FOR UPDATE
        LOOP
            n := least(lot.remaining, change);
            UPDATE lots SET remaining = remaining - n WHERE id = lot.id;
            IF sale IS NOT NULL THEN
                INSERT INTO order_lots (order_id, lot_id, quantity) VALUES (sale, lot.id, n)
                ON CONFLICT (order_id, lot_id) DO UPDATE SET quantity = order_lots.quantity + n;
            END IF;
            change := change - n;
            EXIT WHEN change = 0;
        END LOOP;
        IF change > 0 THEN
            UPDATE lots SET remaining = remaining - change WHERE product_id = NEW.id AND code IS NULL
            RETURNING id INTO lot;
            IF sale IS NOT NULL THEN
                INSERT INTO order_lots (order_id, lot_id, quantity) VALUES (sale, lot.id, change)
                ON CONFLICT (order_id, lot_id) DO UPDATE SET quantity = order_lots.quantity + change;
            END IF;
        END IF;
        RETURN NULL;
    END IF;
    IF sale IS NOT NULL THEN
        FOR lot IN
            SELECT l.id, o.quantity FROM order_lots o JOIN lots l ON l.id = o.lot_id
            WHERE o.order_id = sale AND l.product_id = NEW.id AND o.quantity > 0
            ORDER BY l.blocked_reason IS NULL, l.code IS NULL, l.expires_on DESC, l.id DESC
            FOR UPDATE OF o
        LOOP
            n := least(lot.quantity, change);
            UPDATE lots SET remaining = remaining + n WHERE id = lot.id;
            UPDATE order_lots SET quantity = quantity - n WHERE order_id = sale AND lot_id = lot.id;
            change := change - n;
            EXIT WHEN change = 0;
        END LOOP;
    END IF;
    IF change > 0 THEN
        UPDATE lots SET remaining = remaining + change WHERE product_id = NEW.id AND code IS NULL;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- quarantine_returned_units takes out of the stock, through the ledger,
-- what a give-back just put in a blocked lot the order took, and keeps it
-- as quarantined. It is its own trigger, named to fire after
-- products_stock_ledger (triggers fire in name order), so the ledger books
-- the return first and then the quarantine, each with the stock after it.
-- The nested stock write names the lot, so apply_stock_to_lots takes the
-- units from it alone; the writer's settings are put back after it.
CREATE FUNCTION quarantine_returned_units() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    sale bigint := nullif(current_setting('sabores.stock_order', true), '')::bigint;
    lot record;
    kind text;
    reason text;
    note text;
BEGIN
    IF sale IS NULL OR nullif(current_setting('sabores.stock_lot', true), '') IS NOT NULL THEN
        RETURN NULL;
    END IF;
    FOR lot IN
        SELECT l.id, l.code, l.remaining, l.blocked_reason FROM lots l
        WHERE l.product_id = NEW.id AND l.blocked_reason IS NOT NULL AND l.remaining > 0
            AND EXISTS (SELECT 1 FROM order_lots o WHERE o.order_id = sale AND o.lot_id = l.id)
        ORDER BY l.id
        FOR UPDATE
    LOOP
        kind := current_setting('sabores.stock_kind', true);
        reason := current_setting('sabores.stock_reason', true);
        note := current_setting('sabores.stock_note', true);
        PERFORM set_config('sabores.stock_kind', 'adjustment', true),
                set_config('sabores.stock_reason', 'lot_blocked', true),
                set_config('sabores.stock_note', format('lot %s: quarantine (%s)', lot.code, lot.blocked_reason), true),
                set_config('sabores.stock_lot', lot.id::text, true);
        UPDATE products SET stock = stock - lot.remaining WHERE id = NEW.id;
        UPDATE lots SET quarantined = quarantined + lot.remaining WHERE id = lot.id;
        PERFORM set_config('sabores.stock_kind', coalesce(kind, ''), true),
                set_config('sabores.stock_reason', coalesce(reason, ''), true),
                set_config('sabores.stock_note', coalesce(note, ''), true),
                set_config('sabores.stock_lot', '', true);
    END LOOP;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER products_stock_quarantine AFTER UPDATE OF stock ON products
    FOR EACH ROW WHEN (NEW.stock > OLD.stock) EXECUTE FUNCTION quarantine_returned_units();

-- +goose Down
DROP TRIGGER products_stock_quarantine ON products;
DROP FUNCTION quarantine_returned_units;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION apply_stock_to_lots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    change integer := NEW.stock - OLD.stock;
    named bigint := nullif(current_setting('sabores.stock_lot', true), '')::bigint;
    sale bigint := nullif(current_setting('sabores.stock_order', true), '')::bigint;
    lot record;
    n integer;
BEGIN
    IF change = 0 THEN
        RETURN NULL;
    END IF;
    IF named IS NOT NULL THEN
        UPDATE lots SET remaining = remaining + change WHERE id = named AND product_id = NEW.id;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'lot % is not a lot of product %', named, NEW.id;
        END IF;
        RETURN NULL;
    END IF;
    IF change < 0 THEN
        change := -change;
        FOR lot IN
            SELECT l.id, l.remaining FROM lots l
            WHERE l.product_id = NEW.id AND l.remaining > 0
            ORDER BY l.code IS NOT NULL, l.expires_on, l.id
            FOR UPDATE
        LOOP
            n := least(lot.remaining, change);
            UPDATE lots SET remaining = remaining - n WHERE id = lot.id;
            IF sale IS NOT NULL THEN
                INSERT INTO order_lots (order_id, lot_id, quantity) VALUES (sale, lot.id, n)
                ON CONFLICT (order_id, lot_id) DO UPDATE SET quantity = order_lots.quantity + n;
            END IF;
            change := change - n;
            EXIT WHEN change = 0;
        END LOOP;
        IF change > 0 THEN
            UPDATE lots SET remaining = remaining - change WHERE product_id = NEW.id AND code IS NULL
            RETURNING id INTO lot;
            IF sale IS NOT NULL THEN
                INSERT INTO order_lots (order_id, lot_id, quantity) VALUES (sale, lot.id, change)
                ON CONFLICT (order_id, lot_id) DO UPDATE SET quantity = order_lots.quantity + change;
            END IF;
        END IF;
        RETURN NULL;
    END IF;
    IF sale IS NOT NULL THEN
        FOR lot IN
            SELECT l.id, o.quantity FROM order_lots o JOIN lots l ON l.id = o.lot_id
            WHERE o.order_id = sale AND l.product_id = NEW.id AND o.quantity > 0 AND l.blocked_reason IS NULL
            ORDER BY l.code IS NULL, l.expires_on DESC, l.id DESC
            FOR UPDATE OF o
        LOOP
            n := least(lot.quantity, change);
            UPDATE lots SET remaining = remaining + n WHERE id = lot.id;
            UPDATE order_lots SET quantity = quantity - n WHERE order_id = sale AND lot_id = lot.id;
            change := change - n;
            EXIT WHEN change = 0;
        END LOOP;
    END IF;
    IF change > 0 THEN
        UPDATE lots SET remaining = remaining + change WHERE product_id = NEW.id AND code IS NULL;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
ALTER TABLE lots DROP COLUMN quarantined;
