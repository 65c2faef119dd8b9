-- +goose Up
-- Orders placed before a recall that still hold units of a recalled lot
-- on the shop's shelf (placed or being prepared, not shipped) are not
-- served from it: as the recall starts, their units are swapped to lots
-- on sale of the product, first-expired-first-out, and the packing slip
-- names those; an order no lot on sale has the units for is listed for
-- the owner as one that cannot be served from a safe lot. One row per
-- order, recalled lot and lot swapped to (to_lot_id NULL: not served).
CREATE TABLE lot_recall_held_orders (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    recall_id   bigint NOT NULL REFERENCES lot_recalls (id) ON DELETE CASCADE,
    order_id    bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    from_lot_id bigint NOT NULL REFERENCES lots (id),
    to_lot_id   bigint REFERENCES lots (id),
    units       integer NOT NULL CHECK (units > 0)
);
CREATE INDEX lot_recall_held_orders_recall_idx ON lot_recall_held_orders (recall_id, order_id);

-- +goose Down
DROP TABLE lot_recall_held_orders;
