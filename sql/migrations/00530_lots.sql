-- +goose Up
-- Lots (issue 40): who supplied a product's units and when they expire, so
-- the shop sells the lot expiring first (FEFO), never sells a use-by lot
-- past its date, and can say where a lot went (Reg. 178/2002 art. 18).
--
-- products.stock stays the one figure every sale, count and import moves;
-- lots split it. The products_lots trigger applies each change of the
-- stock to the lots by rule, so none of the many writers of stock (the
-- checkout, the till, counts, the CSV import, an integrator's stock by SKU,
-- cancellations, withdrawals) had to learn about lots, and the
-- lots_sum_is_stock constraint trigger refuses, at commit, any transaction
-- that leaves a product's lots not summing to its stock. The rules
-- (docs/lots.md) are lots.Allocate and lots.GiveBack in Go; a test checks
-- this trigger chooses as they do.

CREATE TABLE suppliers (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name         text NOT NULL CHECK (name <> '' AND length(name) <= 200),
    -- Normalised (taxid.Normalize) and valid (taxid.Classify): a NIF, NIE
    -- or CIF; unique, so a supplier is entered once.
    tax_id       text NOT NULL UNIQUE CHECK (tax_id <> '' AND length(tax_id) <= 20),
    contact_name text NOT NULL DEFAULT '' CHECK (length(contact_name) <= 200),
    email        text NOT NULL DEFAULT '' CHECK (length(email) <= 254),
    phone        text NOT NULL DEFAULT '' CHECK (length(phone) <= 40),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- The products a supplier supplies: what goods-in offers first.
CREATE TABLE supplier_products (
    supplier_id bigint NOT NULL REFERENCES suppliers (id) ON DELETE CASCADE,
    product_id  bigint NOT NULL REFERENCES products (id),
    PRIMARY KEY (supplier_id, product_id)
);
CREATE INDEX supplier_products_product_idx ON supplier_products (product_id);

-- A delivery received (goods-in): one step back for the authority.
CREATE TABLE deliveries (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    supplier_id     bigint NOT NULL REFERENCES suppliers (id),
    document_number text NOT NULL CHECK (document_number <> '' AND length(document_number) <= 60),
    delivered_on    date NOT NULL,
    received_by     bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    -- A supplier's delivery note is received once.
    UNIQUE (supplier_id, document_number)
);

-- A lot of a product. The unknown lot (code NULL, no date) is where stock
-- with no lot lives: each product has exactly one, holding all its stock
-- until the shop receives lots, so a shop that never does sees no change.
-- remaining is the sellable units on the shelf; a blocked lot's units
-- (a use-by past its margin, a best-before past its date the owner did not
-- choose to sell, later a recall) leave the stock through the ledger and
-- are kept in blocked.
CREATE TABLE lots (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id  bigint NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    code        text CHECK (code <> '' AND length(code) <= 60),
    expires_on  date,
    date_type   text CHECK (date_type IN ('best_before', 'use_by')),
    -- The till sells the unit in the customer's hand even when the count
    -- says none is left (00411): the stock, and so the unknown lot, may
    -- go negative; a dated lot never does.
    remaining   integer NOT NULL DEFAULT 0 CHECK (remaining >= 0 OR code IS NULL),
    blocked     integer NOT NULL DEFAULT 0 CHECK (blocked >= 0),
    blocked_reason text CHECK (blocked_reason IN ('use_by', 'best_before', 'recall')),
    blocked_at  timestamptz,
    -- The owner's choice to keep selling a best-before lot past its date.
    sell_past_best_before boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CHECK ((code IS NULL) = (expires_on IS NULL) AND (expires_on IS NULL) = (date_type IS NULL)),
    CHECK ((blocked_reason IS NULL) = (blocked_at IS NULL)),
    -- The same code and date of a product received twice is one lot.
    UNIQUE (product_id, code, expires_on)
);
CREATE UNIQUE INDEX lots_unknown_idx ON lots (product_id) WHERE code IS NULL;
CREATE INDEX lots_product_idx ON lots (product_id, expires_on);
-- The expiry list and the midnight job read lots by date.
CREATE INDEX lots_expiry_idx ON lots (expires_on) WHERE expires_on IS NOT NULL AND remaining > 0;

CREATE TABLE delivery_lines (
    delivery_id bigint NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
    line_no     integer NOT NULL CHECK (line_no > 0),
    product_id  bigint NOT NULL REFERENCES products (id),
    lot_id      bigint NOT NULL REFERENCES lots (id),
    quantity    integer NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (delivery_id, line_no)
);
CREATE INDEX delivery_lines_lot_idx ON delivery_lines (lot_id);

-- The units of each lot an order (web or till) holds: written by the
-- trigger when the checkout or the till takes the stock (FEFO), given back
-- when the order is cancelled or goods come back. One step forward.
CREATE TABLE order_lots (
    order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    lot_id   bigint NOT NULL REFERENCES lots (id),
    quantity integer NOT NULL CHECK (quantity >= 0),
    PRIMARY KEY (order_id, lot_id)
);
CREATE INDEX order_lots_lot_idx ON order_lots (lot_id);

-- The order's lots line by line, recorded when it is prepared: what the
-- packing slip says to pick. overridden_by is the admin who changed the
-- lot at packing (the shelf had another).
CREATE TABLE order_line_lots (
    order_id      bigint NOT NULL,
    line_no       integer NOT NULL,
    lot_id        bigint NOT NULL REFERENCES lots (id),
    quantity      integer NOT NULL CHECK (quantity >= 0),
    overridden_by bigint REFERENCES users (id) ON DELETE SET NULL,
    PRIMARY KEY (order_id, line_no, lot_id),
    FOREIGN KEY (order_id, line_no) REFERENCES order_lines (order_id, line_no) ON DELETE CASCADE
);
CREATE INDEX order_line_lots_lot_idx ON order_line_lots (lot_id);

-- A blocked lot's units leave the stock through the ledger with their own
-- reason, so the stock tab says where they went.
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
    CHECK (reason IN ('receipt', 'count', 'damage', 'return', 'store_sale', 'unrecorded', 'lot_blocked'));

-- Existing stock: one unknown lot per product, holding all of it.
INSERT INTO lots (product_id, remaining) SELECT id, stock FROM products;

-- +goose StatementBegin
-- New products start with their unknown lot holding their opening stock;
-- one statement per batch, as the ledger's receipts (00151).
CREATE FUNCTION open_unknown_lots() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO lots (product_id, remaining) SELECT n.id, n.stock FROM new_products n;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER products_unknown_lot AFTER INSERT ON products
    REFERENCING NEW TABLE AS new_products
    FOR EACH STATEMENT EXECUTE FUNCTION open_unknown_lots();

-- +goose StatementBegin
-- apply_stock_to_lots moves a product's lots by the change of its stock.
-- A writer that names a lot (sabores.stock_lot: goods-in, a block) moves
-- that lot. Otherwise a decrease takes first-expired-first-out (the unknown
-- lot first, then by date, then the lot received first), recording what an
-- order (sabores.stock_order) took in order_lots; an increase for an order
-- (a cancellation, a return) goes back to the lots that order took, the
-- latest-expiring first, and the rest, or any other increase (a count, a
-- found unit), to the unknown lot. Every writer of stock locks the product
-- row first, so the lots of one product change one transaction at a time.
CREATE FUNCTION apply_stock_to_lots() RETURNS trigger LANGUAGE plpgsql AS $$
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
            -- Beyond every lot: the till sold past the count. The units
            -- were on the shelf, of no lot the shop knows.
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
CREATE TRIGGER products_lots AFTER UPDATE OF stock ON products
    FOR EACH ROW EXECUTE FUNCTION apply_stock_to_lots();

-- +goose StatementBegin
-- At commit, a product whose lots changed has lots summing to its stock:
-- whatever writes lots directly (a lot swapped at packing) cannot lose or
-- invent a unit.
CREATE FUNCTION check_lots_sum() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    in_lots bigint;
    in_stock integer;
BEGIN
    SELECT coalesce(sum(remaining), 0) INTO in_lots FROM lots WHERE product_id = NEW.product_id;
    SELECT stock INTO in_stock FROM products WHERE id = NEW.product_id;
    IF in_stock IS NOT NULL AND in_lots <> in_stock THEN
        RAISE EXCEPTION 'the lots of product % hold % units, its stock is %', NEW.product_id, in_lots, in_stock
            USING ERRCODE = 'check_violation', CONSTRAINT = 'lots_sum_is_stock';
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE CONSTRAINT TRIGGER lots_sum_is_stock AFTER UPDATE OF remaining ON lots
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION check_lots_sum();

-- +goose Down
DROP TRIGGER lots_sum_is_stock ON lots;
DROP FUNCTION check_lots_sum;
DROP TRIGGER products_lots ON products;
DROP FUNCTION apply_stock_to_lots;
DROP TRIGGER products_unknown_lot ON products;
DROP FUNCTION open_unknown_lots;
DROP TABLE order_line_lots;
DROP TABLE order_lots;
DROP TABLE delivery_lines;
DROP TABLE lots;
DROP TABLE deliveries;
DROP TABLE supplier_products;
DROP TABLE suppliers;
DELETE FROM stock_movements WHERE reason = 'lot_blocked';
ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
    CHECK (reason IN ('receipt', 'count', 'damage', 'return', 'store_sale', 'unrecorded'));
