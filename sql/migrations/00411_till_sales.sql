-- +goose Up
-- A till sale is an order of the store channel (issue 35): its lines,
-- stock movements, simplified or full invoice, corrective invoices and the
-- accountant's export are the web orders' own, in the same VeriFactu chain.
-- Its user is the till staff who sold it; it is delivered and paid at once.
ALTER TABLE orders ADD COLUMN channel text NOT NULL DEFAULT 'web' CHECK (channel IN ('web', 'store'));

-- The unit in the customer's hand is sold even when the count says none is
-- left: the count may go negative, which asks the owner to count. The web
-- shop still takes only what is there (take_order_stock).
ALTER TABLE products DROP CONSTRAINT products_stock_check;

-- How a till sale was paid, split across methods; append-only.
CREATE TABLE till_payments (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id     bigint NOT NULL REFERENCES orders (id),
    method       text NOT NULL CHECK (method IN ('cash', 'card', 'bizum')),
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    given_cents  bigint NOT NULL CHECK (given_cents >= amount_cents OR method <> 'cash'),
    change_cents bigint NOT NULL CHECK (change_cents >= 0),
    created_at   timestamptz NOT NULL DEFAULT now(),
    CHECK (method = 'cash' OR (given_cents = 0 AND change_cents = 0))
);
CREATE INDEX till_payments_order_idx ON till_payments (order_id);

-- +goose Down
DROP TABLE till_payments;
UPDATE products SET stock = 0 WHERE stock < 0;
ALTER TABLE products ADD CONSTRAINT products_stock_check CHECK (stock >= 0);
ALTER TABLE orders DROP COLUMN channel;
