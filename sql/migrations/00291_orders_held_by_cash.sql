-- +goose Up
-- Cash-on-delivery orders hold stock until they are delivered and paid, as
-- unpaid card and transfer orders do until paid: the hoarding limits count
-- them too (issue 29: one account held 950 of 958 units with five cash
-- orders). The shopper's count reads this index.
CREATE INDEX orders_held_user_idx ON orders (user_id)
    WHERE (status = 'placed' AND payment_status = 'awaiting_payment')
       OR (status IN ('placed', 'preparing', 'shipped') AND payment_status = 'on_delivery');
DROP INDEX IF EXISTS orders_unpaid_user_idx;

-- +goose Down
CREATE INDEX orders_unpaid_user_idx ON orders (user_id)
    WHERE status = 'placed' AND payment_status = 'awaiting_payment';
DROP INDEX orders_held_user_idx;
