-- +goose Up
-- Each order line's share of its order's discount code (issue 41): the
-- rate's part (order_discount_parts) spread over that rate's eligible lines
-- by largest remainder when the order is placed (discount.LineShares). A
-- refund of some units of a line gives back their price less their share
-- of it, and the corrective invoice gives that share of the discount line
-- back; no row for a line the code took nothing off. Written with the
-- order, never changed.
CREATE TABLE order_line_discounts (
    order_id     bigint NOT NULL REFERENCES order_discounts (order_id),
    line_no      integer NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    PRIMARY KEY (order_id, line_no),
    FOREIGN KEY (order_id, line_no) REFERENCES order_lines (order_id, line_no)
);

-- +goose Down
DROP TABLE order_line_discounts;
